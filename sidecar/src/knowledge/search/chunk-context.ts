// The text around a chunk: the document's text rebuilt from its stored chunks (overlaps removed by offset), and
// the characters before and after the given range.
import { NotFoundError, InvalidInputError } from '../../errors.js';
import type { DocType } from '../doc-types.js';
import type { IndexStore } from '../index/index-store.js';

export interface ChunkContextRequest {
  docType: DocType;
  docId: string;
  start: number;
  end: number;
  /** Characters wanted on each side. */
  context: number;
}

export interface ChunkContext {
  doc_type: DocType;
  doc_id: string;
  title: string;
  start: number;
  end: number;
  text: string;
  before: string;
  after: string;
  has_more_before: boolean;
  has_more_after: boolean;
  page_number: number | null;
  page_count: number | null;
}

export async function readChunkContext(
  store: IndexStore,
  userId: string,
  request: ChunkContextRequest,
): Promise<ChunkContext> {
  const points = await store.documentPoints(userId, request.docType, request.docId);
  if (points.length === 0) throw new NotFoundError('No indexed document of that type and id.');
  let text = '';
  for (const point of points) {
    if (point.start > text.length) text += ' '.repeat(point.start - text.length);
    if (point.end > text.length) text += point.text.slice(text.length - point.start);
  }
  if (request.end > text.length) {
    throw new InvalidInputError(`end is beyond the document's indexed text (${text.length} characters).`);
  }
  const from = Math.max(0, request.start - request.context);
  const to = Math.min(text.length, request.end + request.context);
  const page = points.find((point) => point.start <= request.start && request.start < point.end)?.page ?? null;
  return {
    doc_type: request.docType,
    doc_id: request.docId,
    title: points[0]!.document.title,
    start: request.start,
    end: request.end,
    text: text.slice(request.start, request.end),
    before: text.slice(from, request.start),
    after: text.slice(request.end, to),
    has_more_before: from > 0,
    has_more_after: to < text.length,
    page_number: page,
    page_count: points[0]!.document.pageCount ?? null,
  };
}
