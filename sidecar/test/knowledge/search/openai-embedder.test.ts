// The OpenAI-compatible embedder against a real embeddings server: dimension detection, batching, normalised vectors
// in input order, every bad answer an EmbedderUnavailableError that names no URL or key, and the lazy retry.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddingService, type EmbeddingService } from '../../../../test/platform/embedding-service.js';
import { createHttpClient, type HttpClient } from '../../../src/net/http-client.js';
import { createEmbedderHandle } from '../../../src/knowledge/embedders/create-embedder.js';
import { EmbedderUnavailableError } from '../../../src/knowledge/embedders/embedder.js';
import { createOpenAiEmbedder } from '../../../src/knowledge/embedders/openai-embedder.js';
import type { KnowledgeSettings } from '../../../src/settings/knowledge-settings.js';

const API_KEY = 'sk-test-3f9a1c0d5e7b';
let service: EmbeddingService;
let http: HttpClient;

beforeAll(async () => {
  service = await startEmbeddingService({ dimensions: 12 });
  http = createHttpClient({ verifySsl: true, timeoutMs: 5000, userAgent: 'test' });
});
afterEach(() => service.reset());
afterAll(async () => {
  await http.close();
  await service.stop();
});

const options = (overrides: Partial<Parameters<typeof createOpenAiEmbedder>[0]> = {}) => ({
  http,
  baseUrl: service.baseUrl,
  model: 'nomic-embed-text',
  apiKey: API_KEY,
  batchSize: 4,
  timeoutMs: 400,
  ...overrides,
});
const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
const texts = (n: number) =>
  Array.from({ length: n }, (_, i) => `text number ${i} ${'abcdefghijkl'[i % 12]!.repeat(i + 1)}`);

describe('the OpenAI-compatible embedder', () => {
  it('detects the dimension from the first answer and names provider, model and dimension in its id', async () => {
    const embedder = await createOpenAiEmbedder(options());

    expect(embedder.dimensions).toBe(12);
    expect(embedder.id).toBe('openai:nomic-embed-text:12');
    expect(embedder.kind).toBe('semantic');
    expect(service.requests()).toBe(1);
  });

  it('sends EMBEDDING_BATCH_SIZE texts per request', async () => {
    const embedder = await createOpenAiEmbedder(options({ batchSize: 4 }));
    const before = service.requests();

    const vectors = await embedder.embed(texts(10));

    expect(vectors).toHaveLength(10);
    expect(service.requests() - before).toBe(3);
    expect(
      service
        .inputs()
        .slice(-3)
        .map((batch) => batch.length),
    ).toEqual([4, 4, 2]);
  });

  it('returns L2-normalised vectors in input order even when the service answers out of order', async () => {
    const embedder = await createOpenAiEmbedder(options());
    const inOrder = await embedder.embed(texts(4));
    service.setOutOfOrder(true);

    const reversed = await embedder.embed(texts(4));

    for (const vector of reversed) expect(norm(vector)).toBeCloseTo(1, 5);
    expect(reversed.map((v) => [...v])).toEqual(inOrder.map((v) => [...v]));
    // The inputs differ, so order matters: the first and last vectors are not the same.
    expect([...reversed[0]!]).not.toEqual([...reversed[3]!]);
  });

  it('sends the key as a Bearer token, and none when no key is set (Ollama)', async () => {
    await createOpenAiEmbedder(options());
    expect(service.lastAuthorization()).toBe(`Bearer ${API_KEY}`);

    await createOpenAiEmbedder(options({ apiKey: undefined }));
    expect(service.lastAuthorization()).toBeUndefined();
  });

  it.each([
    ['answers 503', 'unavailable', /HTTP 503/],
    ['hangs past the timeout', 'hang', /cannot be reached/],
    ['answers one embedding too few', 'wrong-count', /one embedding per input/],
    ['answers non-finite numbers', 'non-finite', /invalid embedding/],
  ] as const)(
    'throws EmbedderUnavailableError without URL or key when the service %s',
    async (_name, mode, message) => {
      const embedder = await createOpenAiEmbedder(options());
      service.setMode(mode);

      for (const attempt of [() => embedder.embed(texts(3)), () => createOpenAiEmbedder(options())]) {
        const error = await attempt().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(EmbedderUnavailableError);
        expect((error as Error).message).toMatch(message);
        expect((error as Error).message).not.toMatch(/127\.0\.0\.1|http:|sk-test/);
        expect(String((error as Error).stack)).not.toContain(API_KEY);
      }
    },
  );

  it('throws EmbedderUnavailableError when the dimension changes under it', async () => {
    const embedder = await createOpenAiEmbedder(options());
    service.setDimensions(16);

    await expect(embedder.embed(texts(2))).rejects.toThrow(EmbedderUnavailableError);
  });

  it('throws EmbedderUnavailableError when nothing listens', async () => {
    const error = await createOpenAiEmbedder(options({ baseUrl: 'http://127.0.0.1:9/v1' })).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(EmbedderUnavailableError);
    expect((error as Error).message).not.toMatch(/127\.0\.0\.1|:9\b/);
  });
});

describe('createEmbedderHandle', () => {
  const settings: KnowledgeSettings['embedding'] = {
    provider: 'openai',
    model: 'nomic-embed-text',
    apiKey: API_KEY,
    batchSize: 8,
    dimensions: 384,
  };

  it('reaches the service lazily, waits retryMs after a failure, then reaches it again', async () => {
    let now = 1_000_000;
    service.setMode('unavailable');
    const handle = createEmbedderHandle({ ...settings, baseUrl: service.baseUrl }, http, {
      timeoutMs: 400,
      retryMs: 5000,
      clock: () => now,
    });
    expect(service.requests()).toBe(0);
    expect(handle.configured).toBe('openai nomic-embed-text');

    await expect(handle.get()).rejects.toThrow(EmbedderUnavailableError);
    expect(service.requests()).toBe(1);
    service.setMode('ok');
    now += 4999;
    await expect(handle.get()).rejects.toThrow(/HTTP 503/);
    expect(service.requests()).toBe(1);
    expect(handle.peek()).toBeUndefined();

    now += 1;
    const embedder = await handle.get();
    expect(service.requests()).toBe(2);
    expect(embedder.dimensions).toBe(12);
    expect(handle.peek()).toBe(embedder);
    await handle.get();
    expect(service.requests()).toBe(2);
  });

  it('asks once for callers that arrive together', async () => {
    const handle = createEmbedderHandle({ ...settings, baseUrl: service.baseUrl }, http, { timeoutMs: 400 });

    const [a, b] = await Promise.all([handle.get(), handle.get()]);

    expect(a).toBe(b);
    expect(service.requests()).toBe(1);
  });
});
