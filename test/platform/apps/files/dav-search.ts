// SEARCH /remote.php/dav in the files double: a basicsearch body (select, scope /files/{uid}/…, where with and/or/
// not, eq/like/gt/gte/lt/lte on name, mimetype, mtime and size, is-collection, orderby, limit) over the user's files.
import { XMLParser } from 'fast-xml-parser';
import { hrefOf } from './dav-location.js';
import type { FilesRequest } from './file-methods.js';
import { FOLDER_MIME_TYPE, type FileNode, type FileTree } from './file-tree.js';
import { DEFAULT_PROPS, sendDavError, sendMultistatus } from './multistatus.js';
import { describeNode } from './node-props.js';
import { sendNotImplemented } from './not-found.js';
import { resolveSearchScope } from './search-scope.js';

type XmlNode = Record<string, unknown>;
type Match = { node: FileNode; segments: string[] };

export function handleSearch(request: FilesRequest): void {
  const { req, res, body, tree, userId } = request;
  // Without an XML Content-Type no plugin takes the SEARCH: 501.
  // unverified: a non-XML Content-Type answers like a missing one (source: icewind1991/SearchDAV SearchPlugin)
  if (!/text\/xml|application\/xml/.test(String(req.headers['content-type'] ?? ''))) {
    return sendNotImplemented(res, 'SEARCH');
  }
  let search: XmlNode;
  try {
    const parsed = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false }).parse(
      body.toString('utf8'),
      true,
    ) as XmlNode;
    search = child(child(parsed, 'searchrequest'), 'basicsearch');
  } catch {
    return sendDavError(res, 400, 'BadRequest', 'The search request is not valid XML');
  }
  const scopeXml = child(child(search, 'from'), 'scope');
  const scope = resolveSearchScope(text(scopeXml.href), text(scopeXml.depth), tree, userId);
  if (scope.kind === 'refused') return sendDavError(res, scope.status, scope.exception, scope.message);
  const { folder } = scope;

  const where = child(search, 'where');
  let matches: Match[];
  try {
    matches = [...tree.walk(folder, scope.segments)]
      .filter((match) => scope.depth !== 1 || match.segments.length === scope.segments.length + 1)
      .filter((match) => Object.keys(where).length === 0 || evaluateAll(where, match.node, tree, 'and'));
  } catch (error) {
    return sendDavError(res, 400, 'BadRequest', (error as Error).message);
  }
  sortMatches(matches, child(search, 'orderby'), tree);
  const limit = child(search, 'limit');
  const first = Number(limit.firstresult ?? 0) || 0;
  const count = Number(limit.nresults ?? Number.POSITIVE_INFINITY);
  const selected = Object.keys(child(child(search, 'select'), 'prop'));
  sendMultistatus(
    res,
    matches.slice(first, first + count).map(({ node, segments }) => ({
      href: hrefOf(req, 'files', userId, segments, node.kind === 'folder'),
      props: describeNode(tree, node, segments[segments.length - 1]),
    })),
    selected.length > 0 ? selected : DEFAULT_PROPS,
  );
}

function evaluateAll(operands: XmlNode, node: FileNode, tree: FileTree, mode: 'and' | 'or'): boolean {
  const results: boolean[] = [];
  for (const [operator, value] of Object.entries(operands)) {
    for (const operand of Array.isArray(value) ? value : [value]) results.push(evaluate(operator, operand, node, tree));
  }
  return mode === 'and' ? results.every(Boolean) : results.some(Boolean);
}

function evaluate(operator: string, operand: unknown, node: FileNode, tree: FileTree): boolean {
  const args = (operand ?? {}) as XmlNode;
  switch (operator) {
    case 'and':
    case 'or':
      return evaluateAll(args, node, tree, operator);
    case 'not':
      return !evaluateAll(args, node, tree, 'and');
    case 'is-collection':
      return node.kind === 'folder';
    case 'eq':
    case 'like':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return compare(operator, args, node, tree);
    default:
      throw new Error(`Unsupported search operator ${operator}`);
  }
}

function compare(operator: string, args: XmlNode, node: FileNode, tree: FileTree): boolean {
  const prop = Object.keys(child(args, 'prop'))[0] ?? '';
  const literal = typeof args.literal === 'string' ? args.literal : String(args.literal ?? '');
  const actual = valueOf(prop, node, tree);
  if (operator === 'like') return likePattern(literal).test(String(actual));
  const expected = typeof actual === 'number' ? numericLiteral(prop, literal) : literal;
  if (operator === 'eq')
    return typeof actual === 'string' ? actual.toLowerCase() === literal.toLowerCase() : actual === expected;
  if (operator === 'gt') return actual > expected;
  if (operator === 'gte') return actual >= expected;
  if (operator === 'lt') return actual < expected;
  return actual <= expected;
}

function valueOf(prop: string, node: FileNode, tree: FileTree): string | number {
  switch (prop) {
    case 'displayname':
      return node.name;
    case 'getcontenttype':
      return node.kind === 'folder' ? FOLDER_MIME_TYPE : node.mimeType;
    case 'getlastmodified':
      return node.mtime;
    case 'getcontentlength':
    case 'size':
      return tree.sizeOf(node);
    case 'fileid':
      return node.fileId;
    default:
      throw new Error(`Unsupported search property ${prop}`);
  }
}

/**
 * A literal compared with a number. Dates take unix seconds or an ISO literal in PHP's ATOM form
 * (`2026-11-28T06:00:03Z` or `…+00:00`); one with fractions (`…03.000Z`) counts as 0, so `gt` then matches every
 * file (docs/nextcloud-behaviour.md, "Files (WebDAV)", the Trap under Search).
 */
// unverified: other malformed literals read as 0 too (source: nextcloud/server
// apps/dav/lib/Files/FileSearchBackend.php castValue, DateTime::createFromFormat(DateTimeInterface::ATOM))
function numericLiteral(prop: string, literal: string): number {
  if (/^\d+(\.\d+)?$/.test(literal)) return Number(literal);
  if (prop !== 'getlastmodified') return 0;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/.test(literal)) return 0;
  return Math.floor(Date.parse(literal) / 1000);
}

/** SQL LIKE, case-insensitive as Nextcloud's file cache compares names: % any run, _ one character. */
function likePattern(literal: string): RegExp {
  const body = [...literal]
    .map((char) => (char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 'isu');
}

function sortMatches(matches: Match[], orderby: XmlNode, tree: FileTree): void {
  const orders = ([] as unknown[]).concat(orderby.order ?? []) as XmlNode[];
  matches.sort((a, b) => {
    for (const order of orders) {
      const prop = Object.keys(child(order, 'prop'))[0] ?? '';
      const [x, y] = [valueOf(prop, a.node, tree), valueOf(prop, b.node, tree)];
      if (x !== y) return (x < y ? -1 : 1) * ('descending' in order ? -1 : 1);
    }
    return a.segments.join('/').localeCompare(b.segments.join('/'));
  });
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function child(node: unknown, name: string): XmlNode {
  const value = (node as XmlNode | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === 'object' ? (first as XmlNode) : {};
}
