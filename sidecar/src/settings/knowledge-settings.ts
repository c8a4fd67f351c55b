// Settings of the knowledge capability: its sync, chunking, the embedding provider and the index database.
import { parseBoolean, parseHttpUrl, parsePositiveInteger } from './parsers.js';
import { parseNextcloudSearchSettings, type NextcloudSearchSettings } from './nextcloud-search-settings.js';
import { parseOcrSettings, type OcrSettings } from './ocr-settings.js';
import { parseDocumentTextSettings, type DocumentTextSettings } from './document-text-settings.js';
import { parsePdfTextSettings, type PdfTextSettings } from './pdf-text-settings.js';

export const EMBEDDING_PROVIDERS = ['hashing', 'openai'] as const;
export type EmbeddingProviderName = (typeof EMBEDDING_PROVIDERS)[number];

export interface KnowledgeSettings {
  /**
   * KNOWLEDGE_ENABLED: index users' documents in the background and offer search. Every KNOWLEDGE_* setting here was
   * VECTOR_SYNC_* first; the old names still work (setting-aliases.ts).
   */
  enabled: boolean;
  /** KNOWLEDGE_SCAN_INTERVAL (seconds, default 300): how often each user's sources are rescanned. */
  scanIntervalMs: number;
  /**
   * KNOWLEDGE_RESCAN_NOTICES_PER_MINUTE (default 12, at most 600): scans of one user that the companion's notices
   * (a share made or removed, a Deck card changed) may start in a minute; later notices wait for a free one.
   */
  rescanNoticesPerMinute: number;
  /** KNOWLEDGE_WORKERS (default 2): documents fetched and indexed at once. */
  workers: number;
  /** KNOWLEDGE_QUEUE_MAX (default 100000): queued documents kept at most (new work waits for the next scan). */
  queueMax: number;
  /**
   * KNOWLEDGE_QUEUE_MAX_PER_USER (default 20000, at most KNOWLEDGE_QUEUE_MAX): one user's queued documents kept
   * at most, so one user's backlog never fills the queue for everyone.
   */
  queueMaxPerUser: number;
  /** KNOWLEDGE_MAX_ATTEMPTS (default 5): tries before a document becomes a dead letter. */
  maxAttempts: number;
  /** KNOWLEDGE_MAX_FILE_BYTES (default 10 MiB): larger files are skipped and counted. */
  maxFileBytes: number;
  /** KNOWLEDGE_PDF_*: workers, time boxes and memory of reading PDFs' text (pdf-text-settings.ts). */
  pdfText: PdfTextSettings;
  /** KNOWLEDGE_NEXTCLOUD_SEARCH_*: bounds of asking Nextcloud's unified search beside the index. */
  nextcloudSearch: NextcloudSearchSettings;
  /** KNOWLEDGE_OCR_*: reading scans with Tesseract, off by default (ocr-settings.ts). */
  ocr: OcrSettings;
  /** KNOWLEDGE_DOCUMENT_*: time box and zip bounds of reading Office and other documents (document-text-settings.ts). */
  documentText: DocumentTextSettings;
  /** CHUNK_SIZE (characters, default 1200) and CHUNK_OVERLAP (default 200). */
  chunkSize: number;
  chunkOverlap: number;
  embedding: {
    /** EMBEDDING_PROVIDER: `hashing` (default: offline, lexical) or `openai` (any OpenAI-compatible /embeddings). */
    provider: EmbeddingProviderName;
    /** EMBEDDING_BASE_URL, e.g. http://ollama:11434/v1 */
    baseUrl?: string;
    /** EMBEDDING_MODEL, e.g. nomic-embed-text */
    model?: string;
    /** EMBEDDING_API_KEY (sent as a Bearer token; never logged). */
    apiKey?: string;
    /** EMBEDDING_BATCH_SIZE (default 32). */
    batchSize: number;
    /** EMBEDDING_DIMENSIONS: hashing's dimension (default 384); for openai it is detected. */
    dimensions: number;
  };
  /**
   * WEBHOOK_MAX_AGE_SECONDS (default 3600, 60 to 86400) in ms: a delivery whose `time` is older is ignored (a replay;
   * Nextcloud delivers from cron jobs, usually within minutes), as is one seen before within the window.
   */
  webhookMaxAgeMs: number;
  /** WEBHOOK_RECEIVER_URL: where Nextcloud delivers webhooks (default: the public URL + /webhooks/nextcloud). */
  webhookReceiverUrl?: string;
}

