import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEVELS, findLevel } from '@quizquest/shared';
import { users } from '../../db/schema.ts';
import { createTestContext, insertUser, loginAs, type TestContext } from '../../testing/index.ts';
import { insertCertifications, subLevelIdsOf } from '../../testing/certification.ts';
import { readPdf, renderSampleCertificate } from '../../testing/pdf.ts';
import { pdfText } from './pdf.ts';

const render = renderSampleCertificate;
const textItems = async (bytes: Buffer) => (await readPdf(bytes)).items;

/** The name as extracted: the items between the line before it and the line after it. */
async function extractedName(bytes: Buffer): Promise<string> {
  const items = await textItems(bytes);
  const start = items.indexOf('This certifies that');
  const end = items.findIndex((item) => item.startsWith('has earned all'));
  return items
    .slice(start + 1, end)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

const sortedCodePoints = (text: string) => [...text.replace(/\s/g, '')].sort();

describe('certificate names in every script', () => {
  // Extraction gives the glyphs' characters (pdfkit writes a ToUnicode map for every embedded
  // font) in the order the glyphs are drawn. Where shaping draws a sign before the letter it
  // follows in the text (the i-sign 'ি' of Bengali, Malayalam's pre-base '്ര'), or a reph after
  // the syllable ('र्' in 'शर्मा'), or a subjoined letter after a vowel sign (Kannada 'ನ್ಯಾ',
  // Telugu 'శ్రీ'), the extracted text has the name's characters in drawn order: there we assert
  // the same characters, and the exact text where extraction gives it back whole. pdfjs also
  // puts a space where a shaped sign leaves a gap ('પટે લ'), so white space is not compared.
  it.each([
    ['Devanagari', 'आरव शर्मा', false],
    ['Tamil', 'ஸ்ரீநிதி', true],
    ['Kannada', 'ಅನನ್ಯಾ', false],
    ['Latin', 'Zoë O’Brien', true],
    ['Latin', "Zoë O'Brien", true],
    ['Bengali', 'অর্পিতা দাস', false],
    ['Gujarati', 'ધ્રુવ પટેલ', false],
    ['Gurmukhi', 'ਹਰਪ੍ਰੀਤ ਕੌਰ', true],
    ['Malayalam', 'ശ്രീലക്ഷ്മി', false],
    ['Odia', 'ସୁଭଶ୍ରୀ', true],
    ['Telugu', 'శ్రీనివాస్', false],
    ['Latin and Devanagari', 'Meera शर्मा', false],
  ])('draws a %s name, %s, and gives its characters back', async (_script, name, exact) => {
    expect(pdfText(name)).toBe(name.normalize('NFC'));
    const extracted = await extractedName(await render(name));
    expect(sortedCodePoints(extracted)).toEqual(sortedCodePoints(name.normalize('NFC')));
    if (exact) expect(extracted).toBe(name.normalize('NFC'));
    else expect(extracted).not.toBe('QuizQuest Learner');
  });

  it('gives back a mixed name’s Latin part and a Tamil conjunct in text order', async () => {
    expect(await extractedName(await render('Meera शर्मा'))).toMatch(/^Meera /);
    expect(await extractedName(await render('ஸ்ரீ'))).toBe('ஸ்ரீ');
  });

  it.each([
    ['an emoji-only name', '😀🎉'],
    ['control characters only', '\u0000\u0007'],
    ['a script without a font (Thai)', 'สมชาย'],
  ])('prints QuizQuest Learner for %s', async (_case, name) => {
    expect(pdfText(name)).toBe('');
    expect(await extractedName(await render(name))).toBe('QuizQuest Learner');
  });

  it('keeps what it can draw and leaves out the rest', () => {
    expect(pdfText('Aarav 😀 शर्मा')).toBe('Aarav शर्मा');
    expect(pdfText('ZWNJ क्\u200Cष stays, a bidi mark \u200E goes')).toBe(
      'ZWNJ क्\u200Cष stays, a bidi mark goes',
    );
    expect(pdfText('नमस्ते। सब ठीक॥')).toBe('नमस्ते। सब ठीक॥');
  });
});

describe('a Hindi learner’s certificate', () => {
  /** pdfjs puts gaps of shaped Devanagari as spaces: compare without white space. */
  const compact = (text: string) => text.replace(/\s+/g, '');

  it('has the certificate’s words, the level and sub-level names and the date in Hindi', async () => {
    const text = compact((await textItems(await render('आरव शर्मा', 'hi'))).join(''));
    const level = findLevel(3);
    // Words whose glyphs are drawn in text order come back whole (see the comment above).
    for (const words of ['जाता है', 'सभी 10', 'लेवल 3', 'पहेली उस्ताद', 'समाज सहायक', 'जाँच के', '24 नवंबर 2026']) {
      expect(text).toContain(compact(words));
    }
    expect(text).toContain('K7QM-2XPD-9HTA');
    expect(text).toContain('https://quizquest.example/certificates/verify/K7QM-2XPD-9HTA');
    for (const english of [
      'Certificate of Achievement',
      'This certifies that',
      'Level 3',
      'Puzzle Pro',
      'November',
    ]) {
      expect(text).not.toContain(compact(english));
    }
    expect(level?.subLevels[9]?.hindiName).toBe('पहेली उस्ताद');
  });

  it('names every level and sub-level of the catalogue in Hindi', () => {
    for (const level of LEVELS) {
      expect(level.hindiName).toBe(`लेवल ${level.id}`);
      for (const subLevel of level.subLevels)
        expect(subLevel.hindiName).toMatch(/^[\u0900-\u097F][\u0900-\u097F -]*$/);
    }
    const names = LEVELS.flatMap((level) => level.subLevels.map((subLevel) => subLevel.hindiName));
    expect(new Set(names).size).toBe(100);
  });

  describe('through the API', () => {
    let context: TestContext;
    beforeAll(async () => {
      context = await createTestContext();
    });
    afterAll(async () => {
      await context.close();
    });

    it('is written in the learner’s language', async () => {
      const user = await insertUser(context.database);
      await context.database.db
        .update(users)
        .set({ firstName: 'आरव', lastName: 'शर्मा', language: 'hi' })
        .where(eq(users.id, user.id));
      await insertCertifications(context.database, user.id, subLevelIdsOf(1));
      const headers = await loginAs(context, user.email);
      const response = await context.request({
        method: 'GET',
        url: '/api/certification/view?level=1',
        headers,
      });
      expect(response.statusCode).toBe(200);
      const text = compact((await textItems(response.rawPayload)).join(''));
      expect(text).toContain(compact('लेवल 1'));
      expect(text).toContain(compact('रंग खोजी'));
      expect(text).not.toContain('Level1');
      expect(sortedCodePoints(await extractedNameOf(response.rawPayload))).toEqual(
        sortedCodePoints('आरव शर्मा'),
      );
    });
  });
});

/** The Hindi certificate's name line: the item after 'प्रमाणित किया जाता है कि', as extracted. */
async function extractedNameOf(bytes: Buffer): Promise<string> {
  const items = (await textItems(bytes)).filter((item) => item.trim() !== '');
  const index = items.findIndex((item) => item.includes('जाता है'));
  return items[index + 1] ?? '';
}
