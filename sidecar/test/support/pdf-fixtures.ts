// PDFs for tests, written with mupdf: pages of text, image-only pages, encrypted and corrupt documents.
import * as mupdf from 'mupdf';

/** One entry per page: its text, or `{ image: true }` for a page that shows only a picture. */
export type PdfPageSpec = string | { image: true };

export function buildPdf(pages: PdfPageSpec[], options: { userPassword?: string } = {}): Uint8Array {
  const document = new mupdf.PDFDocument();
  const font = document.addSimpleFont(new mupdf.Font('Helvetica'));
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 8, 8], false);
  pixmap.clear(128);
  const image = document.addImage(new mupdf.Image(pixmap));
  const resources = document.addObject({ Font: { F1: font }, XObject: { I0: image } });
  for (const page of pages) {
    const contents =
      typeof page === 'string'
        ? page
            .split('\n')
            .map((line, row) => `BT /F1 12 Tf 72 ${760 - row * 16} Td (${escapePdfText(line)}) Tj ET`)
            .join('\n')
        : 'q 200 0 0 200 72 500 cm /I0 Do Q';
    document.insertPage(-1, document.addPage([0, 0, 595, 842], 0, resources, contents));
  }
  const saveOptions = options.userPassword
    ? `encrypt=aes-256,user-password=${options.userPassword},owner-password=${options.userPassword}-owner`
    : '';
  const bytes = document.saveToBuffer(saveOptions).asUint8Array().slice();
  document.destroy();
  return bytes;
}

/** Bytes that start like a PDF and are nothing of the sort. */
export function corruptPdf(): Uint8Array {
  return new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog garbage\n%%EOF\n');
}

function escapePdfText(text: string): string {
  return text.replace(/[()\\]/g, (char) => `\\${char}`);
}
