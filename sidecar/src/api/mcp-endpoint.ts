// /mcp over Streamable HTTP: the caller is identified from the headers before any body is read; then 2026-07-28
// requests go to the SDK's modern handler, 2025-era traffic to sessions (or, in stateless smithery mode, to the SDK's
// stateless fallback); each request carries its caller's access.
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, type AuthInfo, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
import type { AccessResolver, NextcloudAccess } from '../auth/nextcloud-credentials.js';
import type { Logger } from '../logging/logger.js';
import { requestIdOf } from '../request-id.js';
import { createHostOriginCheck, type HostOriginRule } from '../http/host-origin-check.js';
import type { LegacySessions } from '../mcp/legacy-sessions.js';
import { answersOneRequest, writeWebResponse } from '../mcp/web-response.js';
import { isSessionRequest, sessionWebRequest } from '../mcp/session-request.js';

/** Large enough for nc_files_write (10 MiB of content) in base64. */
const MCP_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

export interface McpEndpointDeps {
  resolveAccess: AccessResolver;
  /**
   * Builds a server for a caller (the tool list depends on the caller's Nextcloud apps). `calledTool`: the request
   * is a `tools/call` of this tool, so a server that has only it answers the request the same way.
   */
  createServer(access: NextcloudAccess, calledTool?: string): Promise<McpServer>;
  /** Stateless mode (smithery): no sessions are kept. */
  stateless: boolean;
  sessions: LegacySessions;
  /** DNS-rebinding protection (MCP_ALLOWED_HOSTS, MCP_ALLOWED_ORIGINS), applied to every request. */
  hostOrigin: HostOriginRule;
  logger: Logger;
}

export interface McpEndpoint {
  router: Router;
  /** Sessions of 2025-era clients open now. */
  sessionCount(): number;
  close(): Promise<void>;
}

export function createMcpEndpoint(deps: McpEndpointDeps): McpEndpoint {
  const onerror = (error: Error) => deps.logger.warn({ err: error }, 'mcp transport error');
  // A 2026-07-28 request gets a server of its own; for a tool call, one with just that tool (building all the tools
  // took 1.35 ms of each call, measured).
  const handler: McpHttpHandler = createMcpHandler(
    (context) => deps.createServer(accessOf(context.authInfo), calledToolOf(context.authInfo)),
    {
      legacy: deps.stateless ? 'stateless' : 'reject',
      onerror,
      maxRequestBodySize: MCP_BODY_LIMIT_BYTES,
    },
  );
  const router = Router();
  router.all(
    '/mcp',
    createHostOriginCheck(deps.hostOrigin),
    // Who calls, from the headers alone: an unknown caller is refused before its body is read.
    async (req: Request, res: Response, next: NextFunction) => {
      res.locals.access = await deps.resolveAccess(req);
      next();
    },
    express.json({ limit: MCP_BODY_LIMIT_BYTES }),
    async (req: Request, res: Response) => {
      const access = res.locals.access as NextcloudAccess;
      const authInfo = toAuthInfo(access, requestIdOf(res));
      const body = req.body as unknown;
      const legacy = (web: globalThis.Request) =>
        deps.sessions.handle({ web, body }, res, authInfo, access, () => deps.createServer(access));
      if (!deps.stateless && isSessionRequest(req.headers, body)) {
        return legacy(sessionWebRequest(req.method, req.originalUrl, req.headers));
      }
      const webRequest = await toWebRequest(req, body);
      if (!deps.stateless && (await isLegacyRequest(webRequest, body))) return legacy(webRequest);
      const calledTool = toolCalledBy(body);
      const scoped = calledTool ? { ...authInfo, extra: { ...authInfo.extra, calledTool } } : authInfo;
      const response = await handler.fetch(webRequest, { authInfo: scoped, parsedBody: body });
      await writeWebResponse(res, response, { holdHeaders: answersOneRequest(webRequest.method, body) });
    },
  );
  return {
    router,
    sessionCount: () => deps.sessions.size(),
    close: async () => Promise.all([handler.close(), deps.sessions.close()]).then(() => undefined),
  };
}

function toAuthInfo(access: NextcloudAccess, requestId: string): AuthInfo {
  // The token field is required by the SDK type; the caller's secret never goes here.
  // The scopes of a token of the sidecar's own authorization server (none otherwise); the tools honour them.
  const scopes = access.scopes ? [...access.scopes] : [];
  return { token: 'redacted', clientId: access.principal, scopes, extra: { access, requestId } };
}

/** The tool a JSON-RPC `tools/call` names, if the body is one. */
function toolCalledBy(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  return method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
}

function calledToolOf(authInfo: AuthInfo | undefined): string | undefined {
  const tool = authInfo?.extra?.calledTool;
  return typeof tool === 'string' ? tool : undefined;
}

export function accessOf(authInfo: AuthInfo | undefined): NextcloudAccess {
  const access = authInfo?.extra?.access as NextcloudAccess | undefined;
  if (!access) throw new Error('The MCP request carries no Nextcloud access.');
  return access;
}
