// PDFs for tests, written with mupdf: pages of text, image-only pages, pages heavy to draw, large incompressible
// documents, encrypted and corrupt ones, and small hostile ones (a text bomb, a page slow to interpret).
import { randomFillSync } from 'node:crypto';
import { deflateSync } from 'node:zlib';
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

const BOMB_LINE = '(Lorem ipsum dolor sit amet consectetur adipiscing elit sed do) Tj';

/**
 * A text bomb: one page whose compressed content stream shows the same 62-character line `operators` times, cycling
 * down the page so that every line stays on it (about 30 KB per 100,000 operators). Each line is a text object of
 * its own, or with `oneTextObject` all are one (mupdf then gathers the whole text before any device sees it).
 */
export function buildTextBombPdf(operators: number, options: { oneTextObject?: boolean } = {}): Uint8Array {
  const rows = Array.from({ length: 60 }, (_, row) =>
    options.oneTextObject
      ? `${BOMB_LINE} ${row === 59 ? '0 708' : '0 -12'} Td\n`
      : `BT /F1 10 Tf 20 ${780 - row * 12} Td ${BOMB_LINE} ET\n`,
  );
  const body = repeated(rows.join(''), Math.ceil(operators / rows.length));
  const contents = options.oneTextObject
    ? [Buffer.from('BT /F1 10 Tf 20 780 Td\n'), body, Buffer.from('ET\n')]
    : [body];
  return pdfWithCompressedPage([Buffer.concat(contents)]);
}

/**
 * A PDF whose first page is slow to interpret: a line of text, then `operators` small filled triangles (about a
 * second per million) in its content streams, a block of 100,000 stored once and drawn as often as needed; its
 * second page is one line of text.
 */
export function buildSlowDrawingPdf(operators: number): Uint8Array {
  const triangles = Array.from({ length: 64 }, (_, index) => {
    const x = (index * 37) % 560;
    const y = (index * 53) % 800;
    return `${x} ${y} m ${x + 30} ${y + 5} l ${x + 12} ${y + 40} l f\n`;
  });
  const perBlock = Math.min(operators, 100_000);
  const block = repeated(triangles.join(''), Math.ceil(perBlock / triangles.length));
  return pdfWithCompressedPage([Buffer.from('BT /F1 12 Tf 72 800 Td (Slow page) Tj ET\n'), block], {
    repeatLast: Math.ceil(operators / perBlock),
    textPages: ['Second page'],
  });
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

/** `text` `times` times over, without building the string (content streams here run to tens of megabytes). */
function repeated(text: string, times: number): Buffer {
  const unit = Buffer.from(text);
  return Buffer.alloc(unit.length * times, unit);
}

/**
 * A PDF whose first page's content is `streams` one after the other (each Flate-compressed, the last one drawn
 * `repeatLast` times), then pages of text.
 */
function pdfWithCompressedPage(
  streams: Buffer[],
  options: { repeatLast?: number; textPages?: string[] } = {},
): Uint8Array {
  const document = new mupdf.PDFDocument();
  const font = document.addSimpleFont(new mupdf.Font('Helvetica'));
  const resources = document.addObject({ Font: { F1: font } });
  const page = document.addPage([0, 0, 595, 842], 0, resources, '');
  const compressed = streams.map((stream) =>
    document.addRawStream(deflateSync(stream, { level: 9 }), { Filter: 'FlateDecode' }),
  );
  const last = compressed.pop()!;
  page.put('Contents', [...compressed, ...Array.from({ length: options.repeatLast ?? 1 }, () => last)]);
  document.insertPage(-1, page);
  for (const text of options.textPages ?? []) {
    document.insertPage(-1, document.addPage([0, 0, 595, 842], 0, resources, pageContents(text)));
  }
  const bytes = document.saveToBuffer('').asUint8Array().slice();
  document.destroy();
  return bytes;
}

function escapePdfText(text: string): string {
  return text.replace(/[()\\]/g, (char) => `\\${char}`);
}
