// The shapes the collectives tools share: collective and page ids, a page title Collectives stores unchanged, and
// collectives and pages as the tools return them (with the file path the files tools take).
import { z } from 'zod';
import type { Collective, Page } from '../../../platform/collectives/collectives-models.js';
import { positiveId } from '../tool-shapes.js';

/** Where ids come from is said once, in the tool descriptions: the list is paid for on every conversation. */
export const collectiveIdInput = positiveId();
export const pageIdInput = positiveId();

/** Characters Collectives drops from or changes in a title, which is the page's file name (NodeHelper). */
const CHANGED_BY_COLLECTIVES = /[*|/\\:"<>?]/;

/** Refused rather than silently changed: Collectives would store another title than the one asked for. */
export const pageTitle = z
  .string()
  .trim()
  .refine((title) => title.length >= 1 && title.length <= 200, '1 to 200 characters')
  .refine(
    (title) => !CHANGED_BY_COLLECTIVES.test(title) && !/^\.|\.$/.test(title),
    'a page title is its file name: no / \\ : * ? " < > | and no dot at either end',
  );

export const pageContent = z.string().refine((text) => text.length <= 1_000_000, 'at most 1000000 characters');

export const collectiveOutput = z.object({ id: z.number(), name: z.string(), can_edit: z.boolean() });

/** A page; `path` is its Markdown file, which the nc_files_ tools take; parent_id 0 is the landing page. */
export const pageOutput = z.object({
  id: z.number(),
  title: z.string(),
  parent_id: z.number(),
  path: z.string().optional(),
  modified_at: z.string(),
});

export function describeCollective(collective: Collective): z.infer<typeof collectiveOutput> {
  return { id: collective.id, name: collective.name, can_edit: collective.canEdit };
}

export function describePage(page: Page): z.infer<typeof pageOutput> {
  return {
    id: page.id,
    title: page.title,
    parent_id: page.parentId,
    ...(page.file ? { path: page.file.text } : {}),
    modified_at: new Date(page.timestamp * 1000).toISOString(),
  };
}

/** `1 page` / `3 pages`, and a note on entries Collectives answered that could not be read. */
export function countOf(count: number, noun: string, skipped = 0): string {
  const counted = `${count} ${noun}${count === 1 ? '' : 's'}`;
  return skipped > 0 ? `${counted} (${skipped} unreadable entries left out)` : counted;
}
