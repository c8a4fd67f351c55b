// The shapes the tables tools share: ids (Tables keeps 32-bit ids) and titles.
import { z } from 'zod';
import { positiveId } from '../tool-shapes.js';

export const tableId = positiveId(2_147_483_647);
export const columnId = positiveId(2_147_483_647);

/** A title of a table or column; checked, not listed. */
export const tableTitle = z
  .string()
  .trim()
  .refine((text) => text.length >= 1 && text.length <= 200, 'from 1 to 200 characters');

/**
 * A view's title: Tables counts its bytes, not its characters (lib/Service/ValueObject/Title.php refuses one over 200
 * bytes with 400), so an accented letter counts two and a longer title is refused here, before anything is sent.
 */
export const viewTitle = z
  .string()
  .trim()
  .refine((text) => text.length >= 1 && Buffer.byteLength(text, 'utf8') <= 200, 'from 1 to 200 bytes of UTF-8');
