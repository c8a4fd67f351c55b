// Reads the Cranfield test collection (SMART format) from the shared folder beside the repository, and scores a
// ranking against its graded judgments: nDCG@10 (gain 5 − grade for grades 1–4) and recall@100 (grades 1–3 relevant).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface IrDocument {
  id: string;
  title: string;
  text: string;
}

export interface IrQuery {
  /** 1-based position in the query file: the judgments number queries by position, not by their `.I` id. */
  number: number;
  text: string;
}

export interface IrCollection {
  documents: IrDocument[];
  queries: IrQuery[];
  /** Query number → document id → grade (1 best … 4 least; others not relevant). */
  judgments: Map<number, Map<string, number>>;
}

/** `../shared/ir/cranfield` from the repository root (the data is never copied into the repository). */
export function cranfieldFolder(): string {
  const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  return join(repositoryRoot, '..', 'shared', 'ir', 'cranfield');
}

/** The collection, or undefined when its folder or a file is missing. */
export function readCranfield(folder = cranfieldFolder()): IrCollection | undefined {
  const files = ['cran.all.1400', 'cran.qry', 'cranqrel'].map((name) => join(folder, name));
  if (!files.every((file) => existsSync(file))) return undefined;
  const [documentsText, queriesText, judgmentsText] = files.map((file) => readFileSync(file, 'utf8'));
  const documents = smartRecords(documentsText!).map((record) => ({
    id: record.id,
    title: clean(record.fields.T ?? ''),
    text: clean(record.fields.W ?? ''),
  }));
  const queries = smartRecords(queriesText!).map((record, i) => ({
    number: i + 1,
    text: clean(record.fields.W ?? ''),
  }));
  const judgments = new Map<number, Map<string, number>>();
  for (const line of judgmentsText!.split('\n')) {
    const [query, document, grade] = line.trim().split(/\s+/);
    if (!query || !document || !grade) continue;
    const perQuery = judgments.get(Number(query)) ?? new Map<string, number>();
    perQuery.set(String(Number(document)), Number(grade));
    judgments.set(Number(query), perQuery);
  }
  return { documents, queries, judgments };
}

interface SmartRecord {
  id: string;
  fields: Record<string, string>;
}

function smartRecords(text: string): SmartRecord[] {
  const records: SmartRecord[] = [];
  let field = '';
  for (const line of text.split('\n')) {
    const start = /^\.I\s+(\d+)/.exec(line);
    if (start) {
      records.push({ id: String(Number(start[1])), fields: {} });
      field = '';
      continue;
    }
    const marker = /^\.([A-Z])\s*$/.exec(line);
    if (marker) {
      field = marker[1]!;
      continue;
    }
    const record = records[records.length - 1];
    if (record && field) record.fields[field] = `${record.fields[field] ?? ''}${line}\n`;
  }
  return records;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Graded gain: 5 − grade for grades 1–4, 0 otherwise. */
function gain(grade: number | undefined): number {
  return grade !== undefined && grade >= 1 && grade <= 4 ? 5 - grade : 0;
}

export interface IrScores {
  ndcg10: number;
  recall100: number;
}

/** nDCG@10 and recall@100 of one ranking of document ids (queries without relevant documents score 0 recall). */
export function scoreRanking(ranked: readonly string[], judged: ReadonlyMap<string, number> | undefined): IrScores {
  const grades = judged ?? new Map<string, number>();
  let dcg = 0;
  ranked.slice(0, 10).forEach((id, i) => (dcg += gain(grades.get(id)) / Math.log2(i + 2)));
  const ideal = [...grades.values()]
    .map(gain)
    .sort((a, b) => b - a)
    .slice(0, 10)
    .reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  const relevant = [...grades].filter(([, grade]) => grade >= 1 && grade <= 3).map(([id]) => id);
  const top = new Set(ranked.slice(0, 100));
  const found = relevant.filter((id) => top.has(id)).length;
  return { ndcg10: ideal > 0 ? dcg / ideal : 0, recall100: relevant.length > 0 ? found / relevant.length : 0 };
}

/** Mean of each measure over all queries. */
export function meanScores(scores: readonly IrScores[]): IrScores {
  const mean = (pick: (s: IrScores) => number) => scores.reduce((sum, s) => sum + pick(s), 0) / (scores.length || 1);
  return { ndcg10: mean((s) => s.ndcg10), recall100: mean((s) => s.recall100) };
}
