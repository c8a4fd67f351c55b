// What BM25 counts of a chunk, in both index stores: its document's title, a line break, then the chunk's text.
export function bm25Text(title: string, text: string): string {
  return `${title}\n${text}`;
}
