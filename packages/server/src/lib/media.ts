import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { default as Sharp, Metadata } from 'sharp';
import type { DbOrTx } from '../db/index.ts';
import { attempts, media, questions, quizDraws, reviewSessions, users } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError } from './http-error.ts';
import { limitOrThrow } from './rate-limiter.ts';

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
async function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp');
  return (await sharpModule).default;
}

/** An image's header (type, width, height), refusing pixel floods; rejects what cannot be decoded. */
export async function imageMetadata(bytes: Uint8Array): Promise<Metadata> {
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS }).metadata();
}

/**
 * What an image is for decides how it is re-encoded (spec §5 Images, decision 022): an avatar is
 * scaled to at most 200 px on its longest side and an option image to at most 600 × 600, both a
 * JPEG at quality 0.7 on white; a question image keeps its size and type (an animated GIF or WebP
 * keeps its frames). Every image is decoded in full and written anew, without EXIF, XMP, ICC or
 * comments.
 */
export type ImageUse = 'avatar' | 'question' | 'option';

export const AVATAR_MAX_SIDE = 200;
export const OPTION_IMAGE_MAX_SIDE = 600;
/** Spec §5: quality 0.7. */
export const JPEG_QUALITY = 70;
/** A question image is kept as uploaded: re-encoded near losslessly. */
const QUESTION_JPEG_QUALITY = 90;
/** Changes whenever the processing below changes, so a source key never finds an older encoding. */
const PROCESSING_VERSION = 'v1';

export interface PreparedImage {
  id: string;
  mimeType: ImageMime;
  bytes: Buffer;
  sourceKey: string;
}

/** The key of an upload (its bytes as received, for this use): an unchanged one is not re-encoded. */
export function sourceKeyOf(bytes: Uint8Array, use: ImageUse): string {
  return createHash('sha256').update(`${PROCESSING_VERSION}:${use}:`).update(bytes).digest('hex');
}

const tooLarge = (field: string) =>
  new HttpError(413, `The ${field} is too large (at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB)`);
const notAnImage = (field: string) =>
  new HttpError(400, `The ${field} must be a PNG, JPEG, WebP or GIF image`);
const unreadable = (field: string) =>
  new HttpError(400, `The ${field} could not be read as an image, or its dimensions are too large`);
const damaged = (field: string) =>
  new HttpError(400, `The ${field} could not be read as an image: the file is damaged or incomplete`);

/** The cheap checks, before anything is decoded: size, and a PNG, JPEG, WebP or GIF by its bytes. */
export function checkImageBytes(bytes: Uint8Array, field = 'image'): void {
  if (bytes.byteLength > MEDIA_MAX_BYTES) throw tooLarge(field);
  if (!sniffImageType(bytes)) throw notAnImage(field);
}

/**
 * Checks an image by its bytes (type, size, dimensions), decodes all of it (a truncated or
 * damaged file is refused, never stored) and re-encodes it for its use without any metadata.
 * CPU work only: no database.
 */
export async function prepareImage(
  bytes: Uint8Array,
  use: ImageUse,
  field = 'image',
): Promise<PreparedImage> {
  if (bytes.byteLength > MEDIA_MAX_BYTES) throw tooLarge(field);
  const type = sniffImageType(bytes);
  if (!type) throw notAnImage(field);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS }).metadata();
  } catch {
    throw unreadable(field);
  }
  const { width, height } = metadata;
  const frames = metadata.pages ?? 1;
  if (!width || !height || width * height * frames > MEDIA_MAX_PIXELS) throw unreadable(field);

  const animated = use === 'question' && frames > 1 && (type === 'image/gif' || type === 'image/webp');
  let output: Buffer;
  let mimeType: ImageMime = type;
  try {
    // failOn 'error': the whole image is decoded, and a truncated or corrupt one fails here.
    let image = sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error', animated });
    // The pixels take the orientation EXIF gave them, since EXIF itself goes.
    if (!animated) image = image.autoOrient();
    if (use === 'question') {
      image =
        type === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : type === 'image/jpeg'
            ? image.jpeg({ quality: QUESTION_JPEG_QUALITY })
            : type === 'image/webp'
              ? image.webp({ quality: QUESTION_JPEG_QUALITY })
              : image.gif();
    } else {
      const side = use === 'avatar' ? AVATAR_MAX_SIDE : OPTION_IMAGE_MAX_SIDE;
      image = image
        .resize(side, side, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY });
      mimeType = 'image/jpeg';
    }
    // sharp writes no metadata unless asked (withMetadata/keepExif/keepIccProfile): none is asked.
    output = await image.toBuffer();
  } catch {
    throw damaged(field);
  }
  return {
    id: createHash('sha256').update(output).digest('hex'),
    mimeType,
    bytes: output,
    sourceKey: sourceKeyOf(bytes, use),
  };
}

