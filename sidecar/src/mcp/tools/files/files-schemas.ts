// The schemas and annotations the files tools share: a path argument, a file entry in results, and the hints.
import { z } from 'zod';
import type { FileEntry } from '../../../platform/files/propfind.js';
import type { ToolAnnotations } from '../../tool-definition.js';

export const MAX_PATH_CHARS = 4096;

export const pathInput = z
  .string()
  .max(MAX_PATH_CHARS)
  .describe('Path below your Nextcloud root, e.g. Documents/report.md (no leading slash)');

export const folderInput = z
  .string()
  .max(MAX_PATH_CHARS)
  .default('')
  .describe('Folder below your Nextcloud root, e.g. Documents; empty for the root');

export const fileEntryOutput = z.object({
  path: z.string(),
  name: z.string(),
  type: z.enum(['file', 'folder']),
  size: z.number(),
  content_type: z.string().nullable(),
  etag: z.string().nullable(),
  last_modified: z.string().nullable(),
  file_id: z.number().nullable(),
  permissions: z.string(),
  has_preview: z.boolean(),
});

export type FileEntryOutput = z.infer<typeof fileEntryOutput>;

export function toEntryOutput(entry: FileEntry): FileEntryOutput {
  return {
    path: entry.path,
    name: entry.name,
    type: entry.type,
    size: entry.size,
    content_type: entry.contentType,
    etag: entry.etag,
    last_modified: entry.lastModified,
    file_id: entry.fileId,
    permissions: entry.permissions,
    has_preview: entry.hasPreview,
  };
}

export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Adds or changes things without destroying any (creating a folder). */
export const ADDITIVE_IDEMPOTENT: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** May replace or remove existing content. */
export const DESTRUCTIVE: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
};

/** Removes something; doing it again changes nothing more. */
export const DESTRUCTIVE_IDEMPOTENT: ToolAnnotations = { ...DESTRUCTIVE, idempotentHint: true };

/** Restores something without replacing anything (a clash gets a new name). */
export const ADDITIVE: ToolAnnotations = { ...ADDITIVE_IDEMPOTENT, idempotentHint: false };

/** `1 file` / `3 files`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
