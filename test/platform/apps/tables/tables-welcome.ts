// The "Welcome to Nextcloud Tables!" table a user's first Tables call creates: emoji 🚀, 4 columns, 7 rows, one view.
// unverified: the column titles and types and the first five rows (source: nextcloud/tables
// lib/Service/TableTemplateService.php, makeStartupTable()); the last two rows and the view's title are stand-ins
// (source: none; docs/nextcloud-behaviour.md gives only the counts).
import type { TablesDoubleTable } from '../tables.js';

export function welcomeTable(owner: string): TablesDoubleTable {
  return {
    title: 'Welcome to Nextcloud Tables!',
    owner,
    emoji: '🚀',
    columns: [
      { title: 'What', type: 'text', subtype: 'line' },
      { title: 'How to do', type: 'text', subtype: 'rich' },
      { title: 'Ease of use', type: 'number', subtype: 'stars' },
      { title: 'Done', type: 'selection', subtype: 'check' },
    ],
    rows: [
      row('Open the tables app', 'Click on tables icon in the menu bar.', 5, 'true'),
      row('Add your first row', 'Just click on "new row" and enter some data inside of the form.', 5, 'false'),
      row('Edit a row', 'Hover the mouse over a row you want to edit. Click on the pen on the right side.', 5, 'false'),
      row('Add a new column', 'Click on the three-dot-menu on the upper right of this table.', 4, 'false'),
      row('Read the docs', 'The documentation is in the wiki of the Tables app.', 3, 'false'),
      row('Share a table', 'Open the sidebar of the table and share it with people or groups.', 4, 'false'),
      row('Create a view', 'Filter and sort the rows of a table in a view of their own.', 4, 'false'),
    ],
    views: [{ title: 'Check yourself!', emoji: '🏁' }],
  };
}

function row(what: string, how: string, ease: number, done: string): Record<string, unknown> {
  return { What: what, 'How to do': how, 'Ease of use': ease, Done: done };
}