/**
 * Whether a media row is used: as an avatar, a question image, an explanation image, an option
 * image (inside the options' JSON) or inside an attempt's snapshot (results survive later edits,
 * so a snapshot keeps its images, explanation images included). Each is an index probe
 * (migrations 0007 and 0008).
 */
export function mediaIsReferenced(id: SQL | AnyPgColumn): SQL {
  const url = sql`('/api/media/' || ${id})`;
  return sql`(
    exists (select 1 from ${users} where ${users.avatarMediaId} = ${id})
    or exists (select 1 from ${questions} where ${questions.imageMediaId} = ${id})
    or exists (select 1 from ${questions} where ${questions.explanationImageMediaId} = ${id})
    or exists (
      select 1 from ${questions}
      where media_urls_in_options(${questions.options}) <> '[]'::jsonb
        and media_urls_in_options(${questions.options}) ? ${url}
    )
    or exists (
      select 1 from ${attempts}
      where media_urls_in_snapshot(${attempts.snapshot}) <> '[]'::jsonb
        and media_urls_in_snapshot(${attempts.snapshot}) ? ${url}
    )
    or exists (
      select 1 from ${quizDraws}
      where media_urls_in_questions(${quizDraws.questions}) <> '[]'::jsonb
        and media_urls_in_questions(${quizDraws.questions}) ? ${url}
    )
    or exists (
      select 1 from ${reviewSessions}
      where media_urls_in_questions(${reviewSessions.questions}) <> '[]'::jsonb
        and media_urls_in_questions(${reviewSessions.questions}) ? ${url}
    )
  )`;
}

/**
 * Locks the media rows with these ids or source keys (in id order, so two writers never lock
 * them crosswise) until the transaction ends, and marks them used again: the sweeper cannot
 * delete a row while it is locked, and rechecks its references after. Returns id by source key
 * (or by id).
 */
async function claim(
  tx: DbOrTx,
  column: typeof media.id | typeof media.sourceKey,
  values: string[],
  inQuiz: boolean,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (values.length === 0) return found;
  const rows = await tx
    .select({
      id: media.id,
      sourceKey: media.sourceKey,
      inQuiz: media.inQuiz,
      since: media.unreferencedSince,
    })
    .from(media)
    .where(inArray(column, values))
    .orderBy(asc(media.id))
    .for('update');
  const stale = rows.filter((row) => row.since !== null || (inQuiz && !row.inQuiz)).map((row) => row.id);
  if (stale.length > 0) {
    await tx
      .update(media)
      .set({ unreferencedSince: null, ...(inQuiz ? { inQuiz: true } : {}) })
      .where(inArray(media.id, stale));
  }
  for (const row of rows) found.set(column === media.id ? row.id : (row.sourceKey ?? row.id), row.id);
  return found;
}

/**
 * The media behind these ids that still exist, locked for this transaction (a URL kept in a
 * quiz); marked as quiz content when asked.
 */
export async function claimMediaIds(
  tx: DbOrTx,
  ids: string[],
  options: { inQuiz: boolean },
): Promise<Set<string>> {
  return new Set((await claim(tx, media.id, [...new Set(ids)], options.inQuiz)).values());
}

export interface StoreOptions {
  /** What the image is for (default: a question image, kept at its size). */
  use?: ImageUse;
  /** Who uploads it, for the quota (null: the content pack). */
  uploadedBy?: string | null;
}

/**
 * Stores an image once, keyed by the content hash of its re-encoded bytes (see prepareImage), and
 * returns the media id. The same upload for the same use again finds its row by source key and is
 * not re-encoded. The row stays locked until the caller's transaction ends: call it in the
 * transaction that writes the reference.
 */
export async function storeImage(
  db: DbOrTx,
  bytes: Uint8Array,
  field = 'image',
  options: StoreOptions = {},
): Promise<string> {
  const use = options.use ?? 'question';
  const inQuiz = use !== 'avatar';
  if (bytes.byteLength > MEDIA_MAX_BYTES) throw tooLarge(field);
  if (!sniffImageType(bytes)) throw notAnImage(field);
  const known = await claim(db, media.sourceKey, [sourceKeyOf(bytes, use)], inQuiz);
  const [existing] = known.values();
  if (existing) return existing;
  return saveImage(db, await prepareImage(bytes, use, field), {
    uploadedBy: options.uploadedBy ?? null,
    inQuiz,
  });
}

