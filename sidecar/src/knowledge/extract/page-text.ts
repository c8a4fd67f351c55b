// One page's text read while mupdf interprets the page: a device takes each piece of text as it is drawn and lays it
// out in small batches (mupdf's structured text of a display list), so the text of a page never exists whole in
// memory before the character cap applies, and reading stops once the cap is reached.
import * as mupdf from 'mupdf';
import type { PdfByteStream } from './pdf-byte-stream.js';

export interface PageText {
  /** The page's text, at most `maxChars` characters. */
  text: string;
  /** The page had more text than `maxChars` allowed. */
  reachedCap: boolean;
}

/** Glyphs laid out at once: a normal page fits in one batch; a batch costs a few MB of WebAssembly memory at most. */
const GLYPHS_PER_BATCH = 65_536;

/**
 * Reads the text of `page` (opened from `source`), keeping at most `maxChars` characters. Once the cap is reached,
 * or `source` stops for time or memory, the device takes no more text and the rest of the page is not read.
 */
export function readPageText(page: mupdf.Page, source: PdfByteStream, maxChars: number): PageText {
  const batch = createTextBatch(page.getBounds());
  let text = '';
  // An error must not leave a device callback: it would unwind through mupdf's WebAssembly frames and leave its
  // state corrupt. It is kept, no more text is taken, and it is thrown once mupdf has finished the page.
  let failure: { error: unknown } | undefined;
  const takesText = () => failure === undefined && source.stoppedBy() === undefined;
  const take = (piece: mupdf.Text, draw: (device: mupdf.Device) => void) => {
    try {
      batch.add(piece, draw);
      if (batch.glyphs < GLYPHS_PER_BATCH) return;
      text += batch.layOut();
      if (text.length >= maxChars) source.stop('characters');
    } catch (error) {
      failure = { error };
    }
  };
  const capture = captureDevice(takesText, take);
  try {
    page.run(capture, mupdf.Matrix.identity);
    capture.close();
    if (failure) throw failure.error;
    text += batch.layOut();
  } finally {
    capture.destroy();
    batch.destroy();
  }
  text = text.trim();
  return { text: text.slice(0, maxChars), reachedCap: text.length > maxChars || source.stoppedBy() === 'characters' };
}

interface TextBatch {
  /** Glyphs added since the last layOut. */
  readonly glyphs: number;
  add(piece: mupdf.Text, draw: (device: mupdf.Device) => void): void;
  /** The text of what was added since the last call, laid out by mupdf; the batch starts empty again. */
  layOut(): string;
  destroy(): void;
}

function createTextBatch(bounds: mupdf.Rect): TextBatch {
  let list = new mupdf.DisplayList(bounds);
  let recorder = new mupdf.DisplayListDevice(list);
  let glyphs = 0;
  const release = () => {
    recorder.destroy();
    list.destroy();
  };
  return {
    get glyphs() {
      return glyphs;
    },
    add: (piece, draw) => {
      piece.walk({ showGlyph: () => void glyphs++ });
      draw(recorder);
    },
    layOut: () => {
      recorder.close();
      const structured = list.toStructuredText('');
      try {
        return structured.asText();
      } finally {
        structured.destroy();
        release();
        list = new mupdf.DisplayList(bounds);
        recorder = new mupdf.DisplayListDevice(list);
        glyphs = 0;
      }
    },
    destroy: release,
  };
}

/**
 * A device that passes every piece of text to `take` while `takesText()` and ignores everything else. Its callbacks
 * are getters: mupdf looks each one up per drawing command, and one that is absent costs no wrapper objects, so
 * drawing commands (and text once nothing more is taken) pass at native speed. Text used as a clip is recorded as
 * invisible text, so the recording holds no clip to balance.
 */
function captureDevice(
  takesText: () => boolean,
  take: (piece: mupdf.Text, draw: (device: mupdf.Device) => void) => void,
): mupdf.Device {
  const whileTaking = <Callback>(callback: Callback) => (takesText() ? callback : undefined);
  const callbacks = {
    fillText: (
      piece: mupdf.Text,
      ctm: mupdf.Matrix,
      colorspace: mupdf.ColorSpace,
      color: mupdf.Color,
      alpha: number,
    ) => {
      take(piece, (device) => device.fillText(piece, ctm, colorspace, color, alpha));
      release(piece, colorspace);
    },
    strokeText: (
      piece: mupdf.Text,
      stroke: mupdf.StrokeState,
      ctm: mupdf.Matrix,
      colorspace: mupdf.ColorSpace,
      color: mupdf.Color,
      alpha: number,
    ) => {
      take(piece, (device) => device.strokeText(piece, stroke, ctm, colorspace, color, alpha));
      release(piece, stroke, colorspace);
    },
    invisibleText: (piece: mupdf.Text, ctm: mupdf.Matrix, stroke?: mupdf.StrokeState) => {
      take(piece, (device) => device.ignoreText(piece, ctm));
      release(piece, stroke);
    },
  };
  return new mupdf.Device({
    get fillText() {
      return whileTaking(callbacks.fillText);
    },
    get strokeText() {
      return whileTaking(callbacks.strokeText);
    },
    get clipText() {
      return whileTaking((piece: mupdf.Text, ctm: mupdf.Matrix) => callbacks.invisibleText(piece, ctm));
    },
    get clipStrokeText() {
      return whileTaking((piece: mupdf.Text, stroke: mupdf.StrokeState, ctm: mupdf.Matrix) =>
        callbacks.invisibleText(piece, ctm, stroke),
      );
    },
    get ignoreText() {
      return whileTaking((piece: mupdf.Text, ctm: mupdf.Matrix) => callbacks.invisibleText(piece, ctm));
    },
  });
}

/** Each callback argument holds a reference into mupdf's memory until destroyed (or, later, garbage collected). */
function release(...objects: ({ destroy(): void } | undefined)[]): void {
  for (const object of objects) object?.destroy();
}
