// CardDAV's `i;octet` collation, which Radicale ignores (it matches every text-match case-insensitively): after
// Radicale answered an addressbook-query, the cards it found are checked again, case-sensitively, against each
// text-match with `collation="i;octet"`.
import { unescapeXml } from '../../xml-escape.js';

interface OctetMatch {
  property: string;
  text: string;
  matchType: string;
  negate: boolean;
}

/**
 * Keeps the responses of an addressbook-query answer whose card satisfies every `i;octet` text-match of the query.
 * `readCard` gives the vCard of a response's href. Queries with `test="anyof"` are left as Radicale answered them
 * (unverified: how sabre combines i;octet with anyof; source: none).
 */
export async function applyOctetCollation(
  query: string,
  answer: string,
  readCard: (href: string) => Promise<string | undefined>,
): Promise<string> {
  const matches = readOctetMatches(query);
  if (matches.length === 0 || /<(?:[\w-]+:)?filter\b[^>]*test="anyof"/.test(query)) return answer;
  const responses = [...answer.matchAll(/<((?:[\w-]+:)?)response\b[^>]*>[\s\S]*?<\/\1response>/g)].map((m) => m[0]);
  let filtered = answer;
  for (const response of responses) {
    const href = /<(?:[\w-]+:)?href>([^<]*)</.exec(response)?.[1] ?? '';
    if (href.endsWith('/')) continue;
    const card = await readCard(href);
    if (card !== undefined && !matches.every((match) => satisfies(card, match))) {
      filtered = filtered.replace(response, '');
    }
  }
  return filtered;
}

function readOctetMatches(query: string): OctetMatch[] {
  const found: OctetMatch[] = [];
  const propFilters = query.matchAll(/<((?:[\w-]+:)?)prop-filter\b([^>]*)>([\s\S]*?)<\/\1prop-filter>/g);
  for (const [, , attributes = '', inner = ''] of propFilters) {
    const property = /\bname="([^"]+)"/.exec(attributes)?.[1]?.toUpperCase();
    const textMatch = /<((?:[\w-]+:)?)text-match\b([^>]*)>([\s\S]*?)<\/\1text-match>/.exec(inner);
    if (!property || !textMatch || !/\bcollation="i;octet"/.test(textMatch[2] ?? '')) continue;
    found.push({
      property,
      text: unescapeXml(textMatch[3] ?? ''),
      matchType: /\bmatch-type="([^"]+)"/.exec(textMatch[2] ?? '')?.[1] ?? 'contains',
      negate: /\bnegate-condition="yes"/.test(textMatch[2] ?? ''),
    });
  }
  return found;
}

function satisfies(card: string, match: OctetMatch): boolean {
  const unfolded = card.replace(/\r?\n[ \t]/g, '');
  const values = [...unfolded.matchAll(/^([^:;\r\n]+)(?:;[^:\r\n]*)?:(.*)$/gm)]
    .filter((line) => (line[1] ?? '').replace(/^[^.]*\./, '').toUpperCase() === match.property)
    .map((line) => (line[2] ?? '').trim());
  const hit = values.some((value) => {
    if (match.matchType === 'equals') return value === match.text;
    if (match.matchType === 'starts-with') return value.startsWith(match.text);
    if (match.matchType === 'ends-with') return value.endsWith(match.text);
    return value.includes(match.text);
  });
  return match.negate ? !hit : hit;
}
