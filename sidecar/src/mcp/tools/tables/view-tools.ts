// Tables tool for views: create, change or delete a view of a table (title, emoji, shown columns, sort, filter).
// One sort rule and one group of conditions (a row shows when it meets all) keep the listed schema small; Tables
// allows more.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import {
  createView,
  deleteView,
  updateView,
  type TableView,
  type ViewOperator,
} from '../../../platform/tables/views.js';
import { defineTool } from '../../tool-definition.js';
import { boundedText, DESTRUCTIVE } from '../tool-shapes.js';
import { columnId, tableId, viewTitle } from './tables-schemas.js';

/**
 * The comparisons of Tables offered here; its others (is-not-equal, does-not-contain, ends-with, is-lower-than and
 * the -or-equal ones) are left out to keep the listed schema within its budget.
 */
const OPERATORS = [
  'is-equal',
  'contains',
  'begins-with',
  'is-greater-than',
  'is-empty',
] as const satisfies readonly ViewOperator[];

/** A condition; column_id and operator are checked, not listed as required (the listed schema stays small). */
const condition = z
  .object({
    column_id: columnId.optional(),
    operator: z.enum(OPERATORS).optional(),
    value: z
      .unknown()
      .refine(
        (v) => v === undefined || typeof v === 'number' || (typeof v === 'string' && v.length <= 1000),
        'a text or number',
      )
      .optional(),
  })
  .refine((c) => c.column_id !== undefined && c.operator !== undefined, 'a condition needs column_id and operator');

const limited = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z.array(item).refine((list) => list.length <= max, `at most ${max}`);

/** Column ids, checked but listed as a plain array (the name says what its items are). */
const columnIds = z
  .array(z.unknown())
  .refine((list) => list.length <= 200 && list.every((id) => columnId.safeParse(id).success), 'at most 200 column ids')
  .transform((list) => list as number[]);

const viewOutput = z.object({ id: z.number(), title: z.string() });

export const manageViewTool = defineTool({
  name: 'nc_tables_manage_view',
  app: 'tables',
  title: 'Manage a view',
  description: 'update and delete take view_id.',
  input: z.object({
    action: z.enum(['create', 'update', 'delete']),
    table_id: tableId.optional(),
    view_id: tableId.optional(),
    title: viewTitle.optional(),
    emoji: boundedText(20).optional(),
    column_ids: columnIds.optional(),
    sort_column_id: columnId.optional(),
    descending: z.boolean().optional(),
    filter: limited(condition, 20).optional(),
  }),
  output: viewOutput,
  annotations: DESTRUCTIVE,
  async run({ action, table_id, view_id, ...fields }, { nextcloud }) {
    const changes = {
      title: fields.title,
      emoji: fields.emoji,
      columns: fields.column_ids,
      sort: sortOf(fields.sort_column_id, fields.descending),
      filter: fields.filter?.map((c) => ({ columnId: c.column_id!, operator: c.operator!, value: c.value as Value })),
    };
    if (action === 'create') {
      if (table_id === undefined || fields.title === undefined) {
        throw new InvalidInputError('create needs table_id and title.');
      }
      if (view_id !== undefined) throw new InvalidInputError('create takes no view_id.');
      return describeView(await createView(nextcloud, table_id, { ...changes, title: fields.title }));
    }
    if (view_id === undefined) throw new InvalidInputError(`${action} needs view_id.`);
    if (table_id !== undefined) throw new InvalidInputError(`${action} takes no table_id: a view keeps its table.`);
    if (action === 'update') return describeView(await updateView(nextcloud, view_id, changes));
    if (Object.values(fields).some((value) => value !== undefined)) {
      throw new InvalidInputError('delete takes only view_id.');
    }
    return describeView(await deleteView(nextcloud, view_id));
  },
  summarize: (view) => `View ${view.id} "${view.title}": done.`,
});

type Value = string | number | undefined;

/** The one sort rule a view gets here; descending alone has nothing to sort by. */
function sortOf(column: number | undefined, descending: boolean | undefined) {
  if (column === undefined && descending !== undefined) throw new InvalidInputError('descending needs sort_column_id.');
  return column === undefined ? undefined : [{ columnId: column, descending: descending ?? false }];
}

function describeView(view: TableView): z.infer<typeof viewOutput> {
  return { id: view.id, title: view.title };
}
