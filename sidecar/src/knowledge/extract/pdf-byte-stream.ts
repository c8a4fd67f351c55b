// A mupdf stream over a PDF's bytes that can end early: mupdf reads a page's content stream in small pieces while it
// interprets it, so each read is a moment to check the clock and the memory, and a read that answers "end of file"
// stops the interpretation cleanly (mupdf warns "premature end of data" and finishes the page with what it has).
// Throwing from a callback instead would unwind through WebAssembly frames and corrupt mupdf's state.
import * as mupdf from 'mupdf';

/** Why reading stopped: the character cap, the time box of the page or document, or the memory bound. */
export type ReadStop = 'characters' | 'time' | 'memory';

export interface PdfByteStream {
  stream: mupdf.Stream;
  /** Set before each page: the next read after it says stop ends the stream for good. */
  watch(check: (wasmMemoryBytes: number) => ReadStop | undefined): void;
  /** Ends the stream at the next read (the reason is `stoppedBy`). */
  stop(reason: ReadStop): void;
  /** Why the stream ended early, or undefined while it reads on. */
  stoppedBy(): ReadStop | undefined;
}

export function createPdfByteStream(bytes: Uint8Array): PdfByteStream {
  let check: (wasmMemoryBytes: number) => ReadStop | undefined = () => undefined;
  let stopped: ReadStop | undefined;
  const stream = new mupdf.Stream({
    fileSize: () => bytes.length,
    read: (memory: Uint8Array, offset: number, length: number, position: number) => {
      stopped ??= check(memory.buffer.byteLength);
      if (stopped) return 0;
      const piece = bytes.subarray(position, position + length);
      memory.set(piece, offset);
      return piece.length;
    },
    close: () => undefined,
  });
  return {
    stream,
    watch: (next) => (check = next),
    stop: (reason) => (stopped ??= reason),
    stoppedBy: () => stopped,
  };
}
