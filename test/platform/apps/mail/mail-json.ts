// The JSON the Mail double answers with: mailboxes (Db\Mailbox), message list entries (Db\Message), a full message
// (IMAPMessage::getFullMessage plus what MessageApiController adds) and local messages (Db\LocalMessage).
// unverified: every field name here except the account list's (source: lib/Db/Mailbox.php, lib/Db/Message.php,
// lib/Model/IMAPMessage.php, lib/Db/LocalMessage.php and lib/Controller/MessageApiController.php in nextcloud/mail).
import type { LocalMessage, Mailbox, StoredMessage, UserMail } from './mail-store.js';

export function describeMailbox(mail: UserMail, mailbox: Mailbox) {
  const unread = [...mail.messages.values()].filter((m) => m.mailboxId === mailbox.id && !m.seen).length;
  return {
    databaseId: mailbox.id,
    id: Buffer.from(mailbox.name).toString('base64'),
    name: mailbox.name,
    accountId: mailbox.accountId,
    displayName: mailbox.name === 'INBOX' ? 'Inbox' : mailbox.name,
    attributes: [],
    delimiter: '/',
    specialUse: mailbox.specialRole ? [mailbox.specialRole] : [],
    specialRole: mailbox.specialRole,
    unread,
    myAcls: null,
    shared: false,
  };
}

function flagsOf(message: StoredMessage) {
  return {
    seen: message.seen,
    flagged: message.flagged,
    answered: false,
    deleted: false,
    draft: false,
    forwarded: false,
    hasAttachments: (message.attachments ?? []).length > 0,
    important: false,
    junk: false,
    notjunk: false,
    mdnsent: false,
  };
}

export function describeListedMessage(message: StoredMessage) {
  const text = message.plain ?? (message.html ?? '').replace(/<[^>]*>/g, ' ');
  return {
    databaseId: message.id,
    uid: message.uid,
    subject: message.subject,
    dateInt: message.date,
    flags: flagsOf(message),
    tags: [],
    from: message.from,
    to: message.to,
    cc: message.cc ?? [],
    bcc: [],
    mailboxId: message.mailboxId,
    messageId: message.messageId,
    inReplyTo: null,
    references: null,
    threadRootId: message.messageId,
    previewText: text.replace(/\s+/g, ' ').trim().slice(0, 255),
    encrypted: false,
    mentionsMe: false,
  };
}

export function describeFullMessage(message: StoredMessage, baseUrl: string) {
  const html = message.html !== undefined;
  return {
    uid: message.uid,
    messageId: message.messageId,
    from: message.from,
    to: message.to,
    replyTo: message.replyTo ?? [],
    cc: message.cc ?? [],
    bcc: [],
    subject: message.subject,
    dateInt: message.date,
    flags: flagsOf(message),
    ...(html ? { hasHtmlBody: true } : { signature: null }),
    body: html ? message.html : message.plain,
    attachments: (message.attachments ?? []).map((attachment, index) => ({
      id: String(index + 2),
      messageId: message.id,
      ...attachment,
      downloadUrl: `${baseUrl}/ocs/v2.php/apps/mail/message/${message.id}/attachment/${index + 2}`,
    })),
    id: message.id,
    isSenderTrusted: false,
    smime: { isSigned: false, signatureIsValid: null, isEncrypted: false },
    rawUrl: `${baseUrl}/ocs/v2.php/apps/mail/message/${message.id}/raw`,
  };
}

export function describeLocalMessage(message: LocalMessage) {
  const recipient = (type: number) => (entry: { label: string; email: string }) => ({ ...entry, type });
  return {
    id: message.id,
    type: message.type,
    accountId: message.accountId,
    aliasId: null,
    sendAt: null,
    updatedAt: message.updatedAt,
    subject: message.subject,
    bodyPlain: message.bodyPlain,
    bodyHtml: message.bodyHtml,
    editorBody: message.editorBody,
    isHtml: message.html,
    inReplyToMessageId: message.inReplyToMessageId,
    attachments: [],
    to: message.to.map(recipient(1)),
    cc: message.cc.map(recipient(2)),
    bcc: message.bcc.map(recipient(3)),
    failed: false,
  };
}
