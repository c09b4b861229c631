import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The certificate's fonts (issue 18, decision 009 amended): Noto Sans for Latin (and Greek and
 * Cyrillic, which it also covers) and Noto Sans for the nine Indian scripts, from the
 * @expo-google-fonts packages, which ship the Google Fonts TTFs whole (GSUB and GPOS kept, so
 * fontkit shapes conjuncts and vowel signs). pdfkit embeds only the glyphs a page uses.
 */
export const FONT_SCRIPTS = [
  'Latin',
  'Devanagari',
  'Bengali',
  'Gujarati',
  'Gurmukhi',
  'Kannada',
  'Malayalam',
  'Oriya',
  'Tamil',
  'Telugu',
] as const;
export type FontScript = (typeof FONT_SCRIPTS)[number];
export type FontWeight = 'regular' | 'bold';

/** One stretch of text drawn with one script's font. */
export interface TextRun {
  script: FontScript;
  text: string;
}

const require = createRequire(import.meta.url);

/** Each script's font package, written out so that knip sees each one used. */
const FONT_PACKAGES: Record<FontScript, () => string> = {
  Latin: () => require.resolve('@expo-google-fonts/noto-sans/package.json'),
  Devanagari: () => require.resolve('@expo-google-fonts/noto-sans-devanagari/package.json'),
  Bengali: () => require.resolve('@expo-google-fonts/noto-sans-bengali/package.json'),
  Gujarati: () => require.resolve('@expo-google-fonts/noto-sans-gujarati/package.json'),
  Gurmukhi: () => require.resolve('@expo-google-fonts/noto-sans-gurmukhi/package.json'),
  Kannada: () => require.resolve('@expo-google-fonts/noto-sans-kannada/package.json'),
  Malayalam: () => require.resolve('@expo-google-fonts/noto-sans-malayalam/package.json'),
  Oriya: () => require.resolve('@expo-google-fonts/noto-sans-oriya/package.json'),
  Tamil: () => require.resolve('@expo-google-fonts/noto-sans-tamil/package.json'),
  Telugu: () => require.resolve('@expo-google-fonts/noto-sans-telugu/package.json'),
};

function fontPath(script: FontScript, weight: FontWeight): string {
  const family = script === 'Latin' ? '' : script;
  const style = weight === 'bold' ? '700Bold' : '400Regular';
  return path.join(path.dirname(FONT_PACKAGES[script]()), style, `NotoSans${family}_${style}.ttf`);
}

/** Each font file is read once, on first need, and kept: the server pays nothing until a certificate. */
const fontFiles = new Map<string, Buffer>();
export function fontFile(script: FontScript, weight: FontWeight): Buffer {
  const key = `${script}-${weight}`;
  let file = fontFiles.get(key);
  if (!file) {
    file = readFileSync(fontPath(script, weight));
    fontFiles.set(key, file);
  }
  return file;
}

/**
 * The code points a TrueType font maps to a glyph (its cmap: the full-Unicode format 12 table, or
 * the BMP format 4 table). Read from the file itself, so what we keep is exactly what it can draw.
 */
