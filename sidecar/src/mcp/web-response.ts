// Writes a web-standard Response (from the SDK's transports) to a Node response in as few socket writes as it can:
// a body that is complete once its first chunk is there goes out in one write with its length; streams are relayed.
import type { Response as ExpressResponse } from 'express';

/** How long the headers of an answer wait for its first chunk before they go out alone. */
const HOLD_HEADERS_MS = 200;

export interface WebResponseOptions {
  /**
   * Holds the status line and headers back until the first chunk of the body (at most HOLD_HEADERS_MS), so that
   * they leave in one write (the answer to a JSON-RPC request: most are complete by then). Off for streams that
   * must show their headers at once (a GET's SSE stream).
   */
  holdHeaders?: boolean;
}

/**
 * Whether the answer to this request should hold its headers for its first chunk: a POST of one JSON-RPC request
 * other than a subscription, whose stream ends with the answer (most are complete by the time it starts).
 */
export function answersOneRequest(method: string, body: unknown): boolean {
  if (method !== 'POST' || typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { id, method: rpcMethod } = body as { id?: unknown; method?: unknown };
  return id !== undefined && typeof rpcMethod === 'string' && rpcMethod !== 'subscriptions/listen';
}

export async function writeWebResponse(
  res: ExpressResponse,
  response: globalThis.Response,
  options: WebResponseOptions = {},
): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  res.once('close', cancel);
  const flush = options.holdHeaders ? setTimeout(() => flushHeaders(res), HOLD_HEADERS_MS).unref() : undefined;
  if (!flush) flushHeaders(res);
  try {
    const first = await reader.read();
    clearTimeout(flush);
    if (first.done) return void res.end();
    const next = reader.read();
    const settled = await readWithoutWaiting(next);
    if (settled?.done) {
      if (!res.headersSent) res.setHeader('content-length', first.value.byteLength);
      return void res.end(first.value);
    }
    await relay(res, reader, first.value, settled ?? next);
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    clearTimeout(flush);
    res.off('close', cancel);
  }
}

type ChunkReader = ReadableStreamDefaultReader<Uint8Array>;
type Chunk = Awaited<ReturnType<ChunkReader['read']>>;

/** Writes `first`, then every chunk that follows, waiting for the socket to drain when it asks to. */
async function relay(res: ExpressResponse, reader: ChunkReader, first: Uint8Array, next: Promise<Chunk> | Chunk) {
  let chunk: Chunk = { done: false, value: first };
  let pending: Promise<Chunk> | Chunk = next;
  while (!chunk.done) {
    if (res.destroyed) return;
    if (!res.write(chunk.value)) await drained(res);
    chunk = await pending;
    if (!chunk.done) pending = reader.read();
  }
  res.end();
}

function flushHeaders(res: ExpressResponse): void {
  if (!res.headersSent && !res.destroyed) res.flushHeaders();
}

/** The read's result if the stream has it already (after a few microtasks), otherwise undefined. */
function readWithoutWaiting(read: Promise<Chunk>): Promise<Chunk | undefined> {
  return Promise.race([read, Promise.resolve().then(() => Promise.resolve(undefined))]);
}

function drained(res: ExpressResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