/**
 * Stores a prepared image (prepareImage) once, by its content hash, and returns its id. An
 * existing row is locked until the transaction ends and marked used again.
 */
export async function saveImage(
  db: DbOrTx,
  prepared: PreparedImage,
  options: { uploadedBy: string | null; inQuiz: boolean },
): Promise<string> {
  const { inQuiz } = options;
  await db
    .insert(media)
    .values({
      id: prepared.id,
      mimeType: prepared.mimeType,
      bytes: prepared.bytes.toString('base64'),
      size: prepared.bytes.byteLength,
      uploadedBy: options.uploadedBy,
      sourceKey: prepared.sourceKey,
      inQuiz,
    })
    .onConflictDoUpdate({
      // Locks the row that is already there, like claim().
      target: media.id,
      set: {
        unreferencedSince: null,
        inQuiz: sql`${media.inQuiz} or excluded.in_quiz`,
        sourceKey: sql`coalesce(${media.sourceKey}, excluded.source_key)`,
      },
    });
  return prepared.id;
}

/**
 * Locks the uploader's row for the rest of the transaction: uploads of one user run one after
 * another, so the quota holds however many arrive at once. Take it before any media row.
 */
export async function lockUploader(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export const mediaQuotaMessage = (field: string, quotaBytes: number) =>
  `The ${field} cannot be stored: your images already use the ${Math.round((quotaBytes / 1024 / 1024) * 10) / 10} MB allowed`;

/** 413 when the media first stored by this user take more than the quota (run after storing, under lockUploader). */
export async function checkQuota(
  tx: DbOrTx,
  userId: string,
  quotaBytes: number,
  field = 'image',
): Promise<void> {
  const [row] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${media.size}), 0)` })
    .from(media)
    .where(eq(media.uploadedBy, userId));
  if (Number(row?.bytes ?? 0) > quotaBytes) throw new HttpError(413, mediaQuotaMessage(field, quotaBytes));
}

export const UPLOAD_RATE_MESSAGE = 'Too many images uploaded. Please wait a while and try again.';

/** Counts one upload (a request carrying new images) for the user: 429 past the hourly limit. */
export async function checkUploadRate(
  deps: Pick<AppDeps, 'rateLimiter' | 'rateLimitFactor' | 'config'>,
  user: { id: string; admin: boolean },
): Promise<void> {
  const perHour = user.admin ? deps.config.media.adminUploadsPerHour : deps.config.media.uploadsPerHour;
  await limitOrThrow(deps, `media-upload:user:${user.id}`, perHour, 60 * 60 * 1000, UPLOAD_RATE_MESSAGE);
}

/** The quota of an uploader (decision 022): an admin's quiz images get the larger one. */
export function quotaOf(deps: Pick<AppDeps, 'config'>, admin: boolean): number {
  return admin ? deps.config.media.adminQuotaBytes : deps.config.media.quotaBytes;
}

/**
 * Deletes, in the caller's transaction, those of these media that nothing references any more:
 * the last reference was just dropped (an avatar replaced or its account erased). Quiz images
 * are left to the sweeper (an attempt's snapshot copies their URL without a lock, so they wait a
 * grace period). It waits for a row another transaction holds (one replacing the same picture
 * at the same moment) and then looks again, so of two such transactions the later one frees it.
 */
export async function releaseMedia(tx: DbOrTx, ids: Array<string | null | undefined>): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return [];
  const locked = await tx
    .select({ id: media.id })
    .from(media)
    .where(and(inArray(media.id, wanted), eq(media.inQuiz, false)))
    .orderBy(asc(media.id))
    .for('update');
  if (locked.length === 0) return [];
  // A new statement, so a new snapshot: it sees every reference committed before the lock.
  const deleted = await tx
    .delete(media)
    .where(
      and(
        inArray(
          media.id,
          locked.map((row) => row.id),
        ),
        not(mediaIsReferenced(media.id)),
      ),
    )
    .returning({ id: media.id });
  return deleted.map((row) => row.id);
}

/** Stores an image given as a data string (what clients send) and returns its URL. */
export async function storeImageDataString(
  db: DbOrTx,
  value: string,
  field = 'image',
  options: StoreOptions = {},
): Promise<string> {
  return mediaUrl(await storeImage(db, decodeImageDataString(value, field), field, options));
}

/** The media id inside a URL this server gave out (/api/media/<sha-256>, optionally with its origin), or null. */
export function mediaIdFromUrl(url: string | null | undefined): string | null {
  const match = url ? /^(?:https?:\/\/[^/\s]+)?\/api\/media\/([0-9a-f]{64})$/.exec(url) : null;
  return match?.[1] ?? null;
}
