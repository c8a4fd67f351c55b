// Splits a document's text into overlapping chunks at paragraph, sentence or word boundaries, with character
// offsets into the whole text and, for paged documents, the page of each chunk (chunks never cross pages).
export const PAGE_SEPARATOR = '\n\n';

export interface TextChunk {
  index: number;
  total: number;
  /** UTF-16 offsets into `documentText(pages)`; `text` is exactly that slice. */
  start: number;
  end: number;
  /** 1-based page for paged documents, null otherwise. */
  page: number | null;
  text: string;
}

export interface ChunkOptions {
  /** Longest chunk in characters. */
  size: number;
  /** Characters the next chunk repeats from the end of the previous one (< size / 2). */
  overlap: number;
  /** Pages carry page numbers (PDF); a single unpaged text does not. */
  paged: boolean;
}

/** The text chunk offsets refer to: the pages joined by a blank line. */
export function documentText(pages: readonly string[]): string {
  return pages.join(PAGE_SEPARATOR);
}

export function chunkDocument(pages: readonly string[], options: ChunkOptions): TextChunk[] {
  return [...chunkPieces(pages, options)].map((piece, index, all) => ({ ...piece, index, total: all.length }));
}

/** The same chunks, produced lazily (without index and total), so a caller can pause between them. */
export function* chunkPieces(
  pages: readonly string[],
  options: ChunkOptions,
): Generator<Omit<TextChunk, 'index' | 'total'>> {
  let pageStart = 0;
  for (const [pageIndex, page] of pages.entries()) {
    for (const [start, end] of chunkRanges(page, options.size, options.overlap)) {
      yield {
        start: pageStart + start,
        end: pageStart + end,
        page: options.paged ? pageIndex + 1 : null,
        text: page.slice(start, end),
      };
    }
    pageStart += page.length + PAGE_SEPARATOR.length;
  }
}

/** [start, end) ranges over `text`, whitespace trimmed, empty ranges dropped. */
function* chunkRanges(text: string, size: number, overlap: number): Generator<[number, number]> {
  let start = skipSpace(text, 0);
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) end = breakPoint(text, start, end, size);
    const trimmedEnd = trimEnd(text, start, end);
    if (trimmedEnd > start) yield [start, trimmedEnd];
    if (end >= text.length) break;
    const next = wordStart(text, Math.max(end - overlap, start + 1), end);
    start = skipSpace(text, next > start ? next : end);
  }
}

/** The best place to end a chunk in (start + size/2, end]: a paragraph, a sentence, then a word boundary. */
function breakPoint(text: string, start: number, end: number, size: number): number {
  const floor = start + Math.floor(size / 2);
  const window = text.slice(floor, end);
  for (const pattern of [/\n\s*\n/g, /[.!?…。](?=\s)/g, /\s/g]) {
    let last = -1;
    for (const match of window.matchAll(pattern)) last = match.index + match[0].length;
    if (last > 0) return floor + last;
  }
  return end;
}

/** The first word start at or after `from` (not beyond `limit`). */
function wordStart(text: string, from: number, limit: number): number {
  for (let i = from; i < limit; i += 1) {
    if (isSpace(text, i - 1) && !isSpace(text, i)) return i;
  }
  return from;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text, i)) i += 1;
  return i;
}

function trimEnd(text: string, start: number, end: number): number {
  let i = end;
  while (i > start && isSpace(text, i - 1)) i -= 1;
  return i;
}

const SPACE = /\s/;
/** Out of range counts as space (a chunk may start at the very beginning). */
function isSpace(text: string, index: number): boolean {
  const char = text[index];
  return char === undefined || SPACE.test(char);
}
