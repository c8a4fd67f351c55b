// The HTTP sidecar: builds the context (context/context.ts, the composition root), mounts the app built from it and
// listens, then reaches the identity provider; closing stops listening, then releases the context.
import type { AddressInfo } from 'node:net';
import { createApp } from './api/app.js';
import { createContext, type ContextOptions, type SidecarContext } from './context/context.js';
import { loadUndiciParts } from './net/http-client.js';
import { assertPortFree, closeServer, formatHost, listen } from './listening.js';
import { settleHeapAfter } from './runtime/settle-heap.js';
import type { Settings } from './settings/settings.js';
import { SIDECAR_VERSION } from './version.js';

export interface RunningServer {
  /** http://host:port of the listening server. */
  url: string;
  port: number;
  /** Settles once the MCP side is warm (started after listening, so it never delays start-up). */
  warmedUp: Promise<void>;
  /** Sessions of 2025-era MCP clients open now (bounded by MCP_MAX_SESSIONS). */
  sessionCount(): number;
  /** Stops accepting connections, waits for requests in flight (at most `graceMs`), releases the context. */
  close(graceMs?: number): Promise<void>;
}

export interface StartOptions extends ContextOptions {
  settings: Settings;
}

/** After the warm-up, the wait before the one collection that returns start-up's memory (runtime/settle-heap.ts). */
const SETTLE_HEAP_DELAY_MS = 2_000;

/** createContext + createApp(context) + listen. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  return serveHttp(await createContext(options.settings, options));
}

/** Listens with the app of `context`; the running server owns the context from here on (and closes it). */
export async function serveHttp(context: SidecarContext): Promise<RunningServer> {
  const { settings, logger, mcp } = context;
  let server;
  try {
    // A busy port is reported at once, not after the identity provider was tried.
    await assertPortFree(settings.server.host, settings.server.port);
    const app = createApp(context);
    server = await listen(app.listen.bind(app), settings.server.host, settings.server.port);
  } catch (error) {
    await context.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${formatHost(settings.server.host)}:${port}`;
  logger.info({ url, authMode: settings.authMode, version: SIDECAR_VERSION }, 'listening');
  // The outbound HTTP client's code, loaded now rather than by the first request (or before listening).
  void loadUndiciParts();
  // Hybrid and oauth modes reach the identity provider once listening (a round trip to Nextcloud need not delay the
  // routes that do without it); until then, as while it is unreachable, routes that need tokens answer 503. The
  // server is handed over once the first attempt has settled (a failure is retried in the background).
  await context.oauth?.start();
  context.knowledge?.engine.start();
  const warmedUp = mcp.warmUp().catch((error: unknown) => logger.warn({ err: error }, 'MCP warm-up failed'));
  // Once warm and (most likely) still idle: the first knowledge tick and the warm-up have allocated by then.
  let settle: { cancel(): void } | undefined;
  void warmedUp.then(() => (settle = settleHeapAfter(SETTLE_HEAP_DELAY_MS)));

  return {
    url,
    port,
    warmedUp,
    sessionCount: () => mcp.sessionCount(),
    close: async (graceMs = 10_000) => {
      await warmedUp;
      settle?.cancel();
      await closeServer(server, graceMs);
      await context.close();
      logger.info('stopped');
    },
  };
}
