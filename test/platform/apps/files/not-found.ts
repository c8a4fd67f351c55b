// The refusals the files double shares between its WebDAV handlers, worded as Nextcloud and sabre word them: a path
// that is not there (in the caller's home or below another user's) and a method nobody handles.
import type { ServerResponse } from 'node:http';
import type { FileTree } from './file-tree.js';
import { sendDavError } from './multistatus.js';

/**
 * The 404 message for the first segment of `segments` that is missing in the caller's home, as Nextcloud's
 * Directory::getChild words it: the parent's path (`/` for the home itself, `/a` below it), a slash and the name,
 * so a missing child of the home reads `//name` (platform-api.md: "File with name //nope could not be located").
 */
// unverified: the form below the home, `/a/name` (source: nextcloud/server apps/dav/lib/Connector/Sabre/Directory.php)
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
 * SimpleCollection's message.
 */
// unverified: the message (source: nextcloud/server apps/dav/lib/Files/RootCollection.php, sabre SimpleCollection)
export function missingInForeignHomeMessage(owner: string, segments: string[]): string {
  return `File not found: ${segments[0] ?? ''} in '${owner}'`;
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
