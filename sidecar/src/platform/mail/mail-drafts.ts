// Mail drafts (Mail's local messages): create one, replace one, and send one through the outbox, the way the Mail
// web app does (`POST /api/outbox/from-draft/{id}`, then `POST /api/outbox/{id}`).
import { UpstreamError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { toMailDraft, type MailDraft } from './mail-models.js';
import { mailPaths } from './mail-paths.js';
import { requestMail } from './mail-request.js';

export interface DraftContent {
  accountId: number;
  subject: string;
  /** Plain text. */
  body: string;
  to: string[];
  cc: string[];
  bcc: string[];
  /** The Message-ID header of the message this draft answers. */
  inReplyTo?: string;
}

export async function createDraft(client: NextcloudClient, content: DraftContent): Promise<MailDraft> {
  const answer = await requestMail<{ data?: unknown } | null>(
    client,
    mailPaths.drafts(),
    `account ${content.accountId}`,
    { method: 'POST', json: toDraftFields(content) },
  );
  return readDraft(answer);
}

/** Replaces every field of the draft (Mail keeps nothing of the old content). */
export async function updateDraft(client: NextcloudClient, draftId: number, content: DraftContent): Promise<MailDraft> {
  const answer = await requestMail<{ data?: unknown } | null>(client, mailPaths.draft(draftId), `draft ${draftId}`, {
    method: 'PUT',
    json: toDraftFields(content),
  });
  return { ...readDraft(answer), id: draftId };
}

/** Sends the draft now; returns the id of the outbox message Mail sent it as. */
export async function sendDraft(client: NextcloudClient, draftId: number): Promise<number> {
  const outbox = await requestMail<{ data?: unknown } | null>(
    client,
    mailPaths.outboxFromDraft(draftId),
    `draft ${draftId}`,
    { method: 'POST', json: {} },
  );
  const outboxId = readDraft(outbox).id;
  await requestMail(client, mailPaths.outboxMessage(outboxId), `outbox message ${outboxId}`, {
    method: 'POST',
    json: {},
  });
  return outboxId;
}

function toDraftFields(content: DraftContent): Record<string, unknown> {
  const recipients = (emails: string[]) => emails.map((email) => ({ label: email, email }));
  return {
    accountId: content.accountId,
    subject: content.subject,
    bodyPlain: content.body,
    bodyHtml: null,
    editorBody: content.body,
    isHtml: false,
    smimeSign: false,
    smimeEncrypt: false,
    to: recipients(content.to),
    cc: recipients(content.cc),
    bcc: recipients(content.bcc),
    inReplyToMessageId: content.inReplyTo ?? null,
  };
}

function readDraft(answer: { data?: unknown } | null): MailDraft {
  const draft = toMailDraft(answer?.data);
  if (draft.id <= 0) throw new UpstreamError('Mail answered without the draft it saved.');
  return draft;
}
