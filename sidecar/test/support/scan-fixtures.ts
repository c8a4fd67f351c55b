// Scans for OCR tests, made by the test: a page of text drawn by mupdf and rasterised to a PNG, JPEG or TIFF, and a
// PDF whose only page is that image (no text layer). Also the check that Tesseract is installed, with a clear reason.
import { execFileSync } from 'node:child_process';
import * as mupdf from 'mupdf';
import { buildPdf } from './pdf-fixtures.js';

/** Resolution the test scans are rasterised at: 12 pt text is 25 pixels high, which Tesseract reads well. */
const SCAN_DPI = 150;

/** The lines drawn on an A4 page in 12 pt Helvetica, rasterised in grey at 150 dpi. */
export function scanOfText(lines: string[], format: 'png' | 'jpeg' | 'tiff' = 'png'): Uint8Array {
  const document = mupdf.Document.openDocument(buildPdf([lines.join('\n')]), 'application/pdf');
  const page = document.loadPage(0);
  const zoom = SCAN_DPI / 72;
  const pixmap = page.toPixmap(mupdf.Matrix.scale(zoom, zoom), mupdf.ColorSpace.DeviceGray, false, true);
  try {
    if (format === 'jpeg') return pixmap.asJPEG(90, false).slice();
    if (format === 'tiff') return greyTiff(pixmap.getWidth(), pixmap.getHeight(), pixmap.getPixels());
    return pixmap.asPNG().slice();
  } finally {
    pixmap.destroy();
    page.destroy();
    document.destroy();
  }
}

/** An A4 PDF whose only page shows `png` over the whole page, with no text: a scanned page. */
export function imageOnlyPdf(png: Uint8Array): Uint8Array {
  const document = new mupdf.PDFDocument();
  const image = document.addImage(new mupdf.Image(png));
  const resources = document.addObject({ XObject: { I0: image } });
  document.insertPage(-1, document.addPage([0, 0, 595, 842], 0, resources, 'q 595 0 0 842 0 0 cm /I0 Do Q'));
  const bytes = document.saveToBuffer('').asUint8Array().slice();
  document.destroy();
  return bytes;
}

/** A PNG of `width` × `height` white pixels (mostly to be refused for its size). */
export function blankPng(width: number, height: number): Uint8Array {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, width, height], false);
  try {
    pixmap.clear(255);
    return pixmap.asPNG().slice();
  } finally {
    pixmap.destroy();
  }
}

/**
 * Throws, naming the Debian packages, when `tesseract` or one of `languages` is missing: OCR tests fail with that
 * reason instead of being skipped (`make test` installs them through scripts/install-system-packages.sh).
 */
export function requireTesseract(languages: string[] = ['eng']): void {
  let listed: string;
  try {
    listed = execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', timeout: 10_000 });
  } catch {
    throw new Error(
      'The OCR tests need Tesseract: apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu ' +
        '(make test-system-packages installs them).',
    );
  }
  const installed = listed
    .split('\n')
    .slice(1)
    .map((line) => line.trim());
  const missing = languages.filter((language) => !installed.includes(language));
  if (missing.length > 0) {
    throw new Error(`The OCR tests need Tesseract's languages ${missing.join(', ')}: apt-get install tesseract-ocr-…`);
  }
}

/** An uncompressed 8-bit greyscale TIFF (baseline TIFF, little-endian, one strip). */
function greyTiff(width: number, height: number, pixels: Uint8ClampedArray): Uint8Array {
  const entries: [tag: number, type: number, value: number][] = [
    [256, 4, width], // ImageWidth
    [257, 4, height], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, 0], // StripOffsets (set below)
    [277, 3, 1], // SamplesPerPixel
    [278, 4, height], // RowsPerStrip
    [279, 4, width * height], // StripByteCounts
  ];
  const ifdOffset = 8;
  const ifdBytes = 2 + entries.length * 12 + 4;
  const dataOffset = ifdOffset + ifdBytes;
  entries[5]![2] = dataOffset;
  const tiff = Buffer.alloc(dataOffset + width * height);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(ifdOffset, 4);
  tiff.writeUInt16LE(entries.length, ifdOffset);
  entries.forEach(([tag, type, value], index) => {
    const at = ifdOffset + 2 + index * 12;
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(1, at + 4);
    if (type === 3) tiff.writeUInt16LE(value, at + 8);
    else tiff.writeUInt32LE(value, at + 8);
  });
  tiff.writeUInt32LE(0, ifdOffset + 2 + entries.length * 12);
  Buffer.from(pixels.buffer, pixels.byteOffset, width * height).copy(tiff, dataOffset);
  return new Uint8Array(tiff.buffer, tiff.byteOffset, tiff.length);
}
