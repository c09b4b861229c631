import { JPEG_QUALITY, OPTION_IMAGE_MAX_PX } from '@quizquest/shared';

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** The file as a data string, byte for byte (spec §5: question images are kept as uploaded). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** The size that fits inside max × max keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The file is not an image this browser can read'));
    image.src = source;
  });
}

/**
 * Spec §5, §9: an option image is drawn at most 600 × 600 and sent as a JPEG data string at
 * quality 0.7. Transparent areas turn white (JPEG has no transparency).
 */
export async function scaleOptionImage(file: Blob): Promise<string> {
  const source = await readAsDataUrl(file);
  const image = await loadImage(source);
  const { width, height } = fitWithin(image.naturalWidth, image.naturalHeight, OPTION_IMAGE_MAX_PX);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize images');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
}
