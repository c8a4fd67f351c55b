// A note as the Notes API describes it, read defensively from its JSON.
import { UpstreamError } from '../../errors.js';

export interface NoteSummary {
  id: number;
  title: string;
  category: string;
  favorite: boolean;
  readonly: boolean;
  /** Unix seconds. */
  modified: number;
}

export interface Note extends NoteSummary {
  content: string;
  /** The version to send back as If-Match when updating. */
  etag: string;
}

/** Reads a note; `etagHeader` (the ETag response header) wins over the body's `etag` field. */
export function toNote(raw: unknown, etagHeader?: string | string[]): Note {
  const summary = toNoteSummary(raw);
  const fields = raw as Record<string, unknown>;
  const header = Array.isArray(etagHeader) ? etagHeader[0] : etagHeader;
  const etag = header ? header.replace(/^W\//, '').replace(/"/g, '') : String(fields.etag ?? '');
  return { ...summary, content: typeof fields.content === 'string' ? fields.content : '', etag };
}

export function toNoteSummary(raw: unknown): NoteSummary {
  const fields = (raw ?? {}) as Record<string, unknown>;
  if (typeof fields.id !== 'number') throw new UpstreamError('Nextcloud Notes answered with a note without an id.');
  return {
    id: fields.id,
    title: typeof fields.title === 'string' ? fields.title : '',
    category: typeof fields.category === 'string' ? fields.category : '',
    favorite: fields.favorite === true,
    readonly: fields.readonly === true,
    modified: typeof fields.modified === 'number' ? fields.modified : 0,
  };
}

/** Entries of a chunked or pruned listing that carry only an id (no title) are placeholders, not notes. */
export function isFullNote(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && 'title' in raw;
}
