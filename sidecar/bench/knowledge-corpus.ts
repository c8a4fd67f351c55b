// The knowledge benchmarks' shared parts: a seeded synthetic corpus with topic structure (Zipf-distributed words of
// a few thousand-word vocabulary), a migrated SQLite index, the default embedder, an exact float scan, the search
// request every benchmark sends and the run of a benchmark file as a script.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createHashingEmbedder } from '../src/knowledge/embedders/hashing-embedder.js';
import type { Embedder } from '../src/knowledge/embedders/embedder.js';
import type { EmbedderHandle } from '../src/knowledge/embedders/create-embedder.js';
import type { ChunkInput, IndexedDocument } from '../src/knowledge/index/index-store.js';
import type { Algorithm, SearchRequest } from '../src/knowledge/search/search-service.js';
import { loadMigrations } from '../src/store/migration-files.js';
import { createMigrator } from '../src/store/migrator.js';
import { openSqliteDatabase, type SqliteSqlDatabase } from '../src/store/sql/sqlite-database.js';

export const DIMENSIONS = 384;
export const CHUNKS_PER_DOCUMENT = 10;
const COMMON_WORDS = 2000;
const TOPICS = 60;
const WORDS_PER_TOPIC = 120;
const WORDS_PER_CHUNK = 150;

/** Deterministic 32-bit PRNG (mulberry32), so every run and the RSS child build the same corpus and queries. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ONSETS = [
  'b',
  'br',
  'c',
  'ch',
  'd',
  'f',
  'g',
  'gr',
  'h',
  'k',
  'l',
  'm',
  'n',
  'p',
  'pl',
  'r',
  's',
  'st',
  't',
  'v',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou'];
const CODAS = ['', '', 'n', 'r', 'l', 'st', 'nd', 'm', 'x', 'ck'];

/** `count` distinct pronounceable words (1–3 syllables), never ending in "s" (the tokenizer folds plurals). */
function makeWords(random: () => number, count: number, taken: Set<string>): string[] {
  const words: string[] = [];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  while (words.length < count) {
    const syllables = 1 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < syllables; i++) word += pick(ONSETS) + pick(VOWELS);
    word += pick(CODAS);
    if (word.length < 3 || taken.has(word)) continue;
    taken.add(word);
    words.push(word);
  }
  return words;
}

