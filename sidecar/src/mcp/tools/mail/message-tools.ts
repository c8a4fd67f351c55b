// Mail tools for messages: list or search a mailbox in pages, read one message as plain text, mark messages read or
// flagged, move a message, delete one.
import { z } from 'zod';
import { InvalidInputError, NotFoundError } from '../../../errors.js';
import { readBodyText } from '../../../platform/mail/mail-body-text.js';
import {
  deleteMessage,
  getMessage,
  listMessages,
  markMessage,
  moveMessage,
} from '../../../platform/mail/mail-messages.js';
import { defineTool } from '../../tool-definition.js';
import { ADDITIVE_IDEMPOTENT, DESTRUCTIVE, READ_ONLY, boundedText, positiveId } from '../tool-shapes.js';
import { BODY_DEFAULT_CHARS, BODY_MAX_CHARS, joined } from './mail-schemas.js';

const isoDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

export const listMessagesTool = defineTool({
  name: 'nc_mail_list_messages',
  app: 'mail',
  title: 'List messages',
  description: 'Lists or searches (query) a mailbox, newest first. mailbox_id from nc_mail_list_mailboxes.',
  input: z.object({
    mailbox_id: positiveId(),
    query: boundedText(200).optional(),
    unread_only: z.boolean().default(false),
    limit: z
      .number()
      .int()
      .refine((n) => n >= 1 && n <= 50, 'from 1 to 50')
      .default(20),
    cursor: z.string().max(20).optional(),
  }),
  output: z.object({
    messages: z.array(
      z.object({
        id: z.number(),
        subject: z.string(),
        from: z.string(),
        date: z.string(),
        seen: z.boolean(),
        flagged: z.boolean(),
        preview: z.string(),
      }),
    ),
    next_cursor: z.string().nullable(),
  }),
  annotations: READ_ONLY,
  async run(args, { nextcloud }) {
    const filter = [args.unread_only ? 'is:unread' : '', args.query?.trim() ?? ''].filter(Boolean).join(' ');
    const page = await listMessages(nextcloud, {
      mailboxId: args.mailbox_id,
      limit: args.limit,
      filter,
      before: args.cursor === undefined ? undefined : readCursor(args.cursor),
    });
    return {
      messages: page.messages.map((m) => ({
        id: m.id,
        subject: m.subject,
        from: joined(m.from),
        date: isoDate(m.date),
        seen: m.seen,
        flagged: m.flagged,
        preview: m.preview.slice(0, 200),
      })),
      next_cursor: page.nextBefore === null ? null : String(page.nextBefore),
    };
  },
  summarize: (result) =>
    result.messages.map((m) => `${m.id} ${m.date} ${m.from}: ${m.subject}`).join('\n') || 'No messages.',
});

export const getMessageTool = defineTool({
  name: 'nc_mail_get_message',
  app: 'mail',
  title: 'Read a message',
  description: 'Reads a message, its body as plain text (HTML reduced to text).',
  input: z.object({
    message_id: positiveId(),
    max_chars: z
      .number()
      .int()
      .refine((n) => n >= 100 && n <= BODY_MAX_CHARS, `from 100 to ${BODY_MAX_CHARS}`)
      .default(BODY_DEFAULT_CHARS),
  }),
  output: z.object({
    subject: z.string(),
    from: z.string(),
    to: z.string(),
    cc: z.string(),
    date: z.string(),
    flagged: z.boolean(),
    body: z.string(),
    attachments: z.array(z.string()),
  }),
  annotations: READ_ONLY,
  async run({ message_id, max_chars }, { nextcloud }) {
    const message = await getMessage(nextcloud, message_id);
    const body = readBodyText(message, max_chars);
    return {
      subject: message.subject,
      from: joined(message.from),
      to: joined(message.to),
      cc: joined(message.cc),
      date: isoDate(message.date),
      flagged: message.flagged,
      body: body.text,
      attachments: message.attachments.map((a) => `${a.name} (${a.size} bytes)`),
    };
  },
  summarize: (m) => `From ${m.from} on ${m.date}: ${m.subject}\n\n${m.body}`,
});

export const markMessagesTool = defineTool({
  name: 'nc_mail_mark_messages',
  app: 'mail',
  title: 'Mark messages',
  description: 'Marks messages as read, unread, flagged or unflagged.',
  input: z.object({
    message_ids: z.array(positiveId()).refine((ids) => ids.length >= 1 && ids.length <= 50, 'from 1 to 50 ids'),
    as: z.enum(['read', 'unread', 'flagged', 'unflagged']),
  }),
  output: z.object({ marked: z.number() }),
  annotations: ADDITIVE_IDEMPOTENT,
  async run({ message_ids, as }, { nextcloud }) {
    // One request per message: Mail's flags route takes one message. A failure says how many were marked before it.
    const ids = [...new Set(message_ids)];
    for (const [done, messageId] of ids.entries()) {
      try {
        await markMessage(nextcloud, messageId, as);
      } catch (error) {
        if (!(error instanceof NotFoundError) || done === 0) throw error;
        throw new NotFoundError(`${error.message} Marked ${done} of ${ids.length} messages before it.`, {
          cause: error,
        });
      }
    }
    return { marked: ids.length };
  },
  summarize: (result) => `Marked ${result.marked} messages.`,
});

export const moveMessageTool = defineTool({
  name: 'nc_mail_move_message',
  app: 'mail',
  title: 'Move a message',
  description: 'Moves a message to another mailbox, where it gets a new id.',
  input: z.object({
    message_id: positiveId(),
    target_mailbox_id: positiveId(),
  }),
  output: z.object({ id: z.number() }),
  annotations: ADDITIVE_IDEMPOTENT,
  async run({ message_id, target_mailbox_id }, { nextcloud }) {
    await moveMessage(nextcloud, message_id, target_mailbox_id);
    return { id: message_id };
  },
  summarize: (result) => `Moved message ${result.id}; it has a new id in its new mailbox.`,
});

export const deleteMessageTool = defineTool({
  name: 'nc_mail_delete_message',
  app: 'mail',
  title: 'Delete a message',
  description: 'Moves a message to the trash, or deletes it for good from the trash.',
  input: z.object({ message_id: positiveId() }),
  output: z.object({ id: z.number(), deleted: z.boolean() }),
  annotations: DESTRUCTIVE,
  async run({ message_id }, { nextcloud }) {
    await deleteMessage(nextcloud, message_id);
    return { id: message_id, deleted: true };
  },
  summarize: (result) => `Deleted message ${result.id}.`,
});

function readCursor(cursor: string): number {
  if (!/^\d{1,12}$/.test(cursor)) throw new InvalidInputError('cursor: pass the next_cursor of the previous page.');
  return Number(cursor);
}
