// Files tools that rearrange: create folders, move, copy and delete (into the trash bin).
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { parseFilePath, toFilePath, type FilePath } from '../../../platform/files/dav-paths.js';
import { deleteItem, makeFolder, transferItem } from '../../../platform/files/file-operations.js';
import { openDavAccount, type DavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import { pathInput } from './files-schemas.js';
import { ADDITIVE_IDEMPOTENT, DESTRUCTIVE, DESTRUCTIVE_IDEMPOTENT } from '../tool-shapes.js';

export const makeFolderTool = defineTool({
  name: 'nc_files_mkdir',
  app: 'files',
  title: 'New folder',
  description: 'Creates a folder, with parents true also missing parents.',
  input: z.object({ path: pathInput, parents: z.boolean().default(false) }),
  output: z.object({ path: z.string(), created: z.boolean() }),
  annotations: ADDITIVE_IDEMPOTENT,
  async run({ path, parents }, { nextcloud }) {
    const folder = parseFilePath(path);
    const access = await openDavAccount(nextcloud);
    if (!parents) return { path: folder.text, ...(await makeFolder(access, folder)) };
    return { path: folder.text, created: await makeFolderWithParents(access, folder) };
  },
  summarize: (result) => (result.created ? `Created the folder ${result.path}.` : `${result.path} already exists.`),
});

const transferInput = z.object({
  source: pathInput,
  destination: pathInput,
  overwrite: z.boolean().default(false),
});
const transferOutput = z.object({ path: z.string(), replaced: z.boolean() });

export const moveTool = defineTool({
  name: 'nc_files_move',
  app: 'files',
  title: 'Move or rename',
  description: 'Moves or renames. destination is the new path, name included.',
  input: transferInput,
  output: transferOutput,
  annotations: DESTRUCTIVE,
  run: (args, { nextcloud }) => transfer('MOVE', args, nextcloud),
  summarize: (result) => `Moved to ${result.path}${result.replaced ? ', replacing what was there' : ''}.`,
});

export const copyTool = defineTool({
  name: 'nc_files_copy',
  app: 'files',
  title: 'Copy',
  description: 'Copies. destination is the new path, name included.',
  input: transferInput,
  output: transferOutput,
  annotations: DESTRUCTIVE,
  run: (args, { nextcloud }) => transfer('COPY', args, nextcloud),
  summarize: (result) => `Copied to ${result.path}${result.replaced ? ', replacing what was there' : ''}.`,
});

export const deleteTool = defineTool({
  name: 'nc_files_delete',
  app: 'files',
  title: 'Delete',
  description: 'Deletes into the trash bin.',
  input: z.object({ path: pathInput }),
  output: z.object({ path: z.string() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ path }, { nextcloud }) {
    const target = parseFilePath(path);
    await deleteItem(await openDavAccount(nextcloud), target);
    return { path: target.text };
  },
  summarize: (result) => `Deleted ${result.path}; it is in the trash bin.`,
});

async function transfer(
  method: 'MOVE' | 'COPY',
  args: z.infer<typeof transferInput>,
  nextcloud: Parameters<typeof openDavAccount>[0],
) {
  const source = parseFilePath(args.source);
  const destination = parseFilePath(args.destination);
  if (source.text === destination.text) throw new InvalidInputError('The source and the destination are the same.');
  const access = await openDavAccount(nextcloud);
  const { replaced } = await transferItem(access, method, source, destination, args.overwrite);
  return { path: destination.text, replaced };
}

/** Creates each missing folder along `folder`; true when the last one was created. */
async function makeFolderWithParents(access: DavAccount, folder: FilePath): Promise<boolean> {
  let created = false;
  for (let depth = 1; depth <= folder.segments.length; depth++) {
    const segments = folder.segments.slice(0, depth);
    created = (await makeFolder(access, toFilePath(segments))).created;
  }
  return created;
}
