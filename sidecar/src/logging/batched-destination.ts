// Where the sidecar's log lines go (stdout by default): request lines that follow a write within a short window share
// writes, so that a busy sidecar does not pay a write per request; every other line is written at once.
import { pino, type DestinationStream } from 'pino';

/** How long after a write the request lines that follow wait for others to share their write. */
export const LOG_BATCH_WINDOW_MS = 100;
/** Waiting lines are written as soon as this many bytes are waiting (about 20 request lines). */
export const LOG_BATCH_BYTES = 4096;
/** The message of the one line per HTTP request (http/request-context.ts): the only lines that wait. */
export const REQUEST_LINE_MESSAGE = 'request';

export interface BatchedDestination extends DestinationStream {
  /** Writes what waits (asynchronously); `done` once it is written. */
  flush(done?: (error?: Error) => void): void;
}

/**
 * A write per line cost a request to /mcp a thread-pool hand-off, a wake-up of the event loop and two system calls
 * (measured with strace). A write opens a window; request lines in it wait in memory until it ends or
 * LOG_BATCH_BYTES are waiting. Any other line (start-up, "listening", warnings, errors) is written at once, with the
 * request lines before it, so the order holds. On a normal exit and on an uncaught exception pino writes what waits
 * synchronously; a hard kill (SIGKILL, the kernel's out-of-memory killer) loses at most the request lines of the last
 * window. (A write already in flight when the process exits may be lost, as with any asynchronous pino destination.)
 */
export function createBatchedDestination(
  dest: number | string = 1,
  windowMs = LOG_BATCH_WINDOW_MS,
): BatchedDestination {
  // pino.destination: sonic-boom, asynchronous, with pino's flush on exit; it writes once minLength bytes wait.
  const sonic = pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES });
  // Bytes handed to sonic-boom and not yet written: a flush asked for while a write is in flight does nothing, so a
  // line that must not wait is written once that write is done.
  let unwritten = 0;
  let urgent = false;
  sonic.on('write', (bytes: number) => (unwritten -= bytes));
  sonic.on('drain', () => {
    if (urgent && unwritten > 0) sonic.flush();
    urgent = false;
  });
  let window: NodeJS.Timeout | undefined;
  const openWindow = () => {
    window = setTimeout(() => {
      window = undefined;
      if (unwritten <= 0) return;
      sonic.flush();
      openWindow();
    }, windowMs);
    window.unref();
  };
  // pino sets lastMsg on a stream that asks for its metadata, before each write.
  const destination: BatchedDestination & { lastMsg?: unknown; [key: symbol]: unknown } = {
    [Symbol.for('pino.metadata')]: true,
    write(line: string) {
      unwritten += Buffer.byteLength(line);
      sonic.write(line);
      if (window && destination.lastMsg === REQUEST_LINE_MESSAGE) return;
      urgent = true;
      sonic.flush();
      if (!window) openWindow();
    },
    flush: (done) => sonic.flush(done ?? (() => undefined)),
  };
  return destination;
}
