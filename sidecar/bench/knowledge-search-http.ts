// Hybrid search over HTTP: the real sidecar in a child process (basic mode) serves POST /api/v1/search from an embedded
// index built beforehand; its durations (request sent to the last byte of the answer received) beside a bare round
// trip to the same sidecar (GET /health/live), the two taking turns request by request. Every answer is decoded and
// checked after the timed requests; that decoding is reported on its own (see `clientDecode`).
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
  /**
   * What this client then spends turning each answer into objects (UTF-8 to a string, JSON.parse), in ms, sorted.
   * Not in `search`: on Node 24 decoding a body of more than 64K characters that holds one beyond Latin-1 (an
   * excerpt's "…") into a single string costs this client about 0.8 ms, a cost of V8 strings rather than of the
   * sidecar, which a PHP or browser client does not pay in that form.
   */
  clientDecode: number[];
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
  /** Every answer's bytes, decoded and checked once the timing is done. */
  const answers: Buffer[] = [];
  const search = async () => {
    const query = JSON.stringify({ query: queries[i++ % queries.length], algorithm: 'hybrid', limit: options.limit });
    const response = await request(`${sidecar.info.url}/api/v1/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: query,
    });
    const answer = Buffer.from(await response.body.arrayBuffer());
    if (response.statusCode !== 200) {
      throw new Error(`POST /api/v1/search answered ${response.statusCode}: ${answer.toString().slice(0, 200)}`);
    }
    answers.push(answer);
  };
  const live = async () => {
    const response = await request(`${sidecar.info.url}/health/live`);
    await response.body.dump();
  };
  try {
    // The first search loads alice's index; it is not what this measures.
    await search();
    const [searchTimes, liveTimes] = await sampleTimesInterleaved([search, live], options);
    const clientDecode = answers.map((body) => {
      const started = performance.now();
      const answer = JSON.parse(body.toString('utf8')) as { results?: unknown[] };
      if (!answer.results?.length) throw new Error('POST /api/v1/search answered with no results.');
      return performance.now() - started;
    });
    const sorted = (values: number[]) => values.sort((a, b) => a - b);
    return {
      search: searchTimes!,
      roundTrip: liveTimes!,
      answerBytes: sorted(answers.map((body) => body.byteLength)),
      clientDecode: sorted(clientDecode),
    };
  } finally {
    await sidecar.stop();
    await double.close();
  }
}
