// What every tool app shares: positive ids and bounded text (checked, but left out of the listed schema, where they
// would only repeat what an id or a text is), and the kinds of annotations a tool can have.
import { z } from 'zod';
import type { ToolAnnotations } from '../tool-definition.js';

/** A positive integer id of at most `max` (Tables keeps 32-bit ids). */
export const positiveId = (max = Number.MAX_SAFE_INTEGER) =>
  z
    .number()
    .int()
    .refine((n) => n > 0 && n <= max, 'a positive id');

/** A text of at most `max` characters. */
export const boundedText = (max: number) =>
  z.string().refine((text) => text.length <= max, `at most ${max} characters`);

/** Reads only. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Adds something new each time (a second call adds another). */
export const ADDITIVE: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

/** Sets or changes things without destroying any; doing it again changes nothing more (creating a folder). */
export const ADDITIVE_IDEMPOTENT: ToolAnnotations = { ...ADDITIVE, idempotentHint: true };

/** May replace or remove existing content. */
export const DESTRUCTIVE: ToolAnnotations = { ...ADDITIVE, destructiveHint: true };

/** Removes something; doing it again changes nothing more. */
export const DESTRUCTIVE_IDEMPOTENT: ToolAnnotations = { ...DESTRUCTIVE, idempotentHint: true };
