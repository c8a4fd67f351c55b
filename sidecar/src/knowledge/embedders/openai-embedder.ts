// Embeddings from any OpenAI-compatible `/embeddings` endpoint (Ollama, vLLM, TEI, LM Studio, OpenAI), through the
// one outbound HTTP client; the dimension is detected from the first answer.
import type { HttpClient } from '../../net/http-client.js';
import { EmbedderUnavailableError, normalize, type Embedder } from './embedder.js';

export interface OpenAiEmbedderOptions {
  http: HttpClient;
  baseUrl: string;
  model: string;
  apiKey?: string;
  batchSize: number;
  timeoutMs: number;
}

/** Asks the service once to learn the dimension; throws EmbedderUnavailableError when it cannot. */
export async function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Promise<Embedder> {
  const [probe] = await requestEmbeddings(options, ['dimension probe']);
  const dimensions = probe?.length ?? 0;
  if (dimensions === 0) throw new EmbedderUnavailableError('The embedding service answered an empty embedding.');
  return {
    id: `openai:${options.model}:${dimensions}`,
    dimensions,
    kind: 'semantic',
    description: `${options.model} (${dimensions} dimensions) from an OpenAI-compatible service`,
    embed: async (texts) => {
      const vectors: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += options.batchSize) {
        const batch = await requestEmbeddings(options, texts.slice(i, i + options.batchSize));
        for (const vector of batch) {
          if (vector.length !== dimensions) {
            throw new EmbedderUnavailableError(`The embedding service changed dimension (${vector.length}).`);
          }
          vectors.push(vector);
        }
      }
      return vectors;
    },
  };
}

async function requestEmbeddings(options: OpenAiEmbedderOptions, input: readonly string[]): Promise<Float32Array[]> {
  let response;
  try {
    response = await options.http.request(`${options.baseUrl}/embeddings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: options.model, input }),
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    throw new EmbedderUnavailableError('The embedding service cannot be reached.', { cause: error });
  }
  if (response.status !== 200) {
    throw new EmbedderUnavailableError(`The embedding service answered HTTP ${response.status}.`);
  }
  return readVectors(safeJson(response.json.bind(response)), input.length);
}

function safeJson(read: () => unknown): unknown {
  try {
    return read();
  } catch (error) {
    throw new EmbedderUnavailableError('The embedding service did not answer JSON.', { cause: error });
  }
}

function readVectors(body: unknown, expected: number): Float32Array[] {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data) || data.length !== expected) {
    throw new EmbedderUnavailableError('The embedding service answered without one embedding per input.');
  }
  const ordered = [...data].sort((a, b) => Number(a?.index ?? 0) - Number(b?.index ?? 0));
  return ordered.map((item: { embedding?: unknown }) => {
    const values = item?.embedding;
    if (!Array.isArray(values) || values.length === 0 || values.length > 8192 || !values.every(Number.isFinite)) {
      throw new EmbedderUnavailableError('The embedding service answered an invalid embedding.');
    }
    return normalize(Float32Array.from(values as number[]));
  });
}
