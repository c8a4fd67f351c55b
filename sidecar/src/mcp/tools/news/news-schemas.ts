// What the news tools share: ids and annotations.
import { z } from 'zod';

/** A positive id; checked, but left out of the listed schema, where it would only repeat what an id is. */
export const newsId = () =>
  z
    .number()
    .int()
    .refine((n) => n > 0 && n <= Number.MAX_SAFE_INTEGER, 'a positive id');

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const CHANGE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
