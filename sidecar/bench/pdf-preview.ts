// The PDF preview route against the platform double: an uncached page against `mutool draw` of the same page in the
// same run, page 150 of a 200-page PDF against page 1, a cached page, and peak memory while a child process renders
// from a 100 MB PDF.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHttpClient } from '../src/net/http-client.js';
import { createFilesApp } from '../../test/platform/apps/files.js';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { buildLargePdf, buildPdf } from '../test/support/pdf-fixtures.js';
import { startPreviewApp } from '../test/support/preview-app.js';
import { BENCH_PASSWORD, startBenchChild, type BenchChild } from './child-process.js';
import { runAsScript } from './knowledge-corpus.js';
import { percentile, printLines, sampleTimes, type BenchLine } from './report.js';

const LARGE_PDF_MB = 95;

export async function benchPdfPreview(dir: string): Promise<BenchLine[]> {
  const mutool = spawnSync('mutool', ['-v'], { encoding: 'utf8' });
  const files = createFilesApp();
  const typical = buildPdf([{ image: true }, typicalPageText(), 'Last page']);
  const long = buildPdf(Array.from({ length: 200 }, (_, index) => `Page ${index + 1}\n${typicalPageText()}`));
  files.seedFile('alice', 'Bench/typical.pdf', Buffer.from(typical));
  files.seedFile('alice', 'Bench/long.pdf', Buffer.from(long));
  files.seedFile('alice', 'Bench/large.pdf', Buffer.from(buildLargePdf(LARGE_PDF_MB, 4)));
  const double = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [BENCH_PASSWORD] }], apps: [files] });
  const base = { nextcloudUrl: double.url, userId: 'alice', appPassword: BENCH_PASSWORD };
  const uncached = await startPreviewApp({ ...base, cacheBytes: 0 });
  // Another process, as the companion is: cached answers are measured without sharing the client's event loop.
  const script = fileURLToPath(new URL('./pdf-preview-child.ts', import.meta.url));
  const child = await startBenchChild<{ url: string }>(script, [double.url]);
  const childIdleMb = peakRssMb(child.process.pid!);
  const page = (app: { url: string }, query: string) => async () => {
    const response = await fetch(`${app.url}/api/v1/pdf-preview?${query}`);
    if (response.status !== 200) throw new Error(`pdf-preview answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  const lines: BenchLine[] = [];
  try {
    const ours = await sampleTimes(page(uncached, 'file_path=/Bench/typical.pdf&page=2&scale=2'), CALLS);
    if (mutool.status === 0) {
      const typicalPath = join(dir, 'typical.pdf');
      writeFileSync(typicalPath, typical);
      const theirs = await sampleTimes(async () => drawWithMutool(typicalPath, join(dir, 'page.png')), CALLS);
      lines.push(ratioLine('pdf-preview page 2 at scale 2 (uncached, p50)', ours, theirs, 'mutool draw -r 144', 1.5));
    } else {
      console.log('SKIP  pdf-preview against mutool draw: mutool is not installed (Debian package mupdf-tools)');
    }
    const first = await sampleTimes(page(uncached, 'file_path=/Bench/long.pdf&page=1&scale=1'), CALLS);
    const later = await sampleTimes(page(uncached, 'file_path=/Bench/long.pdf&page=150&scale=1'), CALLS);
    lines.push(ratioLine('pdf-preview page 150 of 200 (uncached, p50)', later, first, 'page 1', 1.2));
    lines.push(await cachedPageLine(child.info.url, double.url));
    lines.push(await peakMemoryLine(child, childIdleMb));
  } finally {
    await Promise.all([uncached.close(), child.stop()]);
    await double.close();
  }
  return printLines(lines);
}

const CALLS = { calls: 15, warmUp: 3 };

function ratioLine(name: string, ours: number[], theirs: number[], reference: string, target: number): BenchLine {
  const value = percentile(ours, 50);
  const referenceMs = percentile(theirs, 50);
  return {
    name,
    value,
    unit: 'ms',
    reference: { name: reference, value: referenceMs },
    target: `≤ ${target}×`,
    pass: value <= referenceMs * target,
  };
}

/**
 * A cached page costs the ETag check at Nextcloud (one PROPFIND Depth 0, so a changed file is never served stale)
 * plus the sidecar's own work: the line reports that share, the whole request minus the same PROPFIND made directly.
 */
async function cachedPageLine(childUrl: string, nextcloudUrl: string): Promise<BenchLine> {
  // undici's request, not fetch: fetch's web streams add about a millisecond per 500 KB answer on the client side.
  const client = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'pdf-preview-bench' });
  const hit = async () => {
    const response = await client.request(`${childUrl}/api/v1/pdf-preview?file_path=/Bench/typical.pdf&page=2&scale=2`);
    if (response.status !== 200) throw new Error(`cached pdf-preview answered ${response.status}`);
  };
  const propfind = () =>
    client.request(`${nextcloudUrl}/remote.php/dav/files/alice/Bench/typical.pdf`, {
      method: 'PROPFIND',
      headers: { authorization: `Basic ${Buffer.from(`alice:${BENCH_PASSWORD}`).toString('base64')}`, depth: '0' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
    });
  const options = { calls: 300, warmUp: 30 };
  try {
    const hitMs = percentile(await sampleTimes(hit, options), 50);
    const propfindMs = percentile(await sampleTimes(propfind, options), 50);
    const ownMs = Math.max(0, hitMs - propfindMs);
    return {
      name: `pdf-preview cached page, beyond the ETag check (p50 ${hitMs.toFixed(2)} ms, PROPFIND ${propfindMs.toFixed(2)} ms)`,
      value: ownMs,
      unit: 'ms',
      target: '≤ 2 ms',
      pass: ownMs <= 2,
    };
  } finally {
    await client.close();
  }
}

function drawWithMutool(input: string, output: string): void {
  const run = spawnSync('mutool', ['draw', '-q', '-o', output, '-r', '144', input, '2']);
  if (run.status !== 0) throw new Error(`mutool draw failed: ${run.stderr.toString()}`);
}

/** Peak RSS (VmHWM) of the child once it rendered page 1 of a ~100 MB PDF, downloaded in full, at scale 2. */
async function peakMemoryLine(child: BenchChild<{ url: string }>, idleMb: number): Promise<BenchLine> {
  const response = await fetch(`${child.info.url}/api/v1/pdf-preview?file_path=/Bench/large.pdf&page=1&scale=2`);
  if (response.status !== 200) throw new Error(`large pdf-preview answered ${response.status}`);
  await response.arrayBuffer();
  const peakMb = peakRssMb(child.process.pid!);
  return {
    name: `pdf-preview peak RSS rendering from a ${LARGE_PDF_MB + 5} MB PDF (child process)`,
    value: peakMb,
    unit: 'MB',
    reference: { name: 'the idle child', value: idleMb },
    target: '≤ 300 MB',
    pass: peakMb <= 300,
  };
}

function peakRssMb(pid: number): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/** About a page of prose in 12 pt: 45 lines of 90 characters. */
function typicalPageText(): string {
  const line = 'The quarterly report shows steady growth in every region, with costs held below the plan.';
  return Array.from({ length: 45 }, (_, index) => `${index + 1}. ${line}`).join('\n');
}

await runAsScript(import.meta.url, benchPdfPreview);
