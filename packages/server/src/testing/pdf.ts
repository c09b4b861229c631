import { createRequire } from 'node:module';
import path from 'node:path';
import { findLevel, type Language } from '@quizquest/shared';
import { renderCertificatePdf } from '../features/certification/pdf.ts';

const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/**
 * A PDF's first page as pdfjs reads it: its text items (through the fonts' ToUnicode maps), the
 * pictures it paints, and the number of pages.
 */
export async function readPdf(bytes: Buffer): Promise<{ items: string[]; images: number; pages: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  const items = content.items.map((item) => ('str' in item ? item.str : ''));
  const operators = await page.getOperatorList();
  const images = operators.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length;
  const pages = document.numPages;
  await document.destroy();
  return { items, images, pages };
}

/** A Level 3 certificate around the name, with a fixed date and code, so renders are deterministic. */
export async function renderSampleCertificate(
  learnerName: string,
  language: Language = 'en',
): Promise<Buffer> {
  const level = findLevel(3);
  if (!level) throw new Error('no Level 3');
  return renderCertificatePdf({
    learnerName,
    language,
    level,
    issuedAt: new Date(Date.UTC(2026, 10, 24, 6)),
    code: 'K7QM-2XPD-9HTA',
    verifyUrl: 'https://quizquest.example/certificates/verify/K7QM-2XPD-9HTA',
  });
}
