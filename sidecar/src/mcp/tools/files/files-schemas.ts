// The schemas and annotations the files tools share: a path argument, a file entry in results, and the hints.
import { z } from 'zod';
import type { FileEntry } from '../../../platform/files/propfind.js';

/**
 * A file or folder, `/Documents/report.md` or `Documents/report.md` (the tools README's path convention); its
 * length and form are checked by parseFilePath, so the schema shows the model only that it is a string.
 */
export const pathInput = z.string();

/** A folder; the root by default. */
export const folderInput = pathInput.default('/');

/** A file or folder in a listing or search result. */
export const fileEntryOutput = z.object({
  path: z.string(),
  type: z.enum(['file', 'folder']),
  size: z.number(),
  modified_at: z.string().optional(),
});

/** One file or folder described in full: with the etag a write needs and the content type. */
export const fileDetailsOutput = fileEntryOutput.extend({
  etag: z.string().optional(),
  content_type: z.string().optional(),
});

export type FileDetailsOutput = z.infer<typeof fileDetailsOutput>;

export function toEntryOutput(entry: FileEntry): z.infer<typeof fileEntryOutput> {
  return { path: entry.path, type: entry.type, size: entry.size, modified_at: entry.lastModified ?? undefined };
}

export function toDetailsOutput(entry: FileEntry): FileDetailsOutput {
  return { ...toEntryOutput(entry), etag: entry.etag ?? undefined, content_type: entry.contentType ?? undefined };
}

/** `1 file` / `3 files`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
