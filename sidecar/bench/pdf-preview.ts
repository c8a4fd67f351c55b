// The PDF preview route against the platform double: an uncached page (downloaded and rendered) against `mutool draw`
// of the same page in the same run, a page of a 20 MB PDF already downloaded against downloading it, page 150 of a 200-page PDF against page 1, a
// cached page, and peak memory while a child process renders from a 100 MB PDF.
//
// A cached page within the ETag trust window (PDF_PREVIEW_ETAG_TRUST_SECONDS, default 15 s) is answered without asking
// Nextcloud; outside it, one PROPFIND revalidates it. Both are measured against a Nextcloud double that answers after
// NEXTCLOUD_LATENCY_MS (a real Nextcloud 32 took 58–110 ms for the whole cached answer, most of it that PROPFIND). The
// revalidated lines tell the check apart from the rest by the sidecar's own timer around it, sent in
// `Server-Timing: etag-check;dur=…`: "beyond the ETag check" is the end-to-end time measured here (request sent until
// the last body byte read, through another process's HTTP server) minus that duration.
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
const MEDIUM_PDF_MB = 20;

export async function benchPdfPreview(dir: string): Promise<BenchLine[]> {
  const mutool = spawnSync('mutool', ['-v'], { encoding: 'utf8' });
  const files = createFilesApp();
  const typical = buildPdf([{ image: true }, typicalPageText(), 'Last page']);
  const long = buildPdf(Array.from({ length: 200 }, (_, index) => `Page ${index + 1}\n${typicalPageText()}`));
  files.seedFile('alice', 'Bench/typical.pdf', Buffer.from(typical));
  files.seedFile('alice', 'Bench/long.pdf', Buffer.from(long));
  files.seedFile('alice', 'Bench/medium.pdf', Buffer.from(buildLargePdf(MEDIUM_PDF_MB, 4)));
  files.seedFile('alice', 'Bench/large.pdf', Buffer.from(buildLargePdf(LARGE_PDF_MB, 4)));
  const double = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [BENCH_PASSWORD] }], apps: [files] });
  const base = { nextcloudUrl: double.url, userId: 'alice', appPassword: BENCH_PASSWORD };
  // Neither pages nor PDFs kept: every call downloads and renders, as the first page of a file does.
  const uncached = await startPreviewApp({ ...base, cacheBytes: 0, fileCacheBytes: 0 });
  const downloaded = await startPreviewApp({ ...base, cacheBytes: 0 });
  // Another process, as the companion is: cached answers are measured without sharing the client's event loop.
  const script = fileURLToPath(new URL('./pdf-preview-child.ts', import.meta.url));
  const child = await startBenchChild<{ url: string; askingUrl: string }>(script, [double.url]);
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
    // A new page of a PDF read before: its download is the cost the file cache saves, large on a large file.
    const mediumQuery = `file_path=/Bench/medium.pdf&page=2&scale=1`;
    const downloading = await sampleTimes(page(uncached, mediumQuery), MEDIUM_CALLS);
    const kept = await sampleTimes(page(downloaded, mediumQuery), MEDIUM_CALLS);
    lines.push({
      ...ratioLine(
        `pdf-preview page of a ${MEDIUM_PDF_MB} MB PDF already downloaded (p50)`,
        kept,
        downloading,
        'downloading it',
        1,
      ),
      target: '< 1× (one download per file version)',
    });
    const first = await sampleTimes(page(uncached, 'file_path=/Bench/long.pdf&page=1&scale=1'), CALLS);
    const later = await sampleTimes(page(uncached, 'file_path=/Bench/long.pdf&page=150&scale=1'), CALLS);
    lines.push(ratioLine('pdf-preview page 150 of 200 (uncached, p50)', later, first, 'page 1', 1.2));
    double.setLatency(NEXTCLOUD_LATENCY_MS);
    lines.push(...(await cachedPageLines(child.info)));
    double.setLatency(0);
    lines.push(await peakMemoryLine(child, childIdleMb));
  } finally {
    await Promise.all([uncached.close(), downloaded.close(), child.stop()]);
    await double.close();
  }
  return printLines(lines);
}

const CALLS = { calls: 15, warmUp: 3 };
const MEDIUM_CALLS = { calls: 7, warmUp: 1 };

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

/** Nextcloud's answer time in the cached-page lines: a PROPFIND on a real Nextcloud 32 took tens of ms. */
const NEXTCLOUD_LATENCY_MS = 30;
const CACHED_CALLS = 300;
const CACHED_WARM_UP = 30;

/**
 * A cached page end to end within the trust window, against the same page revalidated with a PROPFIND each time,
 * and the revalidated requests less the ETag check the sidecar timed (Server-Timing).
 */
async function cachedPageLines(child: { url: string; askingUrl: string }): Promise<BenchLine[]> {
  const query = '/api/v1/pdf-preview?file_path=/Bench/typical.pdf&page=2&scale=2';
  const trusted = await timeCachedPage(`${child.url}${query}`);
  const asked = await timeCachedPage(`${child.askingUrl}${query}`);
  const p50 = (samples: number[]) =>
    percentile(
      [...samples].sort((a, b) => a - b),
      50,
    );
  const [trustedMs, askedMs] = [p50(trusted.total), p50(asked.total)];
  const beyondMs = p50(asked.total.map((ms, index) => ms - asked.checks[index]!));
  return [
    {
      name: `pdf-preview cached page within the ETag trust window, end to end (p50; Nextcloud at ${NEXTCLOUD_LATENCY_MS} ms)`,
      value: trustedMs,
      unit: 'ms',
      reference: { name: 'revalidated with a PROPFIND each time', value: askedMs },
      target: '≤ 20 ms',
      pass: trustedMs <= 20,
    },
    {
      name: `pdf-preview cached page revalidated, beyond the ETag check (p50; the check p50 ${p50(asked.checks).toFixed(2)} ms)`,
      value: beyondMs,
      unit: 'ms',
      target: '≤ 2 ms',
      pass: beyondMs <= 2,
    },
  ];
}

/** End-to-end times of a page already cached, and the ETag check's time the sidecar reported for each. */
async function timeCachedPage(url: string): Promise<{ total: number[]; checks: number[] }> {
  // undici's request, not fetch: fetch's web streams add about a millisecond per 500 KB answer on the client side.
  const client = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'pdf-preview-bench' });
  const total: number[] = [];
  const checks: number[] = [];
  try {
    for (let call = 0; call < CACHED_WARM_UP + CACHED_CALLS; call += 1) {
      const started = performance.now();
      const response = await client.request(url);
      const ms = performance.now() - started;
      const check = Number(/etag-check;dur=([\d.]+)/.exec(String(response.headers['server-timing']))?.[1]);
      if (response.status !== 200 || !Number.isFinite(check)) {
        throw new Error(`cached pdf-preview answered ${response.status} without its ETag check's time`);
      }
      if (call < CACHED_WARM_UP) continue;
      total.push(ms);
      checks.push(check);
    }
  } finally {
    await client.close();
  }
  return { total, checks };
}

function drawWithMutool(input: string, output: string): void {
  const run = spawnSync('mutool', ['draw', '-q', '-o', output, '-r', '144', input, '2']);
  if (run.status !== 0) throw new Error(`mutool draw failed: ${run.stderr.toString()}`);
}

/** Peak RSS (VmHWM) of the child once it rendered page 1 of a ~100 MB PDF, downloaded in full, at scale 2. */
async function peakMemoryLine(
  child: BenchChild<{ url: string; askingUrl: string }>,
  idleMb: number,
): Promise<BenchLine> {
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
