import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { countRows, createTestContext, type TestContext } from '../../testing/index.ts';
import {
  MEDIA_MAX_BYTES,
  mediaIdFromUrl,
  mediaUrl,
  sniffImageType,
  storeImage,
  storeImageDataString,
} from './service.ts';

let context: TestContext;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  context = await createTestContext();
  png = await sharp({ create: { width: 3, height: 2, channels: 4, background: '#22aa88' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#aa2288' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await context.close();
});

/** A PNG of one IHDR chunk claiming the given size, plus a tiny IDAT and IEND: a pixel flood. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('GET /api/media/:id', () => {
  it('serves the stored bytes with their sniffed type and a year-long immutable cache', async () => {
    const id = await storeImage(context.database.db, png);
    expect(id).toBe(createHash('sha256').update(png).digest('hex'));
    const response = await context.request({ method: 'GET', url: mediaUrl(id) });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the type told by the bytes, not the one declared by the client', async () => {
    const url = await storeImageDataString(
      context.database.db,
      `data:image/png;base64,${jpeg.toString('base64')}`,
    );
    const response = await context.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.rawPayload.equals(jpeg)).toBe(true);
  });

  it('stores the same image once', async () => {
    const first = await storeImage(context.database.db, jpeg);
    const before = await countRows(context.database, 'media');
    const second = await storeImageDataString(context.database.db, jpeg.toString('base64'));
    expect(mediaIdFromUrl(second)).toBe(first);
    expect(await countRows(context.database, 'media')).toBe(before);
  });

  it.each([
    ['an unknown id', 'a'.repeat(64)],
    ['a malformed id', 'not-an-id'],
    ['an upper-case id', 'A'.repeat(64)],
    ['a path', '..%2F..%2Fetc%2Fpasswd'],
  ])('answers 404 for %s', async (_name, id) => {
    const response = await context.request({ method: 'GET', url: `/api/media/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Image not found' });
  });
});

describe('storeImage', () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
  );
  const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

  it.each([
    ['SVG', svg],
    ['HTML', html],
    ['SVG behind an XML declaration', Buffer.from(`<?xml version="1.0"?>${svg.toString()}`)],
    [
      'a PNG signature followed by garbage',
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('not really a png'),
      ]),
    ],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s with 400 and stores nothing', async (_name, bytes) => {
    const before = await countRows(context.database, 'media');
    const error = await refusal(storeImage(context.database.db, bytes, 'questionImage'));
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/questionImage/);
    expect(await countRows(context.database, 'media')).toBe(before);
  });

  it.each([
    ['an SVG data URL declared as PNG', `data:image/png;base64,${svg.toString('base64')}`],
    ['an HTML data URL declared as JPEG', `data:image/jpeg;base64,${html.toString('base64')}`],
    ['an SVG data URL', `data:image/svg+xml;base64,${svg.toString('base64')}`],
    ['text that is not base64', 'hello, world!'],
  ])('refuses %s with 400', async (_name, value) => {
    const error = await refusal(storeImageDataString(context.database.db, value));
    expect(error.statusCode).toBe(400);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.alloc(MEDIA_MAX_BYTES + 1);
    png.copy(big);
    const before = await countRows(context.database, 'media');
    expect((await refusal(storeImage(context.database.db, big))).statusCode).toBe(413);
    expect(
      (await refusal(storeImageDataString(context.database.db, big.toString('base64')))).statusCode,
    ).toBe(413);
    expect(await countRows(context.database, 'media')).toBe(before);
  });

  it('accepts a file of exactly the limit when it is a real image', async () => {
    // A real PNG padded with an ancillary chunk up to the limit is still one image.
    const padding = MEDIA_MAX_BYTES - png.length - 12;
    const data = Buffer.alloc(padding);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(padding);
    const typed = Buffer.concat([Buffer.from('zzZz', 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    const iendAt = png.length - 12;
    const padded = Buffer.concat([png.subarray(0, iendAt), length, typed, crc, png.subarray(iendAt)]);
    expect(padded.length).toBe(MEDIA_MAX_BYTES);
    const id = await storeImage(context.database.db, padded);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['100000 × 100000', 100_000, 100_000],
    ['20000 × 20000', 20_000, 20_000],
    ['1 × 50000000', 1, 50_000_000],
  ])('refuses a pixel flood claiming %s with 400', async (_name, width, height) => {
    const flood = pngClaiming(width, height);
    expect(flood.length).toBeLessThan(100);
    const before = await countRows(context.database, 'media');
    const error = await refusal(storeImage(context.database.db, flood));
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/dimensions are too large/);
    expect(await countRows(context.database, 'media')).toBe(before);
  });
});

describe('sniffImageType', () => {
  it.each([
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    ['GIF89a', [...Buffer.from('GIF89a')], 'image/gif'],
    ['GIF87a', [...Buffer.from('GIF87a')], 'image/gif'],
    ['WebP', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')], 'image/webp'],
    ['a RIFF that is not WebP', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')], null],
    ['GIF88a', [...Buffer.from('GIF88a')], null],
    ['SVG', [...Buffer.from('<svg')], null],
    ['a short PNG signature', [0x89, 0x50, 0x4e], null],
    ['nothing', [], null],
  ])('%s → %s', (_name, bytes, type) => {
    expect(sniffImageType(new Uint8Array(bytes))).toBe(type);
  });
});
