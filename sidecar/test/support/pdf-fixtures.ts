// PDFs for tests, written with mupdf: pages of text, image-only pages, pages heavy to draw, large incompressible
// documents, encrypted and corrupt ones.
import { randomFillSync } from 'node:crypto';
import * as mupdf from 'mupdf';

/**
 * One entry per page: its text, `{ image: true }` for a page that shows only a picture, or `{ shapes: n }` for a page
 * of n small overlapping shapes (slow to draw).
 */
export type PdfPageSpec = string | { image: true } | { shapes: number };

export function buildPdf(pages: PdfPageSpec[], options: { userPassword?: string } = {}): Uint8Array {
  const document = new mupdf.PDFDocument();
  const font = document.addSimpleFont(new mupdf.Font('Helvetica'));
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 8, 8], false);
  pixmap.clear(128);
  const image = document.addImage(new mupdf.Image(pixmap));
  const resources = document.addObject({ Font: { F1: font }, XObject: { I0: image } });
  for (const page of pages) {
    document.insertPage(-1, document.addPage([0, 0, 595, 842], 0, resources, pageContents(page)));
  }
  const saveOptions = options.userPassword
    ? `encrypt=aes-256,user-password=${options.userPassword},owner-password=${options.userPassword}-owner`
    : '';
  const bytes = document.saveToBuffer(saveOptions).asUint8Array().slice();
  document.destroy();
  return bytes;
}

/**
 * A PDF of about `megabytes` MB: `pages` pages, each showing an image of random (incompressible) pixels, and a text
 * line naming the page.
 */
export function buildLargePdf(megabytes: number, pages = 4): Uint8Array {
  const document = new mupdf.PDFDocument();
  const font = document.addSimpleFont(new mupdf.Font('Helvetica'));
  const side = Math.ceil(Math.sqrt((megabytes * 1024 * 1024) / pages / 3));
  for (let index = 0; index < pages; index++) {
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, side, side], false);
    const samples = pixmap.getPixels();
    for (let offset = 0; offset < samples.length; offset += 65_536) {
      randomFillSync(samples.subarray(offset, Math.min(samples.length, offset + 65_536)));
    }
    const image = document.addImage(new mupdf.Image(pixmap));
    pixmap.destroy();
    const resources = document.addObject({ Font: { F1: font }, XObject: { I0: image } });
    const contents = `q 451 0 0 451 72 300 cm /I0 Do Q\nBT /F1 12 Tf 72 780 Td (Large page ${index + 1}) Tj ET`;
    document.insertPage(-1, document.addPage([0, 0, 595, 842], 0, resources, contents));
  }
  const bytes = document.saveToBuffer('').asUint8Array().slice();
  document.destroy();
  return bytes;
}

/** Bytes that start like a PDF and are nothing of the sort. */
export function corruptPdf(): Uint8Array {
  return new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog garbage\n%%EOF\n');
}

function pageContents(page: PdfPageSpec): string {
  if (typeof page === 'string') {
    return page
      .split('\n')
      .map((line, row) => `BT /F1 12 Tf 72 ${760 - row * 16} Td (${escapePdfText(line)}) Tj ET`)
      .join('\n');
  }
  if ('image' in page) return 'q 200 0 0 200 72 500 cm /I0 Do Q';
  const shapes: string[] = [];
  for (let index = 0; index < page.shapes; index++) {
    const x = (index * 37) % 560;
    const y = (index * 53) % 800;
    shapes.push(
      `${(index % 7) / 7} ${(index % 5) / 5} ${(index % 3) / 3} rg ${x} ${y} m ${x + 30} ${y + 5} l ${x + 12} ${y + 40} l f`,
    );
  }
  return shapes.join('\n');
}

function escapePdfText(text: string): string {
  return text.replace(/[()\\]/g, (char) => `\\${char}`);
}
