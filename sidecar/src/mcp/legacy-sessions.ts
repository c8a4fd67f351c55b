// Sessions for clients of the 2025 protocol revisions: initialize creates a server and transport pair bound to the
// caller; later requests of the session must come from the same caller; idle sessions expire.
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { AuthInfo, McpServer } from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger.js';

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  principal: string;
  lastSeenAt: number;
}

export interface LegacySessions {
  handle(
    req: Request,
    res: Response,
    authInfo: AuthInfo,
    principal: string,
    createServer: () => Promise<McpServer>,
  ): Promise<void>;
  size(): number;
  close(): Promise<void>;
}

export function createLegacySessions(options: {
  logger: Logger;
  idleMs?: number;
  clock?: () => number;
}): LegacySessions {
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

  return {
    async handle(req, res, authInfo, principal, createServer) {
      const sessionId = req.get('mcp-session-id');
      const request = Object.assign(req, { auth: authInfo });
      if (sessionId) {
        const session = sessions.get(sessionId);
        // A session of another caller is reported as unknown, revealing nothing.
        if (!session || session.principal !== principal)
          return void sendJsonRpcError(res, 404, -32001, 'Session not found');
        session.lastSeenAt = clock();
        await session.transport.handleRequest(request, res, req.body);
        if (req.method === 'DELETE') sessions.delete(sessionId);
        return;
      }
      if (req.method !== 'POST' || !isInitialize(req.body)) {
        return void sendJsonRpcError(
          res,
          400,
          -32000,
          'Bad Request: send initialize first, or an Mcp-Session-Id header.',
        );
      }
      const server = await createServer();
      const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, { transport, server, principal, lastSeenAt: clock() });
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await server.connect(transport);
      await transport.handleRequest(request, res, req.body);
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
