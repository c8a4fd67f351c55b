// The management API's HTTP listener: listen, refuse a busy port with a message naming the settings, close with a
// grace period, and the host part of the URL the server is reachable at.
import type { Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';

export function listen(
  listenFn: (port: number, host: string, callback: (error?: Error) => void) => Server,
  host: string,
  port: number,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = listenFn(port, host, (error) => (error ? reject(error) : resolve(server)));
    server.once('error', reject);
  });
}

/** Throws a message naming the settings when nothing may listen on host:port (port 0 is always free). */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createNetServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, host, resolve);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'is in use by another program' : `cannot be used (${code ?? 'unknown error'})`;
    throw new Error(`MCP_SERVER_PORT ${port} on MCP_SERVER_HOST ${host} ${why}.`);
  } finally {
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  }
}

export function closeServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export function formatHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
