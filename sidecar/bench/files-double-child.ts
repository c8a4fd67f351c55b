// The platform double with a user's files, in a process of its own, so a benchmark of the sync measures the sidecar
// and not the double competing for the same event loop. Started with fork: it seeds the texts it is sent, answers
// { url }, and on "stats" the requests it served by method and the most that were in progress at once.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createFilesApp } from '../../test/platform/apps/files.js';
import { startPlatformDouble } from '../../test/platform/platform-double.js';

export interface FilesDoubleStats {
  /** Requests served, by method (PROPFIND, GET, …). */
  byMethod: Record<string, number>;
  peakConcurrent: number;
}

export interface FilesDoubleChild {
  url: string;
  stats(): Promise<FilesDoubleStats>;
  stop(): Promise<void>;
}

interface Start {
  userId: string;
  password: string;
  /** Path below the user's home → content. */
  files: Record<string, string>;
}

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Starts the double in a child process with `files` in `userId`'s home; resolves once it listens. */
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
    stats: () => {
      const answer = next<FilesDoubleStats>();
      child.send('stats');
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
  for (const [path, content] of Object.entries(start.files)) files.seedFile(start.userId, path, content);
  const double = await startPlatformDouble({
    users: [{ id: start.userId, appPasswords: [start.password] }],
    apps: [files],
  });
  process.on('message', (message) => {
    if (message !== 'stats') return;
    const byMethod: Record<string, number> = {};
    for (const request of double.requests) byMethod[request.method] = (byMethod[request.method] ?? 0) + 1;
    process.send!({ byMethod, peakConcurrent: double.peakConcurrentRequests() });
  });
  process.once('SIGTERM', () => void double.close().then(() => process.exit(0)));
  process.send!({ url: double.url });
}

if (process.argv.includes('--child') && process.send) await runChild();
