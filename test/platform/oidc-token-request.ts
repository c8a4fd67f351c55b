// Token requests as Nextcloud's oidc app reads them (docs/nextcloud-behaviour.md, "The OIDC provider app"): the
// `resource` of an authorization_code exchange is ignored (the authorize request's resource decides the audience),
// where oidc-provider would refuse one it did not grant. The request is handed on as a replay of its (possibly changed)
// body.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/** Reads the request and returns one that oidc-provider can read again, without an exchange's `resource`. */
export async function readTokenRequest(req: IncomingMessage): Promise<IncomingMessage> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const form = new URLSearchParams(body.toString('utf8'));
  const isForm = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
  if (!isForm || form.get('grant_type') !== 'authorization_code' || !form.has('resource')) return replay(req, body);
  form.delete('resource');
  return replay(req, Buffer.from(form.toString()));
}

function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const stream = Readable.from([body], { objectMode: false });
  return Object.assign(stream, {
    headers: { ...req.headers, 'content-length': String(body.length) },
    rawHeaders: req.rawHeaders,
    method: req.method,
    url: req.url,
    socket: req.socket,
    connection: req.socket,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
  }) as unknown as IncomingMessage;
}
