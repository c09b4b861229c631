import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSampleCertificate } from '../../testing/pdf.ts';

/*
 * The certificate as poppler draws it, against committed reference images (issue 18). Run by
 * `npm run test:visual` (.ci/run installs poppler-utils for it), not by `npm test`, which needs
 * nothing but Node: pdftoppm is a system program.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');
const PDFTOPPM = '/usr/bin/pdftoppm';

const render = renderSampleCertificate;

describe('the rendering', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'certificate-render-'));
  });
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  /** The page rendered by poppler at 40 dpi, as raw RGB. */
  async function rendered(pdf: Buffer, name: string) {
    const file = path.join(scratch, `${name}.pdf`);
    writeFileSync(file, pdf);
    execFileSync(PDFTOPPM, ['-r', '40', '-png', '-singlefile', file, path.join(scratch, name)]);
    return pixels(readFileSync(path.join(scratch, `${name}.png`)));
  }

  async function pixels(png: Buffer) {
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }

  /** Pixels whose colour differs visibly (anti-aliasing of another poppler build stays below). */
  function differingPixels(a: { data: Buffer; width: number }, b: { data: Buffer; width: number }) {
    expect(a.data.length).toBe(b.data.length);
    let count = 0;
    for (let index = 0; index < a.data.length; index += 3) {
      const difference = Math.max(
        Math.abs((a.data[index] ?? 0) - (b.data[index] ?? 0)),
        Math.abs((a.data[index + 1] ?? 0) - (b.data[index + 1] ?? 0)),
        Math.abs((a.data[index + 2] ?? 0) - (b.data[index + 2] ?? 0)),
      );
      if (difference > 64) count += 1;
    }
    return count;
  }

  const MAX_DIFFERING_PIXELS = 60;

  it.each([
    ['certificate-devanagari-hi', 'आरव शर्मा', 'hi' as const],
    ['certificate-tamil-en', 'ஸ்ரீநிதி', 'en' as const],
  ])('matches the reference image %s', async (fixture, name, language) => {
    const actual = await rendered(await render(name, language), fixture);
    const reference = await pixels(readFileSync(path.join(FIXTURES, `${fixture}.png`)));
    expect([actual.width, actual.height]).toEqual([reference.width, reference.height]);
    expect(differingPixels(actual, reference)).toBeLessThan(MAX_DIFFERING_PIXELS);
  });

  it('tells a different name apart from the reference', async () => {
    const actual = await rendered(await render('ஸ்ரீதேவி'), 'other-name');
    const reference = await pixels(readFileSync(path.join(FIXTURES, 'certificate-tamil-en.png')));
    expect(differingPixels(actual, reference)).toBeGreaterThan(MAX_DIFFERING_PIXELS);
  });
});
