// Extracts HTTP Basic credentials from a request's Authorization header.
import { UnauthenticatedError } from '../errors.js';
import type { NextcloudCredentials } from '../platform/credentials.js';

const MAX_HEADER_LENGTH = 1024;

/** Throws UnauthenticatedError (401 with a Basic challenge) when the header is missing or malformed. */
export function extractBasicCredentials(header: string | undefined): NextcloudCredentials {
  if (!header) throw new UnauthenticatedError('HTTP Basic credentials are required.');
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(header.trim());
  if (!match?.[1] || header.length > MAX_HEADER_LENGTH) {
    throw new UnauthenticatedError('The Authorization header is not valid HTTP Basic.');
  }
  const decoded = decodeUtf8(Buffer.from(match[1], 'base64'));
  const colon = decoded?.indexOf(':') ?? -1;
  if (decoded === undefined || colon <= 0 || hasControlCharacters(decoded)) {
    throw new UnauthenticatedError('The Authorization header is not valid HTTP Basic.');
  }
  return { loginName: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function hasControlCharacters(text: string): boolean {
  return /[\u0000-\u001f\u007f]/.test(text);
}
