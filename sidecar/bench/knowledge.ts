// Runs only the knowledge benchmarks (index, search, sync), each figure with its same-run reference and target.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchKnowledgeHybridSearch } from './knowledge-hybrid-search.js';
import { benchKnowledgeIndexing } from './knowledge-indexing.js';
import { benchKnowledgeLeanIndex } from './knowledge-lean-index.js';
import { benchKnowledgeSyncBuild } from './knowledge-sync-build.js';
import { benchKnowledgeRanking } from './knowledge-ranking.js';
import { benchKnowledgeRetrievalQuality } from './knowledge-retrieval-quality.js';
import { benchKnowledgeScanCost } from './knowledge-scan-cost.js';
import { benchKnowledgeWebhookLatency } from './knowledge-webhook-latency.js';
import type { BenchLine } from './report.js';

export async function benchKnowledge(dir: string): Promise<BenchLine[]> {
  return [
    ...(await benchKnowledgeHybridSearch(dir)),
    ...(await benchKnowledgeIndexing(dir)),
    ...(await benchKnowledgeLeanIndex(dir)),
    ...(await benchKnowledgeSyncBuild(dir)),
    ...(await benchKnowledgeScanCost(dir)),
    ...(await benchKnowledgeWebhookLatency(dir)),
    ...(await benchKnowledgeRetrievalQuality(dir)),
    ...(await benchKnowledgeRanking(dir)),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = mkdtempSync(join(tmpdir(), 'knowledge-bench-'));
  try {
    const lines = await benchKnowledge(dir);
    const missed = lines.filter((line) => !line.pass).length;
    console.log(`\n${lines.length - missed} targets met, ${missed} missed`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
