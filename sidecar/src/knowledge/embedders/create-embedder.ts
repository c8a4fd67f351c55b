// Chooses the embedder the settings name; an HTTP embedder is reached lazily and again after a failure, so the
// sidecar starts while the embedding service is down (the queue waits, search answers with BM25 meanwhile).
import type { HttpClient } from '../../net/http-client.js';
import type { KnowledgeSettings } from '../../settings/knowledge-settings.js';
import { EmbedderUnavailableError, type Embedder } from './embedder.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import { createOpenAiEmbedder } from './openai-embedder.js';

export interface EmbedderHandle {
  /** What the settings chose, for status before it was reached ("hashing", "openai nomic-embed-text"). */
  readonly configured: string;
  /** The embedder once reached; throws EmbedderUnavailableError while it cannot be (retried after `retryMs`). */
  get(): Promise<Embedder>;
  /** The embedder if already reached. */
  peek(): Embedder | undefined;
}

export function createEmbedderHandle(
  settings: KnowledgeSettings['embedding'],
  http: HttpClient,
  options: { timeoutMs: number; retryMs?: number; clock?: () => number },
): EmbedderHandle {
  if (settings.provider === 'hashing') {
    const embedder = createHashingEmbedder(settings.dimensions);
    return { configured: 'hashing', get: () => Promise.resolve(embedder), peek: () => embedder };
  }
  const clock = options.clock ?? Date.now;
  const retryMs = options.retryMs ?? 30_000;
  let embedder: Embedder | undefined;
  let pending: Promise<Embedder> | undefined;
  let failedAt = -Infinity;
  let lastError: unknown;
  return {
    configured: `openai ${settings.model}`,
    peek: () => embedder,
    get: () => {
      if (embedder) return Promise.resolve(embedder);
      if (clock() - failedAt < retryMs) {
        return Promise.reject(
          lastError instanceof EmbedderUnavailableError
            ? lastError
            : new EmbedderUnavailableError('The embedding service cannot be reached.'),
        );
      }
      pending ??= createOpenAiEmbedder({
        http,
        baseUrl: settings.baseUrl!,
        model: settings.model!,
        apiKey: settings.apiKey,
        batchSize: settings.batchSize,
        timeoutMs: options.timeoutMs,
      })
        .then((reached) => (embedder = reached))
        .catch((error: unknown) => {
          failedAt = clock();
          lastError = error;
          throw error;
        })
        .finally(() => (pending = undefined));
      return pending;
    },
  };
}