export function cmapCoverage(font: Buffer): Set<number> {
  const tableCount = font.readUInt16BE(4);
  let cmap = -1;
  for (let index = 0; index < tableCount; index += 1) {
    const record = 12 + index * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error('font without a cmap table');
  let format4 = -1;
  let format12 = -1;
  for (let index = 0; index < font.readUInt16BE(cmap + 2); index += 1) {
    const record = cmap + 4 + index * 8;
    const platform = font.readUInt16BE(record);
    if (platform !== 0 && platform !== 3) continue;
    const offset = cmap + font.readUInt32BE(record + 4);
    const format = font.readUInt16BE(offset);
    if (format === 12) format12 = offset;
    if (format === 4) format4 = offset;
  }
  const covered = new Set<number>();
  if (format12 >= 0) {
    for (let group = 0; group < font.readUInt32BE(format12 + 12); group += 1) {
      const at = format12 + 16 + group * 12;
      const start = font.readUInt32BE(at);
      const end = font.readUInt32BE(at + 4);
      const firstGlyph = font.readUInt32BE(at + 8);
      for (let code = start; code <= end; code += 1) {
        if (firstGlyph + code - start !== 0) covered.add(code);
      }
    }
  } else if (format4 >= 0) {
    const segmentBytes = font.readUInt16BE(format4 + 6);
    const ends = format4 + 14;
    const starts = ends + segmentBytes + 2;
    const deltas = starts + segmentBytes;
    const rangeOffsets = deltas + segmentBytes;
    for (let segment = 0; segment < segmentBytes; segment += 2) {
      const start = font.readUInt16BE(starts + segment);
      const end = font.readUInt16BE(ends + segment);
      const delta = font.readInt16BE(deltas + segment);
      const rangeOffset = font.readUInt16BE(rangeOffsets + segment);
      for (let code = start; code <= end && code !== 0xffff; code += 1) {
        let glyph = (code + delta) & 0xffff;
        if (rangeOffset !== 0) {
          const indexed = font.readUInt16BE(rangeOffsets + segment + rangeOffset + (code - start) * 2);
          glyph = indexed === 0 ? 0 : (indexed + delta) & 0xffff;
        }
        if (glyph !== 0) covered.add(code);
      }
    }
  }
  return covered;
}

/** Bold and regular cover the same characters: the regular face's cmap stands for both. */
const coverages = new Map<FontScript, Set<number>>();
function covers(script: FontScript, char: string): boolean {
  let coverage = coverages.get(script);
  if (!coverage) {
    coverage = cmapCoverage(fontFile(script, 'regular'));
    coverages.set(script, coverage);
  }
  return coverage.has(char.codePointAt(0) ?? 0);
}

const INDIAN_SCRIPTS: Array<[FontScript, RegExp]> = FONT_SCRIPTS.filter((script) => script !== 'Latin').map(
  (script) => [script, new RegExp(`^\\p{Script=${script}}$`, 'u')],
);
/** Spaces, digits, punctuation, danda, combining marks, ZWJ and ZWNJ: they join the run they are in. */
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
const JOINERS = new Set(['\u200c', '\u200d']);
/** Control and format characters draw nothing, except the joiners that steer Indic shaping. */
const INVISIBLE = /^[\p{Cc}\p{Cf}]$/u;

/** The font a character is drawn with, after a run in `current`, or null when no font of ours draws it. */
function fontFor(char: string, current: FontScript | null): FontScript | null {
  if (INVISIBLE.test(char) && !JOINERS.has(char)) return null;
  const indian = INDIAN_SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0];
  if (indian) return covers(indian, char) ? indian : null;
  if (SHARED.test(char) && current && covers(current, char)) return current;
  if (JOINERS.has(char)) return null;
  return covers('Latin', char) ? 'Latin' : null;
}

/**
 * A text split into runs by script, keeping only what our fonts can draw: a character no font
 * has loses its accents if that helps (a rare precomposed letter), else it is left out, as are
 * emoji and control characters. Runs of white space become one space; the ends are trimmed.
 */
export function textRuns(text: string): TextRun[] {
  const placed: Array<{ script: FontScript; char: string }> = [];
  const place = (char: string): boolean => {
    const previous = placed.at(-1);
    if (char === ' ') {
      if (previous && previous.char !== ' ') placed.push({ script: previous.script, char });
      return true;
    }
    const script = fontFor(char, previous?.script ?? null);
    if (!script) return false;
    placed.push({ script, char });
    return true;
  };
  for (const char of text.normalize('NFC').replace(/\s+/g, ' ')) {
    if (place(char)) continue;
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    if (base !== char) for (const part of base) place(part);
  }
  while (placed.at(-1)?.char === ' ') placed.pop();
  const runs: TextRun[] = [];
  for (const { script, char } of placed) {
    const last = runs.at(-1);
    if (last?.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}
