// Hybrid search over HTTP: the real sidecar in a child process (basic mode) serves POST /api/v1/search from an embedded
// index built beforehand; its durations beside a bare round trip to the same sidecar (GET /health/live), the two
// taking turns request by request.
import { request } from 'undici';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { BENCH_PASSWORD, startSidecarChild } from './child-process.js';
import { sampleTimesInterleaved } from './report.js';

export interface SearchOverHttp {
  /** Durations of POST /api/v1/search in ms, sorted. */
  search: number[];
  /** Durations of GET /health/live in ms, sorted: what any request to the sidecar costs. */
  roundTrip: number[];
  /** Bytes of the answers' bodies (UTF-8 JSON), sorted. */
  answerBytes: number[];
}

/**
 * Searches `userId`'s index in `dbPath` (built with the default embedder) through the sidecar, once per query in
 * turn. The platform double has none of the apps the sources read, and a scan keeps what is indexed of a source
 * whose app is not there (sync/scanner.ts): the index stays as built while it is measured.
 */
export async function measureSearchOverHttp(
  dbPath: string,
  userId: string,
  queries: readonly string[],
  options: { limit: number; calls: number; warmUp: number },
): Promise<SearchOverHttp> {
  const double = await startPlatformDouble({ users: [{ id: userId, appPasswords: [BENCH_PASSWORD] }] });
  const sidecar = await startSidecarChild({
    NEXTCLOUD_HOST: double.url,
    NEXTCLOUD_USERNAME: userId,
    NEXTCLOUD_PASSWORD: BENCH_PASSWORD,
    KNOWLEDGE_ENABLED: 'true',
    TOKEN_STORAGE_DB: dbPath,
  });
  let i = 0;
  const answerBytes: number[] = [];
  const search = async () => {
    const body = JSON.stringify({ query: queries[i++ % queries.length], algorithm: 'hybrid', limit: options.limit });
    const response = await request(`${sidecar.info.url}/api/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await response.body.text();
    answerBytes.push(Buffer.byteLength(text));
    const answer = JSON.parse(text) as { results?: unknown[]; message?: string };
    if (response.statusCode !== 200 || !answer.results?.length) {
      throw new Error(`POST /api/v1/search answered ${response.statusCode} with no results: ${answer.message}`);
    }
  };
  const live = async () => {
    const response = await request(`${sidecar.info.url}/health/live`);
    await response.body.dump();
  };
  try {
    // The first search loads alice's index; it is not what this measures.
    await search();
    const [searchTimes, liveTimes] = await sampleTimesInterleaved([search, live], options);
    return { search: searchTimes!, roundTrip: liveTimes!, answerBytes: answerBytes.sort((a, b) => a - b) };
  } finally {
    await sidecar.stop();
    await double.close();
  }
}
