import { AVATAR_MAX_SIDE_PX, JPEG_QUALITY } from '@quizquest/shared';

export const AVATAR_FILE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';
export const AVATAR_READ_ERROR = 'Choose a picture file (JPEG, PNG, WebP or GIF).';

/** The size whose longest side is at most `max`, keeping the proportions; never enlarged. */
export function avatarSize(width: number, height: number, max = AVATAR_MAX_SIDE_PX) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(AVATAR_READ_ERROR));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * Spec §5, §9: the avatar is scaled in the browser so its longest side is at most 200 px and
 * sent as a JPEG data string at quality 0.7. Transparent areas turn white (JPEG has none).
 */
export async function compressAvatar(file: Blob): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error(AVATAR_READ_ERROR);
  const image = await loadImage(file);
  const { width, height } = avatarSize(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize pictures');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
}
