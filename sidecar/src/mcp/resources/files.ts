// The files resource template: nextcloud://files/{+path} reads a text file (at most the first MiB).
import { InvalidInputError } from '../../errors.js';
import { parseFilePath } from '../../platform/files/dav-paths.js';
import { openDavAccount } from '../../platform/dav/dav-account.js';
import { readTextFile } from '../../platform/files/text-files.js';
import type { ResourceTemplateDefinition } from '../resource-definition.js';

export const fileResource: ResourceTemplateDefinition = {
  name: 'file',
  app: 'files',
  uriTemplate: 'nextcloud://files/{+path}',
  title: 'File',
  description: "A text file in the user's Nextcloud files, by its path (first MiB).",
  mimeType: 'text/plain',
  async read({ path }, { nextcloud }) {
    const access = await openDavAccount(nextcloud);
    const file = await readTextFile(access, parseFilePath(decodeURIComponent(path ?? '')));
    if (file.content === null)
      throw new InvalidInputError('This file is binary; only text files can be read as resources.');
    return { mimeType: file.contentType ?? 'text/plain', text: file.content };
  },
};
