// DNS-rebinding protection: the Host header must be an allowed host, and a present Origin an allowed origin. /mcp
// applies it to every request; the routes that serve user data apply it to callers who bring no credential (basic
// mode), where it is all that keeps a web page on a rebound host name out.
import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError } from '../errors.js';
import type { Settings } from '../settings/settings.js';

/** Throws ForbiddenError (403) for a request whose Host or Origin is not allowed. */
export type HostOriginRule = (req: Request) => void;

export interface HostOriginOptions {
  /** MCP_ALLOWED_HOSTS; empty: the loopback names and the public URL's host. */
  allowedHosts: string[];
  allowedOrigins: string[];
  /** The sidecar's public URL, whose host is allowed by default. */
  publicUrl?: string;
}

/** The rule of MCP_ALLOWED_HOSTS and MCP_ALLOWED_ORIGINS for a sidecar reached at `publicUrl`. */
export function hostOriginRuleFor(settings: Pick<Settings, 'mcp'>, publicUrl: string): HostOriginRule {
  return createHostOriginRule({
    allowedHosts: settings.mcp.allowedHosts,
    allowedOrigins: settings.mcp.allowedOrigins,
    publicUrl,
  });
}

export function createHostOriginRule(options: HostOriginOptions): HostOriginRule {
  const defaults = ['localhost', '127.0.0.1', '[::1]', ...(options.publicUrl ? [new URL(options.publicUrl).host] : [])];
  const hosts = new Set(options.allowedHosts.length > 0 ? options.allowedHosts : defaults);
  const origins = new Set(options.allowedOrigins);
  const anyHost = hosts.has('*');
  return (req) => {
    const host = req.get('host') ?? '';
    const hostname = host.replace(/:\d+$/, '');
    if (!anyHost && !hosts.has(host) && !hosts.has(hostname)) {
      throw new ForbiddenError('This host name is not allowed here (see MCP_ALLOWED_HOSTS).');
    }
    const origin = req.get('origin');
    if (origin !== undefined && !isAllowedOrigin(origin, host, hosts, origins)) {
      throw new ForbiddenError('This origin is not allowed here (see MCP_ALLOWED_ORIGINS).');
    }
  };
}

/** The rule as Express middleware. */
export function createHostOriginCheck(rule: HostOriginRule) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    rule(req);
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
