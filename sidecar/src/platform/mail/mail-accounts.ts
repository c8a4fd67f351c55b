// Mail accounts and their mailboxes, both from Mail's OCS API (an app password may call it).
import type { NextcloudClient } from '../nextcloud-client.js';
import { toMailAccount, toMailMailbox, type MailAccount, type MailMailbox } from './mail-models.js';
import { mailPaths } from './mail-paths.js';
import { requestMail } from './mail-request.js';

/** The user's own and delegated accounts (`GET …/account/list`). */
export async function listMailAccounts(client: NextcloudClient): Promise<MailAccount[]> {
  const data = await requestMail<unknown[] | null>(client, mailPaths.accounts(), 'account list');
  return (Array.isArray(data) ? data : []).map(toMailAccount);
}

/** The mailboxes of one account (`GET …/mailbox/list?accountId=`); an unknown account is NotFoundError. */
export async function listMailboxes(client: NextcloudClient, accountId: number): Promise<MailMailbox[]> {
  const data = await requestMail<unknown[] | null>(client, mailPaths.mailboxes(), `account ${accountId}`, {
    query: { accountId: String(accountId) },
  });
  return (Array.isArray(data) ? data : []).map(toMailMailbox);
}
