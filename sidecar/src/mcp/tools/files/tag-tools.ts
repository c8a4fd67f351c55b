// Files tools for tags and favourites: list the system tags (or a file's, with whether it is a favourite), and
// tag, untag or favourite a file.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { parseFilePath } from '../../../platform/files/dav-paths.js';
import {
  assignSystemTag,
  ensureSystemTag,
  isFavorite,
  listFileTags,
  listSystemTags,
  removeSystemTag,
  setFavorite,
} from '../../../platform/files/system-tags.js';
import { defineTool } from '../../tool-definition.js';
import { fileWithId } from './file-id.js';
import { pathInput } from './files-schemas.js';
import { DESTRUCTIVE_IDEMPOTENT, READ_ONLY, boundedText } from '../tool-shapes.js';

const tagNames = z.array(boundedText(64).refine((name) => name.trim() !== '', 'a tag name')).max(20);

export const listTagsTool = defineTool({
  name: 'nc_files_tags_list',
  app: 'files',
  title: 'File tags',
  description: 'Lists the system tags, or with path the tags of that file and whether it is a favorite.',
  input: z.object({ path: pathInput.optional() }),
  output: z.object({
    tags: z.array(z.object({ id: z.string(), name: z.string() })),
    favorite: z.boolean().optional(),
  }),
  annotations: READ_ONLY,
  async run({ path }, { nextcloud }) {
    const access = await openDavAccount(nextcloud);
    if (path === undefined) return { tags: (await listSystemTags(access)).map(({ id, name }) => ({ id, name })) };
    const file = await fileWithId(access, path);
    const tags = await listFileTags(access, file.fileId);
    return {
      tags: tags.map(({ id, name }) => ({ id, name })),
      favorite: await isFavorite(access, parseFilePath(file.path)),
    };
  },
  summarize: ({ tags, favorite }) =>
    `${tags.length === 0 ? 'No tags' : `Tags: ${tags.map((t) => t.name).join(', ')}`}` +
    `${favorite === undefined ? '' : favorite ? ', a favorite' : ', not a favorite'}.`,
});

export const tagFileTool = defineTool({
  name: 'nc_files_tag',
  app: 'files',
  title: 'Tag a file',
  description: 'Adds or removes tags by name (new names become tags) and marks or unmarks a favorite.',
  input: z.object({
    path: pathInput,
    add_tags: tagNames.optional(),
    remove_tags: tagNames.optional(),
    favorite: z.boolean().optional(),
  }),
  output: z.object({ path: z.string(), tags: z.array(z.string()), favorite: z.boolean() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ path, add_tags = [], remove_tags = [], favorite }, { nextcloud }) {
    const adding = new Set(add_tags.map((name) => name.trim()));
    const removing = new Set(remove_tags.map((name) => name.trim()));
    const both = [...adding].filter((name) => removing.has(name));
    if (both.length > 0) throw new InvalidInputError(`Tag "${both[0]}" is both in add_tags and remove_tags.`);
    const access = await openDavAccount(nextcloud);
    const file = await fileWithId(access, path);
    const filePath = parseFilePath(file.path);
    if (favorite !== undefined) await setFavorite(access, filePath, favorite);
    let known = await listSystemTags(access);
    const current = await listFileTags(access, file.fileId);
    for (const name of adding) {
      if (current.some((tag) => tag.name === name)) continue;
      const tag = await ensureSystemTag(access, name, known);
      known = [...known, tag];
      await assignSystemTag(access, file.fileId, tag);
    }
    for (const tag of current.filter((t) => removing.has(t.name))) await removeSystemTag(access, file.fileId, tag);
    const tags = await listFileTags(access, file.fileId);
    return {
      path: file.path,
      tags: tags.map((tag) => tag.name),
      favorite: favorite ?? (await isFavorite(access, filePath)),
    };
  },
  summarize: (r) =>
    `${r.path}: ${r.tags.length === 0 ? 'no tags' : `tags ${r.tags.join(', ')}`}${r.favorite ? ', a favorite' : ''}.`,
});

export const TAG_TOOLS = [listTagsTool, tagFileTool];
