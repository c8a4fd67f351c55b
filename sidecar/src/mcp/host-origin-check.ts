// DNS-rebinding protection for /mcp: the Host header must be an allowed host, and a present Origin an allowed origin.
import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError } from '../errors.js';

export function createHostOriginCheck(options: {
  allowedHosts: string[];
  allowedOrigins: string[];
  publicUrl: string;
}) {
  const publicHost = new URL(options.publicUrl).host;
  const hosts = new Set(
    options.allowedHosts.length > 0 ? options.allowedHosts : ['localhost', '127.0.0.1', '[::1]', publicHost],
  );
  const origins = new Set(options.allowedOrigins);
  const anyHost = hosts.has('*');
  return (req: Request, _res: Response, next: NextFunction): void => {
    const host = req.get('host') ?? '';
    const hostname = host.replace(/:\d+$/, '');
    if (!anyHost && !hosts.has(host) && !hosts.has(hostname)) {
      throw new ForbiddenError('This host name is not allowed for the MCP endpoint (see MCP_ALLOWED_HOSTS).');
    }
    const origin = req.get('origin');
    if (origin !== undefined && !isAllowedOrigin(origin, host, hosts, origins)) {
      throw new ForbiddenError('This origin is not allowed for the MCP endpoint (see MCP_ALLOWED_ORIGINS).');
    }
    next();
  };
}

/**
 * Listed origins, same-origin requests, and origins whose host and port are an allowed host entry (an entry without a
 * port stands for the scheme's default port: `localhost` allows http://localhost, not http://localhost:3000).
 */
function isAllowedOrigin(origin: string, host: string, hosts: Set<string>, origins: Set<string>): boolean {
  if (origins.has('*') || origins.has(origin)) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.host === host || (!hosts.has('*') && hosts.has(parsed.host));
}
