// Mail tools for accounts and mailboxes: which accounts the user has, and the mailboxes (folders) of one.
import { z } from 'zod';
import { listMailAccounts, listMailboxes } from '../../../platform/mail/mail-accounts.js';
import { defineTool } from '../../tool-definition.js';
import { READ_ONLY, positiveId } from '../tool-shapes.js';

export const listAccountsTool = defineTool({
  name: 'nc_mail_list_accounts',
  app: 'mail',
  title: 'List accounts',
  description: "Lists the user's mail accounts.",
  input: z.object({}),
  output: z.object({
    accounts: z.array(z.object({ id: z.number(), email: z.string() })),
  }),
  annotations: READ_ONLY,
  run: async (_args, { nextcloud }) => ({
    accounts: (await listMailAccounts(nextcloud)).map((account) => ({ id: account.id, email: account.email })),
  }),
  summarize: (result) => result.accounts.map((a) => `${a.id} ${a.email}`).join('\n') || 'No mail accounts.',
});

export const listMailboxesTool = defineTool({
  name: 'nc_mail_list_mailboxes',
  app: 'mail',
  title: 'List mailboxes',
  description: "Lists a mail account's mailboxes. account_id from nc_mail_list_accounts.",
  input: z.object({ account_id: positiveId() }),
  output: z.object({
    mailboxes: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        role: z.string().nullable(),
        unread: z.number(),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run({ account_id }, { nextcloud }) {
    const mailboxes = await listMailboxes(nextcloud, account_id);
    return {
      mailboxes: mailboxes.map((m) => ({ id: m.id, name: m.displayName, role: m.specialRole, unread: m.unread })),
    };
  },
  summarize: (result) =>
    result.mailboxes.map((m) => `${m.id} ${m.name} (${m.unread} unread)`).join('\n') || 'No mailboxes.',
});