/** Index into a list of `n` drawn with probability ∝ 1/(rank+1) (Zipf, s = 1), by inverting the harmonic sum. */
function zipfSampler(n: number): (random: () => number) => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative[i] = sum += 1 / (i + 1);
  return (random) => {
    const target = random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

export interface SyntheticCorpus {
  /** Every document with its chunk texts (vectors are computed by the caller, through the embedder). */
  documents(count: number): Generator<{ document: IndexedDocument; texts: string[] }>;
  /** Keyword queries of 2–4 words: mostly words of one topic, sometimes a common word. */
  queries(count: number, seed: number): string[];
}

export function syntheticCorpus(seed = 9): SyntheticCorpus {
  const random = seeded(seed);
  const taken = new Set<string>();
  const common = makeWords(random, COMMON_WORDS, taken);
  const topics = Array.from({ length: TOPICS }, () => makeWords(random, WORDS_PER_TOPIC, taken));
  const commonZipf = zipfSampler(COMMON_WORDS);
  const topicZipf = zipfSampler(WORDS_PER_TOPIC);

  const chunkText = (r: () => number, main: string[], second: string[]): string => {
    const sentences: string[] = [];
    let words = 0;
    while (words < WORDS_PER_CHUNK) {
      const length = 6 + Math.floor(r() * 14);
      const sentence: string[] = [];
      for (let i = 0; i < length; i++) {
        const draw = r();
        if (draw < 0.6) sentence.push(common[commonZipf(r)]!);
        else if (draw < 0.9) sentence.push(main[topicZipf(r)]!);
        else sentence.push(second[topicZipf(r)]!);
      }
      sentence[0] = sentence[0]!.charAt(0).toUpperCase() + sentence[0]!.slice(1);
      sentences.push(`${sentence.join(' ')}.`);
      words += length;
    }
    return sentences.join(' ');
  };

  return {
    *documents(count) {
      const r = seeded(seed * 7919 + 1);
      for (let d = 0; d < count; d++) {
        const main = topics[Math.floor(r() * TOPICS)]!;
        const second = topics[Math.floor(r() * TOPICS)]!;
        const title = `${main[topicZipf(r)]} ${common[commonZipf(r)]} ${main[topicZipf(r)]}`;
        const texts = Array.from({ length: CHUNKS_PER_DOCUMENT }, () => chunkText(r, main, second));
        const document: IndexedDocument = {
          docType: d % 3 === 0 ? 'note' : 'file',
          docId: String(d + 1),
          title,
          mimeType: 'text/markdown',
          version: `v${d}`,
          filePath: `/Documents/${title.replaceAll(' ', '-')}-${d}.md`,
        };
        yield { document, texts };
      }
    },
    queries(count, querySeed) {
      const r = seeded(querySeed);
      return Array.from({ length: count }, () => {
        const topic = topics[Math.floor(r() * TOPICS)]!;
        const words = Array.from({ length: 2 + Math.floor(r() * 3) }, () => topic[topicZipf(r)]!);
        if (r() < 0.3) words.push(common[commonZipf(r)]!);
        return words.join(' ');
      });
    },
  };
}

/** Chunk inputs as the indexer builds them (title and text embedded together); offsets are synthetic. */
export async function chunkInputs(embedder: Embedder, title: string, texts: readonly string[]): Promise<ChunkInput[]> {
  const vectors = await embedder.embed(texts.map((text) => `${title}\n${text}`));
  let start = 0;
  return texts.map((text, index) => {
    const chunk = { index, total: texts.length, start, end: start + text.length, page: null, text };
    start += text.length + 2;
    return { ...chunk, vector: vectors[index]! };
  });
}

export function defaultEmbedder(): { embedder: Embedder; handle: EmbedderHandle } {
  const embedder = createHashingEmbedder(DIMENSIONS);
  return {
    embedder,
    handle: { configured: 'hashing', get: () => Promise.resolve(embedder), peek: () => embedder },
  };
}

/**
 * better-sqlite3 on Node 24 aborts when V8 finalises a dropped Statement in a garbage collection started from a
 * microtask (see test/knowledge/search/sqlite-index-store.test.ts): collect the migrator's dropped statements right away.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** A SQLite file with every migration applied (the same file family the sidecar uses). */
export async function openIndexDatabase(path: string): Promise<SqliteSqlDatabase> {
  const db = openSqliteDatabase(path);
  await createMigrator(db, loadMigrations()).prepare();
  collectGarbage();
  return db;
}

/** Exact top-k by dot product over row-major unit vectors: the reference every nearest search is checked against. */
export function exactTopK(all: Float32Array, count: number, query: Float32Array, k: number): number[] {
  const dims = query.length;
  const best: { row: number; score: number }[] = [];
  let floor = -Infinity;
  for (let row = 0; row < count; row++) {
    let dot = 0;
    const base = row * dims;
    for (let i = 0; i < dims; i++) dot += all[base + i]! * query[i]!;
    if (best.length < k || dot > floor) {
      best.push({ row, score: dot });
      best.sort((a, b) => b.score - a.score);
      if (best.length > k) best.length = k;
      floor = best[best.length - 1]!.score;
    }
  }
  return best.map((entry) => entry.row);
}

/** The benchmarks' search: the top 10 by `algorithm` (RRF for hybrid), no threshold, PCA or chunk context. */
export function benchSearchRequest(query: string, algorithm: Algorithm = 'hybrid'): SearchRequest {
  return {
    query,
    algorithm,
    fusion: 'rrf',
    limit: 10,
    offset: 0,
    scoreThreshold: 0,
    includePca: false,
    includeChunks: false,
  };
}

/** When the module at `moduleUrl` is the script node was started with: runs `bench` in a temp directory it removes. */
export async function runAsScript(moduleUrl: string, bench: (dir: string) => Promise<unknown>): Promise<void> {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  const dir = mkdtempSync(join(tmpdir(), 'knowledge-bench-'));
  try {
    await bench(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
