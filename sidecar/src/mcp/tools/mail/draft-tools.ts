// Mail tools for drafts: save one (new or replacing), draft a reply or a forward of a message, and send a draft (a
// tool of its own, marked destructive and open-world, so that a client can ask the person before anything leaves).
import { z } from 'zod';
import { listMailAccounts } from '../../../platform/mail/mail-accounts.js';
import { readBodyText } from '../../../platform/mail/mail-body-text.js';
import { createDraft, sendDraft, updateDraft } from '../../../platform/mail/mail-drafts.js';
import { getMessage } from '../../../platform/mail/mail-messages.js';
import { composeForward, composeReply } from '../../../platform/mail/mail-replies.js';
import type { NextcloudClient } from '../../../platform/nextcloud-client.js';
import { defineTool } from '../../tool-definition.js';
import { ADDITIVE, DESTRUCTIVE, boundedText, positiveId } from '../tool-shapes.js';
import { BODY_MAX_CHARS, describeDraft, draftOutput, draftText, recipients, summarizeDraft } from './mail-schemas.js';

export const saveDraftTool = defineTool({
  name: 'nc_mail_save_draft',
  app: 'mail',
  title: 'Save a draft',
  description:
    'Saves a plain-text draft, new or replacing all of draft_id (pass its in_reply_to again). Nothing is sent.',
  input: z.object({
    draft_id: positiveId().optional(),
    account_id: positiveId(),
    to: recipients().default([]),
    cc: recipients().default([]),
    subject: draftText.subject,
    body: draftText.body,
    in_reply_to: boundedText(998).optional(),
  }),
  output: draftOutput,
  annotations: ADDITIVE,
  async run({ draft_id, in_reply_to, account_id, ...fields }, { nextcloud }) {
    const content = { ...fields, bcc: [], accountId: account_id, inReplyTo: in_reply_to || undefined };
    const draft =
      draft_id === undefined ? await createDraft(nextcloud, content) : await updateDraft(nextcloud, draft_id, content);
    return describeDraft(draft);
  },
  summarize: summarizeDraft,
});

export const createReplyTool = defineTool({
  name: 'nc_mail_create_reply',
  app: 'mail',
  title: 'Draft a reply',
  description: 'Drafts a reply (or with forward_to a forward) quoting the message below body.',
  input: z.object({
    message_id: positiveId(),
    account_id: positiveId(),
    body: draftText.body.default(''),
    reply_all: z.boolean().default(false),
    forward_to: recipients().optional(),
  }),
  output: draftOutput,
  annotations: ADDITIVE,
  async run({ message_id, account_id, body, reply_all, forward_to }, { nextcloud }) {
    const original = await getMessage(nextcloud, message_id);
    const originalText = readBodyText(original, BODY_MAX_CHARS).text;
    const content =
      forward_to !== undefined
        ? composeForward(original, { accountId: account_id, body, originalText, to: forward_to, cc: [] })
        : composeReply(original, {
            accountId: account_id,
            body,
            originalText,
            replyAll: reply_all,
            ownAddresses: reply_all ? await addressesOf(nextcloud, account_id) : [],
          });
    return describeDraft(await createDraft(nextcloud, content));
  },
  summarize: summarizeDraft,
});

export const sendDraftTool = defineTool({
  name: 'nc_mail_send_draft',
  app: 'mail',
  title: 'Send a draft',
  description: 'Sends a draft now, for good: confirm with the person first.',
  input: z.object({ draft_id: positiveId() }),
  output: z.object({ id: z.number(), sent: z.boolean() }),
  annotations: { ...DESTRUCTIVE, openWorldHint: true },
  async run({ draft_id }, { nextcloud }) {
    await sendDraft(nextcloud, draft_id);
    return { id: draft_id, sent: true };
  },
  summarize: (result) => `Sent draft ${result.id}.`,
});

async function addressesOf(client: NextcloudClient, accountId: number): Promise<string[]> {
  const account = (await listMailAccounts(client)).find((a) => a.id === accountId);
  return account ? [account.email, ...account.aliases] : [];
}
