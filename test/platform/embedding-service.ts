// An OpenAI-compatible embeddings server for tests (POST /v1/embeddings on 127.0.0.1) with switchable faults.
//
// Answer shape looked up (search tool, docs corpus): the OpenAI API reference "Create embeddings"
// (developers.openai.com/api/reference …/embeddings): `{object:"list", data:[{object:"embedding", index, embedding}],
// model, usage:{prompt_tokens, total_tokens}}`, one entry per input, `index` naming the input; Ollama serves the same
// shape at `http://localhost:11434/v1/embeddings` (docs.ollama.com/api/openai-compatibility) and ignores the key.
// Nothing in that reference promises `data` in input order, so `outOfOrder` answers it reversed to check we sort.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `ok`, or a fault: HTTP 503, no answer (hang until the client gives up), one embedding too few, ±Infinity. */
export type EmbeddingMode = 'ok' | 'unavailable' | 'hang' | 'wrong-count' | 'non-finite';

export interface EmbeddingService {
  /** The base URL to configure (`http://127.0.0.1:<port>/v1`), like Ollama's `/v1`. */
  baseUrl: string;
  /** Requests to /v1/embeddings so far (whatever was answered). */
  requests(): number;
  /** The inputs of each request, in arrival order. */
  inputs(): string[][];
  /** The Authorization header of the last request (undefined when none was sent). */
  lastAuthorization(): string | undefined;
  setMode(mode: EmbeddingMode): void;
  /** Vector length from now on (a changed model or a misbehaving service). */
  setDimensions(dimensions: number): void;
  /** Answer `data` in reverse order (indexes still right). */
  setOutOfOrder(on: boolean): void;
  reset(): void;
  stop(): Promise<void>;
}

export async function startEmbeddingService(options: { dimensions?: number } = {}): Promise<EmbeddingService> {
  const initialDimensions = options.dimensions ?? 8;
  const state = {
    mode: 'ok' as EmbeddingMode,
    dimensions: initialDimensions,
    outOfOrder: false,
    inputs: [] as string[][],
    authorization: undefined as string | undefined,
  };
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end('404 page not found');
    const body = JSON.parse(await readAll(req)) as { model?: string; input?: string | string[] };
    const input = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
    state.inputs.push(input);
    state.authorization = req.headers.authorization;
    if (state.mode === 'unavailable') return void sendJson(res, 503, '{"error":{"message":"model is loading"}}');
    if (state.mode === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    const count = state.mode === 'wrong-count' ? Math.max(0, input.length - 1) : input.length;
    const data = input.slice(0, count).map((text, index) => {
      const values = vectorFor(text, state.dimensions).map(String);
      if (state.mode === 'non-finite') values[0] = '1e999'; // parses as Infinity in JSON.parse
      return `{"object":"embedding","index":${index},"embedding":[${values.join(',')}]}`;
    });
    if (state.outOfOrder) data.reverse();
    const tokens = input.reduce((sum, text) => sum + text.split(/\s+/).length, 0);
    sendJson(
      res,
      200,
      `{"object":"list","data":[${data.join(',')}],"model":${JSON.stringify(body.model ?? '')},` +
        `"usage":{"prompt_tokens":${tokens},"total_tokens":${tokens}}}`,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => state.inputs.length,
    inputs: () => state.inputs.map((input) => [...input]),
    lastAuthorization: () => state.authorization,
    setMode: (mode) => void (state.mode = mode),
    setDimensions: (dimensions) => void (state.dimensions = dimensions),
    setOutOfOrder: (on) => void (state.outOfOrder = on),
    reset: () => {
      Object.assign(state, { mode: 'ok', dimensions: initialDimensions, outOfOrder: false, inputs: [] });
      state.authorization = undefined;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A deterministic, deliberately unnormalised vector (length about 3): letter buckets of the text plus a constant,
 * so texts sharing letters lie close together and callers must normalise themselves.
 */
export function vectorFor(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  vector[0] = 1;
  for (const char of text.toLowerCase()) {
    const code = char.codePointAt(0)!;
    if (code >= 97 && code <= 122) vector[(code - 97) % dimensions]! += 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return vector.map((value) => (value / norm) * 3);
}

function sendJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(body);
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
