// Sessions for clients of the 2025 protocol revisions: initialize creates a server and transport pair bound to the
// caller's session key; later requests of the session must carry the same key; idle sessions expire, and the number
// of sessions is capped per caller and in total (the least recently used goes first).
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { WebStandardStreamableHTTPServerTransport, type AuthInfo, type McpServer } from '@modelcontextprotocol/server';
import type { NextcloudAccess } from '../auth/nextcloud-credentials.js';
import type { Logger } from '../logging/logger.js';
import { answersOneRequest, writeWebResponse } from './web-response.js';

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  principal: string;
  sessionKey: string;
  lastSeenAt: number;
}

export interface LegacySessions {
  /** `request`: the HTTP request as a web Request, with its JSON body already parsed. */
  handle(
    request: McpHttpRequest,
    res: Response,
    authInfo: AuthInfo,
    access: NextcloudAccess,
    createServer: () => Promise<McpServer>,
  ): Promise<void>;
  size(): number;
  close(): Promise<void>;
}

export interface McpHttpRequest {
  web: globalThis.Request;
  body: unknown;
}

export interface LegacySessionOptions {
  logger: Logger;
  /** MCP_MAX_SESSIONS. */
  maxSessions: number;
  /** MCP_MAX_SESSIONS_PER_USER. */
  maxSessionsPerUser: number;
  idleMs?: number;
  clock?: () => number;
}

export function createLegacySessions(options: LegacySessionOptions): LegacySessions {
  /** In order of use: the first entry is the least recently used session. */
  const sessions = new Map<string, Session>();
  const clock = options.clock ?? Date.now;
  const idleMs = options.idleMs ?? 30 * 60_000;
  const sweeper = setInterval(
    () => {
      for (const [id, session] of sessions) {
        if (clock() - session.lastSeenAt > idleMs) void closeSession(id, session);
      }
    },
    Math.min(idleMs, 60_000),
  );
  sweeper.unref();

  const closeSession = async (id: string, session: Session) => {
    sessions.delete(id);
    await session.transport.close().catch(() => undefined);
    await session.server.close().catch(() => undefined);
  };

  /** Evicts the least recently used sessions until `principal` may add one within both caps. */
  const makeRoom = (principal: string) => {
    const own = [...sessions].filter(([, session]) => session.principal === principal);
    for (const [id, session] of own.slice(0, Math.max(0, own.length - options.maxSessionsPerUser + 1))) {
      options.logger.info({ principal }, 'mcp session evicted: the caller holds MCP_MAX_SESSIONS_PER_USER sessions');
      void closeSession(id, session);
    }
    for (const [id, session] of sessions) {
      if (sessions.size < options.maxSessions) break;
      options.logger.warn('mcp session evicted: MCP_MAX_SESSIONS sessions are open');
      void closeSession(id, session);
    }
  };

  return {
    async handle(request, res, authInfo, access, createServer) {
      const { web, body } = request;
      const sessionId = web.headers.get('mcp-session-id');
      const answer = async (transport: WebStandardStreamableHTTPServerTransport) => {
        const response = await transport.handleRequest(web, { authInfo, parsedBody: body });
        await writeWebResponse(res, response, { holdHeaders: answersOneRequest(web.method, body) });
      };
      if (sessionId) {
        const session = sessions.get(sessionId);
        // A session of another caller (another user, or the same login name with another password) is unknown.
        if (!session || session.sessionKey !== access.sessionKey) {
          return void sendJsonRpcError(res, 404, -32001, 'Session not found');
        }
        session.lastSeenAt = clock();
        sessions.delete(sessionId);
        sessions.set(sessionId, session);
        await answer(session.transport);
        if (web.method === 'DELETE') sessions.delete(sessionId);
        return;
      }
      if (web.method !== 'POST' || !isInitialize(body)) {
        return void sendJsonRpcError(
          res,
          400,
          -32000,
          'Bad Request: send initialize first, or an Mcp-Session-Id header.',
        );
      }
      const server = await createServer();
      const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          makeRoom(access.principal);
          sessions.set(id, {
            transport,
            server,
            principal: access.principal,
            sessionKey: access.sessionKey,
            lastSeenAt: clock(),
          });
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await server.connect(transport);
      await answer(transport);
    },
    size: () => sessions.size,
    close: async () => {
      clearInterval(sweeper);
      await Promise.all([...sessions].map(([id, session]) => closeSession(id, session)));
    },
  };
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => (message as { method?: unknown } | null)?.method === 'initialize');
}

function sendJsonRpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}
