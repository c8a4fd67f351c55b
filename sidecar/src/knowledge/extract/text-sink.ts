// Collects an extractor's text up to the character cap: pieces past it are dropped and the text is marked as cut,
// so no extractor holds more than the cap in memory however large its document expands.

export interface TextSink {
  /** Appends text; whitespace runs inside (line ends too) collapse to one space. */
  add(text: string): void;
  /** Appends text line by line, keeping its line ends. */
  addLines(text: string): void;
  /** Ends the current line (nothing when it is empty). */
  breakLine(): void;
  /** Separates cells or columns. */
  tab(): void;
  /** True once text was dropped at the cap. */
  readonly full: boolean;
  /** The text so far, each line trimmed, without empty lines. */
  text(): string;
}

export function createTextSink(maxChars: number): TextSink {
  const parts: string[] = [];
  let length = 0;
  let full = false;
  let atLineStart = true;
  const push = (piece: string) => {
    if (full || piece === '') return;
    if (length + piece.length > maxChars) {
      piece = piece.slice(0, Math.max(0, maxChars - length));
      full = true;
    }
    parts.push(piece);
    length += piece.length;
    atLineStart = piece.endsWith('\n');
  };
  const breakLine = () => {
    if (!atLineStart) push('\n');
  };
  return {
    add: (text) => push(text.replace(/[\s\u00a0]+/g, ' ')),
    addLines: (text) => {
      for (const line of text.split(/\r\n?|\n/)) {
        push(line.replace(/[\s\u00a0]+/g, ' '));
        breakLine();
      }
    },
    breakLine,
    tab: () => push('\t'),
    get full() {
      return full;
    },
    text: () =>
      parts
        .join('')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .join('\n'),
  };
}
