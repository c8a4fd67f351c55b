// Writes a web-standard Response (from the SDK's modern handler) to a Node response, streaming SSE bodies.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Response as ExpressResponse } from 'express';

export async function writeWebResponse(res: ExpressResponse, response: globalThis.Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const body = Readable.fromWeb(response.body as unknown as WebReadableStream);
    body.on('error', reject);
    res.on('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(res);
  });
}
