// The refusals the files double shares between its WebDAV handlers, worded as Nextcloud and sabre word them: a path
// that is not there (in the caller's home, below a file or below another user's) and a method nobody handles.
import type { ServerResponse } from 'node:http';
import type { FileTree } from './file-tree.js';
import { sendDavError } from './multistatus.js';

/**
 * The 404 message for the first segment of `segments` that is missing in the caller's home, as Nextcloud's
 * Directory::getChild words it: the parent's path (`/` for the home itself, `/a` below it), a slash and the name,
 * so a missing child of the home reads `//name` and one below a folder `/fa dir/nope.txt` (docs/nextcloud-behaviour.md,
 * "Files (WebDAV)", GET and HEAD).
 */
export function missingInHomeMessage(tree: FileTree, segments: string[]): string {
  let parent = '/';
  for (let depth = 0; depth < segments.length; depth++) {
    const name = segments[depth] ?? '';
    if (tree.find(segments.slice(0, depth + 1)) === undefined || depth === segments.length - 1) {
      return `File with name ${parent}/${name} could not be located`;
    }
    parent = `/${segments.slice(0, depth + 1).join('/')}`;
  }
  return 'File with name / could not be located';
}

/**
 * Another user's home is an empty sabre SimpleCollection named after them, so anything below it is missing with
 * SimpleCollection's message, "File not found: x in 'bob'".
 */
export function missingInForeignHomeMessage(owner: string, segments: string[]): string {
  return `File not found: ${segments[0] ?? ''} in '${owner}'`;
}

/**
 * The name of the first file among the folders `segments` leads through, or undefined: PUT below a file
 * (`a.txt/x`) answers 404 "Node with name 'a.txt' could not be found".
 */
export function fileInTheWay(tree: FileTree, segments: string[]): string | undefined {
  for (let depth = 1; depth <= segments.length; depth++) {
    const node = tree.find(segments.slice(0, depth));
    if (!node) return undefined;
    if (node.kind === 'file') return segments[depth - 1];
  }
  return undefined;
}

export function sendNotFound(res: ServerResponse, message: string): void {
  sendDavError(res, 404, 'NotFound', message);
}

export function sendNotImplemented(res: ServerResponse, method: string): void {
  sendDavError(
    res,
    501,
    'NotImplemented',
    `There was no plugin in the system that was willing to handle this ${method} method.`,
  );
}
