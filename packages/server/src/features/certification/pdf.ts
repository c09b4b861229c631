import type PdfDocumentClass from 'pdfkit';
import { formatEnInDate, INDIA_TIME_ZONE, type Language, type Level } from '@quizquest/shared';
import type QRCodeModule from 'qrcode';
import { fontFile, textRuns, type FontWeight, type TextRun } from './fonts.ts';

export interface CertificateContent {
  learnerName: string;
  /** The learner's language: the certificate's fixed words, level names and date are in it. */
  language: Language;
  /** The catalogue's level: its names (English and Hindi) and its ten sub-levels, in order. */
  level: Level;
  issuedAt: Date;
  code: string;
  verifyUrl: string;
}

/** What the certificate says around the names, in the learner's language. */
const WORDS: Record<
  Language,
  {
    heading: string;
    certifies: string;
    earned: (count: number) => string;
    date: (date: string) => string;
    code: (code: string) => string;
    check: (url: string) => string;
    scan: string;
  }
> = {
  en: {
    heading: 'Certificate of Achievement',
    certifies: 'This certifies that',
    earned: (count) => `has earned all ${count} certifications of`,
    date: (date) => `Date: ${date}`,
    code: (code) => `Certificate code: ${code}`,
    check: (url) => `Check it at ${url}`,
    scan: 'Scan to verify',
  },
  hi: {
    heading: 'उपलब्धि प्रमाणपत्र',
    certifies: 'प्रमाणित किया जाता है कि',
    earned: (count) => `ने सभी ${count} सर्टिफ़िकेशन जीतकर यह लेवल सफलतापूर्वक पूरा किया है`,
    date: (date) => `दिनांक: ${date}`,
    code: (code) => `प्रमाणपत्र कोड: ${code}`,
    check: (url) => `जाँच के लिए देखें: ${url}`,
    scan: 'स्कैन करके जाँचें',
  },
};

const FALLBACK_NAME = 'QuizQuest Learner';

/**
 * The text the certificate's fonts can draw (Noto Sans for Latin, Greek and Cyrillic and the
 * nine Indian scripts): emoji, control characters and scripts without a font are left out, and
 * a letter no font has loses its accents if that helps, instead of printing as a wrong glyph.
 */
export function pdfText(text: string): string {
  return textRuns(text)
    .map((run) => run.text)
    .join('');
}

/**
 * The date in India's time zone: en-IN '12 March 2026' (design.md §5: dates are shown en-IN), or
 * hi-IN '12 मार्च 2026'.
 */
export function certificateDate(date: Date, language: Language = 'en'): string {
  if (language === 'en') return formatEnInDate(date, 'long', INDIA_TIME_ZONE);
  return new Intl.DateTimeFormat('hi-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: INDIA_TIME_ZONE,
  }).format(date);
}

const INK = '#1f2a44';
const ACCENT = '#3b5bdb';
const GOLD = '#c99a06';
const MUTED = '#4a5568';
/**
 * Where a line's baseline sits below the top it is placed at, per point of size: Helvetica's
 * ascent, the certificate's font until issue 18, so the layout kept its places.
 */
const BASELINE = 0.718;

/**
 * pdfkit and qrcode are loaded on the first certificate, not at start: about 14 MB of resident
 * memory that a server which issues no certificate never needs. The fonts too: each file is read
 * on the first certificate that draws its script and kept (fonts.ts).
 */
let libraries: Promise<{ PDFDocument: typeof PdfDocumentClass; QRCode: typeof QRCodeModule }> | undefined;
function pdfLibraries() {
  libraries ??= Promise.all([import('pdfkit'), import('qrcode')]).then(([pdfkit, qrcode]) => ({
    PDFDocument: pdfkit.default,
    QRCode: qrcode.default,
  }));
  return libraries;
}

/**
 * fontkit 2.0.4 throws on a mark-to-base anchor a font leaves empty (HarfBuzz skips it), which
 * Noto Sans Gurmukhi, Malayalam and Telugu do for an above-base vowel sign on some conjuncts
 * ('ਪ੍ਰੀ', 'ശ്രീ', 'శ్రీ'). Such a run is shaped again without above-base mark positioning
 * (abvm): the signs then sit where the font's advance puts them, which for these fonts looks
 * right, instead of the certificate failing.
 */
