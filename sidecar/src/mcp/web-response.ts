// Writes a web-standard Response (from the SDK's transports) to a Node response in as few socket writes as it can:
// a body that is complete once its first chunk is there goes out in one write with its length; streams are relayed.
import type { Response as ExpressResponse } from 'express';

export interface WebResponseOptions {
  /**
   * Holds the status line and headers back until the first chunk of the body, so that they leave together (the
   * answer to a JSON-RPC request). Off for streams that must show their headers at once (a GET's SSE stream).
   */
  holdHeaders?: boolean;
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
  try {
    if (!options.holdHeaders) res.flushHeaders();
    const first = await reader.read();
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
