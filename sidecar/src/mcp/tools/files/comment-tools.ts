// Files tools for the comments on a file (the sidebar's Comments tab): read them, add one.
import { z } from 'zod';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { addFileComment, listFileComments } from '../../../platform/files/file-comments.js';
import { defineTool } from '../../tool-definition.js';
import { fileWithId } from './file-id.js';
import { pathInput, plural } from './files-schemas.js';
import { ADDITIVE, READ_ONLY, boundedText } from '../tool-shapes.js';

export const listCommentsTool = defineTool({
  name: 'nc_files_comments_list',
  app: 'files',
  title: 'File comments',
  description: 'Lists the comments on a file or folder, newest first.',
  input: z.object({
    path: pathInput,
    limit: z.number().int().min(1).max(100).default(20),
  }),
  output: z.object({
    comments: z.array(
      z.object({ id: z.string(), author: z.string(), message: z.string(), created_at: z.string().optional() }),
    ),
  }),
  annotations: READ_ONLY,
  async run({ path, limit }, { nextcloud }) {
    const access = await openDavAccount(nextcloud);
    const file = await fileWithId(access, path);
    const comments = await listFileComments(access, file.fileId, { limit, offset: 0 });
    return {
      comments: comments.map((c) => ({
        id: c.id,
        author: c.author,
        message: c.message,
        created_at: c.createdAt ?? undefined,
      })),
    };
  },
  summarize: ({ comments }) =>
    `${plural(comments.length, 'comment')}.\n` + comments.map((c) => `${c.author}: ${c.message}`).join('\n'),
});

export const addCommentTool = defineTool({
  name: 'nc_files_comment',
  app: 'files',
  title: 'Comment on a file',
  description: 'Adds a comment by the user to a file or folder.',
  input: z.object({ path: pathInput, message: boundedText(1000).refine((m) => m.trim() !== '', 'a message') }),
  output: z.object({ id: z.string(), path: z.string() }),
  annotations: { ...ADDITIVE, openWorldHint: true },
  async run({ path, message }, { nextcloud }) {
    const access = await openDavAccount(nextcloud);
    const file = await fileWithId(access, path);
    return { id: await addFileComment(access, file.fileId, message), path: file.path };
  },
  summarize: (result) => `Commented on ${result.path} (comment ${result.id}).`,
});

export const COMMENT_TOOLS = [listCommentsTool, addCommentTool];
