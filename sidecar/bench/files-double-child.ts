// The platform double with users' files, in a process of its own, so a benchmark of the sync measures the sidecar
// and not the double competing for the same event loop. Started with fork: it seeds the texts it is sent, answers
// { url }, and on "stats" the requests it served by method since the last "mark" and the most that were in progress
// at once (over its whole life); `setLatency(ms)` delays each answer from then on (0: answered in the same turn).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createFilesApp } from '../../test/platform/apps/files.js';
import { startPlatformDouble } from '../../test/platform/platform-double.js';

export interface FilesDoubleStats {
  /** Requests served since the last `mark()`, by method (PROPFIND, GET, …). */
  byMethod: Record<string, number>;
  peakConcurrent: number;
  /** CPU time the double's process spent since the last `mark()`, in ms. */
  cpuMs: number;
}

export interface FilesDoubleChild {
  url: string;
  /** From now on, `stats()` counts only the requests that follow. */
  mark(): Promise<void>;
  stats(): Promise<FilesDoubleStats>;
  /** Every later answer waits `ms` first (a timer: Node waits at least 1 ms for any `ms` above 0). */
  setLatency(ms: number): Promise<void>;
  stop(): Promise<void>;
}

interface Start {
  /** Every user's app password. */
  password: string;
  /** User id → (path below the user's home → content). */
  files: Record<string, Record<string, string>>;
}

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Starts the double in a child process with each user's `files` in their home; resolves once it listens. */
export async function startFilesDoubleChild(start: Start): Promise<FilesDoubleChild> {
  const child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', TSX], stdio: 'inherit' });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (message) => resolve(message as T));
      child.once('exit', (code) => reject(new Error(`the double's process exited with ${code}`)));
    });
  const started = next<{ url: string }>();
  child.send(start);
  const { url } = await started;
  return {
    url,
    mark: () => {
      const answer = next<void>();
      child.send('mark');
      return answer;
    },
    stats: () => {
      const answer = next<FilesDoubleStats>();
      child.send('stats');
      return answer;
    },
    setLatency: (ms) => {
      const answer = next<void>();
      child.send({ latencyMs: ms });
      return answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function runChild(): Promise<void> {
  const start = await new Promise<Start>((resolve) => process.once('message', (message) => resolve(message as Start)));
  const files = createFilesApp();
  for (const [userId, home] of Object.entries(start.files)) {
    for (const [path, content] of Object.entries(home)) files.seedFile(userId, path, content);
  }
  const double = await startPlatformDouble({
    users: Object.keys(start.files).map((id) => ({ id, appPasswords: [start.password] })),
    apps: [files],
  });
  let marked = 0;
  let cpuAtMark = process.cpuUsage();
  process.on('message', (message) => {
    if (message === 'mark') {
      marked = double.requests.length;
      cpuAtMark = process.cpuUsage();
      process.send!('marked');
    } else if (message === 'stats') {
      const byMethod: Record<string, number> = {};
      for (const request of double.requests.slice(marked))
        byMethod[request.method] = (byMethod[request.method] ?? 0) + 1;
      const cpu = process.cpuUsage(cpuAtMark);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      process.send!({ byMethod, peakConcurrent: double.peakConcurrentRequests(), cpuMs });
    } else if (typeof message === 'object' && message !== null && 'latencyMs' in message) {
      double.setLatency(Number(message.latencyMs));
      process.send!('latency set');
    }
  });
  process.once('SIGTERM', () => void double.close().then(() => process.exit(0)));
  process.send!({ url: double.url });
}

if (process.argv.includes('--child') && process.send) await runChild();
