import { JPEG_QUALITY } from '@quizquest/shared';
import { translate } from '../i18n/i18n.ts';

/** The picture types the server accepts (design.md §3), for a file input's `accept`. */
export const IMAGE_FILE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** The file as a data string, byte for byte. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** The size whose longest side is at most `max`, keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(file: Blob, unreadable: string): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(unreadable));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * Spec §5, §9: a picture is scaled in the browser so its longest side is at most `max` pixels and
 * sent as a JPEG data string at quality 0.7. Transparent areas turn white (JPEG has none).
 * `unreadable` is the message when the browser cannot decode the file.
 */
export async function resizeToJpeg(file: Blob, max: number, unreadable: string): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error(unreadable);
  const image = await loadImage(file, unreadable);
  const { width, height } = fitWithin(image.naturalWidth, image.naturalHeight, max);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(translate('common.image.cannotResize'));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
}