export function parseKnowledgeSettings(
  read: (name: string) => string | undefined,
  problems: string[],
): KnowledgeSettings {
  const int = (name: string, fallback: number) => parsePositiveInteger(name, read(name), problems) ?? fallback;
  const provider = read('EMBEDDING_PROVIDER')?.toLowerCase() ?? 'hashing';
  if (!(EMBEDDING_PROVIDERS as readonly string[]).includes(provider)) {
    problems.push(`EMBEDDING_PROVIDER must be one of ${EMBEDDING_PROVIDERS.join(', ')} (got "${provider}").`);
  }
  const baseUrlRaw = read('EMBEDDING_BASE_URL');
  const baseUrl = baseUrlRaw ? parseHttpUrl('EMBEDDING_BASE_URL', baseUrlRaw, problems) : undefined;
  const model = read('EMBEDDING_MODEL');
  if (provider === 'openai' && !(baseUrlRaw && model)) {
    problems.push('EMBEDDING_PROVIDER=openai needs EMBEDDING_BASE_URL and EMBEDDING_MODEL.');
  }
  const chunkSize = int('CHUNK_SIZE', 1200);
  const chunkOverlap = parseNonNegative('CHUNK_OVERLAP', read('CHUNK_OVERLAP'), problems) ?? 200;
  if (chunkSize < 100) problems.push(`CHUNK_SIZE must be at least 100 characters (got ${chunkSize}).`);
  if (chunkOverlap >= chunkSize / 2) problems.push('CHUNK_OVERLAP must be less than half of CHUNK_SIZE.');
  const receiverRaw = read('WEBHOOK_RECEIVER_URL');
  const dimensions = int('EMBEDDING_DIMENSIONS', 384);
  const queueMax = int('KNOWLEDGE_QUEUE_MAX', 100_000);
  const webhookMaxAge = int('WEBHOOK_MAX_AGE_SECONDS', 3600);
  if (webhookMaxAge < 60 || webhookMaxAge > 86_400) {
    problems.push(`WEBHOOK_MAX_AGE_SECONDS must be between 60 and 86400 (got ${webhookMaxAge}).`);
  }
  if (dimensions > 4096) problems.push(`EMBEDDING_DIMENSIONS must be at most 4096 (got ${dimensions}).`);
  return {
    enabled: parseBoolean('KNOWLEDGE_ENABLED', read('KNOWLEDGE_ENABLED'), problems) ?? false,
    scanIntervalMs: int('KNOWLEDGE_SCAN_INTERVAL', 300) * 1000,
    rescanNoticesPerMinute: Math.min(int('KNOWLEDGE_RESCAN_NOTICES_PER_MINUTE', 12), 600),
    workers: Math.min(int('KNOWLEDGE_WORKERS', 2), 16),
    queueMax,
    queueMaxPerUser: Math.min(int('KNOWLEDGE_QUEUE_MAX_PER_USER', 20_000), queueMax),
    maxAttempts: Math.min(int('KNOWLEDGE_MAX_ATTEMPTS', 5), 20),
    maxFileBytes: int('KNOWLEDGE_MAX_FILE_BYTES', 10 * 1024 * 1024),
    pdfText: parsePdfTextSettings(read, problems),
    nextcloudSearch: parseNextcloudSearchSettings(read, problems),
    ocr: parseOcrSettings(read, problems),
    documentText: parseDocumentTextSettings(read, problems),
    chunkSize,
    chunkOverlap,
    embedding: {
      provider: provider as EmbeddingProviderName,
      baseUrl,
      model,
      apiKey: read('EMBEDDING_API_KEY'),
      batchSize: Math.min(int('EMBEDDING_BATCH_SIZE', 32), 2048),
      dimensions,
    },
    webhookReceiverUrl: receiverRaw ? parseHttpUrl('WEBHOOK_RECEIVER_URL', receiverRaw, problems) : undefined,
    webhookMaxAgeMs: webhookMaxAge * 1000,
  };
}

function parseNonNegative(name: string, raw: string | undefined, problems: string[]): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw)) {
    problems.push(`${name} must be a whole number of 0 or more (got "${raw}").`);
    return undefined;
  }
  return Number(raw);
}
