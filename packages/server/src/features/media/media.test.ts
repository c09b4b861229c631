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
  prepareImage,
  sniffImageType,
  storeImage,
  storeImageDataString,
  type ImageUse,
} from '../../lib/media.ts';

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
    const response = await context.request({ method: 'GET', url: mediaUrl(id) });
    expect(response.statusCode).toBe(200);
    // The id is the content hash of the bytes stored (re-encoded, decision 022).
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(id);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'png', width: 3, height: 2 });
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
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 6,
      height: 4,
    });
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

/** A JPEG carrying what a phone camera writes: EXIF with GPS and the author, XMP and an ICC profile. */
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Jane Doe', Copyright: 'Jane Doe 2026', Orientation: '1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '12/1 58/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 35/1 0/1',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jane Doe</dc:creator>' +
        '</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .withIccProfile('p3')
    .toBuffer();
}

/** A PNG with a text chunk (tEXt Author) after IHDR. */
function pngWithText(source: Buffer, keyword: string, text: string): Buffer {
  const data = Buffer.from(`${keyword}\0${text}`, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from('tEXt', 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  const afterHeader = 8 + 25; // signature + IHDR chunk
  return Buffer.concat([source.subarray(0, afterHeader), length, typed, crc, source.subarray(afterHeader)]);
}

async function served(id: string): Promise<Buffer> {
  const response = await context.request({ method: 'GET', url: mediaUrl(id) });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('every stored image is decoded and re-encoded without metadata (issue 14)', () => {
  it('an avatar JPEG with EXIF GPS, an author, XMP and ICC comes back without any of it', async () => {
    const original = await cameraJpeg(120, 90);
    const before = await sharp(original).metadata();
    expect(before.exif && before.xmp && before.icc).toBeTruthy();
    expect(original.includes('Jane Doe')).toBe(true);

    const bytes = await served(await storeImage(context.database.db, original, 'avatar', { use: 'avatar' }));
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 120, height: 90 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.comments).toBeUndefined();
    expect(bytes.includes('Jane Doe')).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
  });

  it.each<[ImageUse]>([['question'], ['option']])('a %s image loses its metadata too', async (use) => {
    const bytes = await served(
      await storeImage(context.database.db, await cameraJpeg(64, 48), 'image', { use }),
    );
    const after = await sharp(bytes).metadata();
    expect(after.exif ?? after.xmp ?? after.icc).toBeUndefined();
    expect(bytes.includes('Jane Doe')).toBe(false);
  });

  it('a PNG loses its text chunks', async () => {
    const tagged = pngWithText(png, 'Author', 'Jane Doe');
    expect((await sharp(tagged).metadata()).comments).toEqual([{ keyword: 'Author', text: 'Jane Doe' }]);
    const bytes = await served(await storeImage(context.database.db, tagged));
    expect((await sharp(bytes).metadata()).comments).toBeUndefined();
    expect(bytes.includes('Jane Doe')).toBe(false);
  });

  it('an avatar over 200 px on its longest side is scaled to 200 px, whatever the client did', async () => {
    const wide = await sharp({ create: { width: 1000, height: 400, channels: 3, background: '#aa2288' } })
      .png()
      .toBuffer();
    const bytes = await served(await storeImage(context.database.db, wide, 'avatar', { use: 'avatar' }));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 80 });
    const tall = await cameraJpeg(300, 1000);
    const tallBytes = await served(await storeImage(context.database.db, tall, 'avatar', { use: 'avatar' }));
    expect(await sharp(tallBytes).metadata()).toMatchObject({ width: 60, height: 200 });
  });

  it('an option image is scaled to at most 600 × 600 as a JPEG; a smaller one keeps its size', async () => {
    const big = await sharp({ create: { width: 1200, height: 900, channels: 4, background: '#22aa8880' } })
      .png()
      .toBuffer();
    const bytes = await served(await storeImage(context.database.db, big, 'image', { use: 'option' }));
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 600, height: 450 });
    // Transparent areas turn white, as in the browser's canvas (JPEG has no alpha).
    expect(metadata.hasAlpha).toBe(false);
    const small = await served(await storeImage(context.database.db, png, 'image', { use: 'option' }));
    expect(await sharp(small).metadata()).toMatchObject({ format: 'jpeg', width: 3, height: 2 });
  });

  it('a question image is kept as uploaded: same type and size', async () => {
    const big = await sharp({ create: { width: 1500, height: 700, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const bytes = await served(await storeImage(context.database.db, big, 'image', { use: 'question' }));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1500, height: 700 });
  });

  it('an animated GIF keeps its frames as a question image and becomes its first frame elsewhere', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('red'), await frame('blue'), await frame('green')], {
      join: { animated: true },
    })
      .gif({ delay: 100 })
      .toBuffer();
    const question = await served(await storeImage(context.database.db, gif, 'image', { use: 'question' }));
    expect(await sharp(question).metadata()).toMatchObject({
      format: 'gif',
      pages: 3,
      width: 40,
      height: 30,
    });
    const avatar = await served(await storeImage(context.database.db, gif, 'avatar', { use: 'avatar' }));
    const still = await sharp(avatar).metadata();
    expect(still).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(still.pages ?? 1).toBe(1);
  });

  it('an image with an EXIF orientation keeps the way it looked', async () => {
    // 40 × 20 pixels with "rotate 90° clockwise" (6): it is shown 20 × 40.
    const rotated = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#777777' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const bytes = await served(await storeImage(context.database.db, rotated));
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ width: 20, height: 40 });
    expect(metadata.orientation).toBeUndefined();
  });

  it.each<[string, (bytes: Buffer) => Buffer]>([
    ['cut in half', (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    ['without its last 20 bytes', (bytes) => bytes.subarray(0, bytes.length - 20)],
  ])('refuses a truncated PNG (%s) with a clear 400 and stores nothing', async (_name, cut) => {
    const noisy = await sharp({
      create: {
        width: 120,
        height: 120,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const truncated = cut(noisy);
    // Its header still reads: only a full decode finds the damage.
    expect((await sharp(truncated).metadata()).width).toBe(120);
    const before = await countRows(context.database, 'media');
    for (const use of ['avatar', 'question', 'option'] as const) {
      const error = await refusal(storeImage(context.database.db, truncated, 'avatar', { use }));
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe(
        'The avatar could not be read as an image: the file is damaged or incomplete',
      );
    }
    expect(await countRows(context.database, 'media')).toBe(before);
  });

  it('a truncated JPEG is refused too', async () => {
    const noisy = await sharp({
      create: {
        width: 200,
        height: 200,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const error = await refusal(prepareImage(noisy.subarray(0, noisy.length / 2), 'question', 'image'));
    expect(error.statusCode).toBe(400);
  });

  it('the same upload for the same use is found by its source key, not re-encoded into a new row', async () => {
    const original = await cameraJpeg(30, 20);
    const first = await storeImage(context.database.db, original, 'avatar', { use: 'avatar' });
    const before = await countRows(context.database, 'media');
    expect(await storeImage(context.database.db, original, 'avatar', { use: 'avatar' })).toBe(first);
    expect(await countRows(context.database, 'media')).toBe(before);
    // Another use is another encoding.
    expect(await storeImage(context.database.db, original, 'image', { use: 'question' })).not.toBe(first);
  });
});
