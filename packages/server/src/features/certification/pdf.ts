import type PdfDocumentClass from 'pdfkit';
import { formatEnInDate, INDIA_TIME_ZONE } from '@quizquest/shared';
import type QRCodeModule from 'qrcode';

export interface CertificateContent {
  learnerName: string;
  levelName: string;
  /** The level's ten sub-levels, in order. */
  subLevels: Array<{ id: string; name: string }>;
  issuedAt: Date;
  code: string;
  verifyUrl: string;
}

// The 27 characters of Windows-1252 between 0x80 and 0x9F; with Latin-1 they are all the
// standard PDF fonts can draw.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function drawable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/**
 * Text the built-in PDF fonts can draw: accents outside Latin-1 are dropped from their letters
 * (Ł stays unknown, ā becomes a) and characters that still cannot be drawn are left out, instead
 * of printing as wrong glyphs.
 */
export function pdfText(text: string): string {
  return [...text.normalize('NFC').replace(/\s+/g, ' ')]
    .map((char) => (drawable(char) ? char : char.normalize('NFD').replace(/\p{M}/gu, '')))
    .filter((char) => char.length > 0 && [...char].every(drawable))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** en-IN date in India's time zone: '12 March 2026' (design.md §5: dates are shown en-IN). */
export function certificateDate(date: Date): string {
  return formatEnInDate(date, 'long', INDIA_TIME_ZONE);
}

const INK = '#1f2a44';
const ACCENT = '#3b5bdb';
const GOLD = '#c99a06';

/**
 * pdfkit (with its fonts) and qrcode are loaded on the first certificate, not at start: about
 * 14 MB of resident memory that a server which issues no certificate never needs.
 */
let libraries: Promise<{ PDFDocument: typeof PdfDocumentClass; QRCode: typeof QRCodeModule }> | undefined;
function pdfLibraries() {
  libraries ??= Promise.all([import('pdfkit'), import('qrcode')]).then(([pdfkit, qrcode]) => ({
    PDFDocument: pdfkit.default,
    QRCode: qrcode.default,
  }));
  return libraries;
}

/** The level certificate: one A4 landscape page, with the code and a QR code of its verification page. */
export async function renderCertificatePdf(content: CertificateContent): Promise<Buffer> {
  const { PDFDocument, QRCode } = await pdfLibraries();
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
      Title: `QuizQuest ${content.levelName} Certificate`,
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

  const width = doc.page.width;
  const height = doc.page.height;
  const centred = (text: string, y: number, size: number, font = 'Helvetica', color = INK) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, 60, y, { width: width - 120, align: 'center', lineBreak: false });

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

  centred('QuizQuest', 56, 16, 'Helvetica-Bold', ACCENT);
  centred('Certificate of Achievement', 82, 34, 'Helvetica-Bold');
  centred('This certifies that', 136, 14);
  centred(pdfText(content.learnerName) || 'QuizQuest Learner', 158, 30, 'Helvetica-Bold', ACCENT);
  centred(`has earned all ${content.subLevels.length} certifications of`, 200, 14);
  centred(content.levelName, 222, 24, 'Helvetica-Bold');

  // The ten sub-levels in two columns of five.
  const columnWidth = 300;
  const left = (width - columnWidth * 2) / 2;
  content.subLevels.forEach((subLevel, index) => {
    const column = index < 5 ? 0 : 1;
    const row = index % 5;
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor(INK)
      .text(`${subLevel.id}  ${pdfText(subLevel.name)}`, left + column * columnWidth + 40, 268 + row * 20, {
        width: columnWidth - 40,
        lineBreak: false,
      });
  });

  const footerY = height - 150;
  doc.font('Helvetica').fontSize(12).fillColor(INK);
  doc.text(`Date: ${certificateDate(content.issuedAt)}`, 70, footerY + 10, { lineBreak: false });
  doc.text(`Certificate code: ${content.code}`, 70, footerY + 32, { lineBreak: false });
  doc
    .fontSize(10)
    .fillColor('#4a5568')
    .text(`Check it at ${content.verifyUrl}`, 70, footerY + 54, { width: width - 300, lineBreak: false });

  const qrSize = 100;
  doc.image(qr, width - 70 - qrSize, footerY - 6, { width: qrSize, height: qrSize });
  doc
    .fontSize(9)
    .fillColor('#4a5568')
    .text('Scan to verify', width - 70 - qrSize, footerY + qrSize - 2, {
      width: qrSize,
      align: 'center',
      lineBreak: false,
    });

  doc.end();
  return finished;
}
