// REPORT oc:filter-files on a folder of the files double: the user's favourites below that folder, at any depth, with
// the properties the report's d:prop asks for.
// unverified: all of this file (source: nextcloud/server apps/dav/lib/Connector/Sabre/FilesReportPlugin.php onReport,
// processFilterRulesForFileIDs and findNodesByFileIds): a report without oc:filter-rules answers 400 "Missing
// filter-rule block in request"; oc:favorite selects the favourites found below the report's folder (the folder
// itself included when it is one), in the order Nextcloud stored them (here: depth first); d:limit with d:nresults
// and nc:firstresult pages them; a report on a file is not answered by the plugin (here: 501 like other methods).
import { XMLParser } from 'fast-xml-parser';
import { hrefOf } from './dav-location.js';
import type { FilesRequest } from './file-methods.js';
import type { FileNode } from './file-tree.js';
import { DEFAULT_PROPS, sendDavError, sendMultistatus } from './multistatus.js';
import { describeNode } from './node-props.js';
import { missingInHomeMessage, sendNotFound, sendNotImplemented } from './not-found.js';

type XmlNode = Record<string, unknown>;

export function handleFilesReport(request: FilesRequest): void {
  const { req, res, body, tree, userId, segments } = request;
  const folder = tree.find(segments);
  if (!folder) return sendNotFound(res, missingInHomeMessage(tree, segments));
  let parsed: XmlNode;
  try {
    parsed = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false }).parse(
      body.toString('utf8'),
      true,
    ) as XmlNode;
  } catch {
    return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
  }
  if (folder.kind !== 'folder' || !('filter-files' in parsed)) return sendNotImplemented(res, 'REPORT');
  const report = childOf(parsed, 'filter-files');
  const rules = childOf(report, 'filter-rules');
  if (Object.keys(rules).length === 0)
    return sendDavError(res, 400, 'BadRequest', 'Missing filter-rule block in request');
  const onlyFavorites = 'favorite' in rules;
  const below: { node: FileNode; segments: string[] }[] = [{ node: folder, segments }, ...tree.walk(folder, segments)];
  const matches = below.filter(({ node }) => !onlyFavorites || node.favorite === true);
  const limit = childOf(report, 'limit');
  const first = Number(limit.firstresult ?? 0) || 0;
  const count = Number(limit.nresults ?? Number.POSITIVE_INFINITY);
  const requested = Object.keys(childOf(report, 'prop'));
  sendMultistatus(
    res,
    matches.slice(first, first + count).map(({ node, segments: path }) => ({
      href: hrefOf(req, 'files', userId, path, node.kind === 'folder'),
      props: describeNode(tree, node, path[path.length - 1]),
    })),
    requested.length > 0 ? requested : DEFAULT_PROPS,
  );
}

function childOf(node: unknown, name: string): XmlNode {
  const value = (node as XmlNode | undefined)?.[name];
  return value && typeof value === 'object' ? (value as XmlNode) : {};
}
