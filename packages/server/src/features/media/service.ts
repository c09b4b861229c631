import { createHash } from 'node:crypto';
import type { default as Sharp, Metadata } from 'sharp';
import type { DbOrTx } from '../../db/index.ts';
import { media } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

export const MEDIA_MAX_BYTES = 2 * 1024 * 1024;
/** Pixel floods: a tiny file that decodes to a giant image is refused. */
export const MEDIA_MAX_PIXELS = 4096 * 4096;

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

/** The image type told by the bytes themselves, never by a declared type or extension. */
export function sniffImageType(bytes: Uint8Array): ImageMime | null {
  const startsWith = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export function mediaUrl(id: string): string {
  return `/api/media/${id}`;
}

const DATA_URL = /^data:([a-z0-9.+/-]+)?(;[a-z0-9=.+-]+)*;base64,([A-Za-z0-9+/]+={0,2})$/i;

/** Decodes an image data string (a data: URL or bare base64) into bytes, or answers 400. */
export function decodeImageDataString(value: string, field = 'image'): Uint8Array {
  const trimmed = value.trim();
  const match = DATA_URL.exec(trimmed);
  const base64 = match ? match[3] : /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) ? trimmed : null;
  if (!base64 || base64.length % 4 !== 0) {
    throw new HttpError(400, `The ${field} must be a PNG, JPEG, WebP or GIF image`);
  }
  if ((base64.length / 4) * 3 > MEDIA_MAX_BYTES + 3) {
    throw new HttpError(413, `The ${field} is too large (at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB)`);
  }
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/**
 * sharp (libvips, about 13 MB resident) is loaded on the first image read, not at start: a
 * server that stores no new image never needs it.
 */
let sharpModule: Promise<{ default: typeof Sharp }> | undefined;

/** An image's header (type, width, height), refusing pixel floods; rejects what cannot be decoded. */
export async function imageMetadata(bytes: Uint8Array): Promise<Metadata> {
  sharpModule ??= import('sharp');
  const { default: sharp } = await sharpModule;
  return sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS }).metadata();
}

/**
 * Checks an image by its bytes (type, size, dimensions) and stores it once, keyed by its
 * content hash. Returns the media id.
 */
export async function storeImage(db: DbOrTx, bytes: Uint8Array, field = 'image'): Promise<string> {
  if (bytes.byteLength > MEDIA_MAX_BYTES) {
    throw new HttpError(413, `The ${field} is too large (at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB)`);
  }
  const mimeType = sniffImageType(bytes);
  if (!mimeType) throw new HttpError(400, `The ${field} must be a PNG, JPEG, WebP or GIF image`);
  try {
    const metadata = await imageMetadata(bytes);
    if (!metadata.width || !metadata.height) throw new Error('no dimensions');
    if (metadata.width * metadata.height > MEDIA_MAX_PIXELS) throw new Error('too many pixels');
  } catch {
    throw new HttpError(400, `The ${field} could not be read as an image, or its dimensions are too large`);
  }
  const id = createHash('sha256').update(bytes).digest('hex');
  await db
    .insert(media)
    .values({ id, mimeType, bytes: Buffer.from(bytes).toString('base64'), size: bytes.byteLength })
    .onConflictDoNothing();
  return id;
}

/** Stores an image given as a data string (what clients send) and returns its URL. */
export async function storeImageDataString(db: DbOrTx, value: string, field = 'image'): Promise<string> {
  return mediaUrl(await storeImage(db, decodeImageDataString(value, field), field));
}

/** The media id inside a URL this server made, or null. */
export function mediaIdFromUrl(url: string | null | undefined): string | null {
  const match = url ? /^\/api\/media\/([0-9a-f]{64})$/.exec(url) : null;
  return match?.[1] ?? null;
}