const WITHOUT_ABOVE_BASE_MARKS = { features: { abvm: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[] };
function shapingOptions(doc: PDFKit.PDFDocument, text: string) {
  try {
    doc.widthOfString(text);
    return {};
  } catch {
    return WITHOUT_ABOVE_BASE_MARKS;
  }
}

interface LineStyle {
  /** The left edge, and the width the line is centred in or must fit in. */
  x: number;
  width: number;
  size: number;
  weight?: FontWeight;
  color?: string;
  align?: 'left' | 'center';
}

/** The level certificate: one A4 landscape page, with the code and a QR code of its verification page. */
export async function renderCertificatePdf(content: CertificateContent): Promise<Buffer> {
  const { PDFDocument, QRCode } = await pdfLibraries();
  const words = WORDS[content.language];
  const hindi = content.language === 'hi';
  const level = content.level;
  const qr = await QRCode.toBuffer(content.verifyUrl, {
    type: 'png',
    margin: 1,
    width: 240,
    errorCorrectionLevel: 'M',
  });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      // English in both languages: viewers show the Title in places that may lack the fonts.
      Title: `QuizQuest ${level.name} Certificate`,
      Author: 'QuizQuest',
      Subject: `Certificate ${content.code}`,
      CreationDate: content.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const registered = new Set<string>();
  const useFont = (run: TextRun, weight: FontWeight, size: number) => {
    const name = `${run.script}-${weight}`;
    if (!registered.has(name)) {
      doc.registerFont(name, fontFile(run.script, weight));
      registered.add(name);
    }
    return doc.font(name).fontSize(size);
  };
  /**
   * One line of text, each script's run in its own font, measured with those fonts (shaped, so
   * conjuncts count as drawn) and placed on one baseline; shrunk to fit its width if it must be.
   */
  const line = (text: string | TextRun[], top: number, style: LineStyle) => {
    const runs = typeof text === 'string' ? textRuns(text) : text;
    const weight = style.weight ?? 'regular';
    const options = runs.map((run) => shapingOptions(useFont(run, weight, style.size), run.text));
    const widthAt = (size: number) =>
      runs.reduce(
        (sum, run, index) => sum + useFont(run, weight, size).widthOfString(run.text, options[index]),
        0,
      );
    const natural = widthAt(style.size);
    const size = natural > style.width ? (style.size * style.width) / natural : style.size;
    const total = natural > style.width ? widthAt(size) : natural;
    let x = style.align === 'center' ? style.x + (style.width - total) / 2 : style.x;
    const baseline = top + style.size * BASELINE;
    doc.fillColor(style.color ?? INK);
    runs.forEach((run, index) => {
      const font = useFont(run, weight, size);
      font.text(run.text, x, baseline, { ...options[index], lineBreak: false, baseline: 'alphabetic' });
      x += font.widthOfString(run.text, options[index]);
    });
  };

  const width = doc.page.width;
  const height = doc.page.height;
  const centred = (
    text: string | TextRun[],
    top: number,
    size: number,
    weight?: FontWeight,
    color?: string,
  ) =>
    line(text, top, {
      x: 60,
      width: width - 120,
      size,
      align: 'center',
      ...(weight ? { weight } : {}),
      ...(color ? { color } : {}),
    });

  doc
    .lineWidth(6)
    .strokeColor(ACCENT)
    .rect(20, 20, width - 40, height - 40)
    .stroke();
  doc
    .lineWidth(1.5)
    .strokeColor(GOLD)
    .rect(32, 32, width - 64, height - 64)
    .stroke();

  const name = textRuns(content.learnerName);
  centred('QuizQuest', 56, 16, 'bold', ACCENT);
  centred(words.heading, 82, 34, 'bold');
  centred(words.certifies, 136, 14);
  centred(name.length > 0 ? name : FALLBACK_NAME, 158, 30, 'bold', ACCENT);
  centred(words.earned(level.subLevels.length), 200, 14);
  centred((hindi && level.hindiName) || level.name, 222, 24, 'bold');

  // The ten sub-levels in two columns of five.
  const columnWidth = 300;
  const left = (width - columnWidth * 2) / 2;
  level.subLevels.forEach((subLevel, index) => {
    const column = index < 5 ? 0 : 1;
    const row = index % 5;
    const subLevelName = (hindi && subLevel.hindiName) || subLevel.name;
    line(`${subLevel.id}  ${subLevelName}`, 268 + row * 20, {
      x: left + column * columnWidth + 40,
      width: columnWidth - 40,
      size: 12,
    });
  });

  const footerY = height - 150;
  line(words.date(certificateDate(content.issuedAt, content.language)), footerY + 10, {
    x: 70,
    width: width - 300,
    size: 12,
  });
  line(words.code(content.code), footerY + 32, { x: 70, width: width - 300, size: 12 });
  line(words.check(content.verifyUrl), footerY + 54, {
    x: 70,
    width: width - 300,
    size: 10,
    color: MUTED,
  });

  const qrSize = 100;
  doc.image(qr, width - 70 - qrSize, footerY - 6, { width: qrSize, height: qrSize });
  line(words.scan, footerY + qrSize - 2, {
    x: width - 70 - qrSize,
    width: qrSize,
    size: 9,
    color: MUTED,
    align: 'center',
  });

  doc.end();
  return finished;
}
