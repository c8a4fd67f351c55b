// The knowledge index behind one interface: documents and their chunks per user, BM25 and nearest-vector search.
// Two implementations (embedded SQLite, PostgreSQL + pgvector) pass one test suite; every method is scoped to one
// user, so no query can reach another user's chunks.
import type { TextChunk } from '../text/chunker.js';
import type { DocType } from '../doc-types.js';
import type { Embedder } from '../embedders/embedder.js';

export type EmbedderKind = Embedder['kind'];

/** A document as indexed for one user (the same Nextcloud file shared with two users is two documents). */
export interface IndexedDocument {
  docType: DocType;
  /** Stable id within the type for this user: file id, note id, card id, `{calendar}/{object}.ics`, … */
  docId: string;
  title: string;
  mimeType: string;
  /** What Nextcloud says about this version (ETag, modification stamp); unchanged version → not re-indexed. */
  version: string;
  /** Path of a file (or note) relative to the user's home, `/Documents/report.pdf`; absent for other types. */
  filePath?: string;
  /** Path below the Nextcloud base URL that opens the item in its app (`/index.php/apps/notes/note/12`). */
  link?: string;
  /** Pages of a paged document (PDF); absent otherwise. */
  pageCount?: number;
  /** Unix seconds of the last change Nextcloud reported. */
  modifiedAt?: number;
  /** Small extra facts to show (board and stack of a card, calendar name, feed); strings only, bounded. */
  extra?: Record<string, string>;
}

/** One chunk of a document's text (offsets into the pages joined by "\n\n", see chunker.ts) with its vector. */
export interface ChunkInput extends TextChunk {
  /** L2-normalised embedding of `text`; every chunk of the index has the embedder's dimension. */
  vector: Float32Array;
}

/** One document and its chunks, as `replaceDocuments` takes them. */
export interface DocumentWrite {
  document: IndexedDocument;
  chunks: readonly ChunkInput[];
}

/** A stored chunk with its document, as results and chunk context need it. */
export interface IndexedPoint extends TextChunk {
  /** Opaque id, unique in the store (a decimal number as a string). */
  pointId: string;
  document: IndexedDocument;
  /** Present only when asked for. */
  vector?: Float32Array;
}

export interface ScoredPoint {
  pointId: string;
  /** bm25: the BM25 score; nearest: cosine similarity. */
  score: number;
}

export interface RankedPoints {
  /** Best first, at most `limit`. */
  hits: ScoredPoint[];
  /** bm25 only: the most a chunk could score for the query (bm25.ts `bm25Attainable`); 0 when nothing can match. */
  attainable?: number;
  /** How many chunks matched in all (bm25: containing a query term; nearest: scoring at least `minScore`). */
  total: number;
}

export interface SearchFilter {
  /** Only these types; absent or empty: all six. */
  docTypes?: readonly DocType[];
  limit: number;
}

export interface IndexCounts {
  documents: number;
  chunks: number;
  byType: Partial<Record<DocType, { documents: number; chunks: number }>>;
}

export interface IndexStore {
  readonly engine: 'sqlite' | 'postgres';
  /**
   * Makes the index hold vectors of this embedder only: when the stored embedder differs (another model or
   * dimension), or the index's terms were made by another tokenizer version (bm25-text.ts), every document is
   * removed so the next scans index them again. Returns whether it cleared anything. `kind` (default semantic):
   * the embedded store keeps a lexical embedder's vectors as int8 only (their cosines are then those of the int8
   * vectors, within about 0.01 of the float ones); PostgreSQL keeps every vector as floats.
   */
  useEmbedder(embedderId: string, dimensions: number, kind?: EmbedderKind): Promise<boolean>;
  /** Replaces the document and all its chunks atomically (an empty chunk list keeps the document, without text). */
  replaceDocument(userId: string, document: IndexedDocument, chunks: readonly ChunkInput[]): Promise<void>;
  /**
   * Replaces several of one user's documents, with the same result as `replaceDocument` of each in order; small
   * documents share transactions (bounded by batch-writes.ts), so a build of many notes or abstracts commits rarely.
   * Every input is checked before anything is written.
   */
  replaceDocuments(userId: string, writes: readonly DocumentWrite[]): Promise<void>;
  deleteDocument(userId: string, docType: DocType, docId: string): Promise<boolean>;
  /** Documents of a file path (a webhook names a deleted file by its path only). */
  findByFilePath(userId: string, filePath: string): Promise<IndexedDocument[]>;
  /** Removes the user's whole index; returns how many documents went. */
  deleteUser(userId: string): Promise<number>;
  /** docId → version of the user's documents of one type (scans compare against it). */
  versions(userId: string, docType: DocType): Promise<Map<string, string>>;
  /**
   * BM25 over the user's chunks (statistics over all of the user's chunks), with the shared tokenizer; each chunk's
   * score adds the damped evidence of its document's other matching chunks (bm25.ts `withDocumentEvidence`).
   */
  bm25(userId: string, query: string, filter: SearchFilter): Promise<RankedPoints>;
  /** Nearest chunks by cosine similarity to an L2-normalised vector; `total` counts chunks scoring ≥ minScore. */
  nearest(userId: string, vector: Float32Array, filter: SearchFilter & { minScore?: number }): Promise<RankedPoints>;
  /** The user's points among `pointIds` (others' ids and unknown ids are simply absent), in the order asked. */
  points(userId: string, pointIds: readonly string[], options?: { vectors?: boolean }): Promise<IndexedPoint[]>;
  /** Every chunk of one document in order (chunk context rebuilds the text from them). */
  documentPoints(userId: string, docType: DocType, docId: string): Promise<IndexedPoint[]>;
  counts(userId: string): Promise<IndexCounts>;
  /**
   * 32 random bytes of this index, made once and kept with it (its meta table): the key of the public point ids
   * (point-ids.ts), the same for every process that shares the index.
   */
  pointIdSecret(): Promise<Buffer>;
  close(): Promise<void>;
}
