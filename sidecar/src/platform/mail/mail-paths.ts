// The URLs of the Mail app (5.11): its OCS API, which an app password may call, and the web app's routes for what
// OCS does not offer (drafts, sending a draft, flags, moving, deleting); every path segment encoded
// (docs/nextcloud-behaviour.md, "Mail", which says why each route).
import { pathSegment } from '../urls.js';

const OCS = '/ocs/v2.php/apps/mail';
const WEB = '/index.php/apps/mail/api';

export const mailPaths = {
  /** OCS: the user's accounts with their aliases. */
  accounts: () => `${OCS}/account/list`,
  /** OCS: the mailboxes of one account (`?accountId=`). */
  mailboxes: () => `${OCS}/mailbox/list`,
  /** OCS: the newest messages of a mailbox (`?mailboxId=&filter=&cursor=&limit=&view=`). */
  messages: () => `${OCS}/mailbox/messages/list`,
  /** OCS: one message with its body. */
  message: (messageId: number) => `${OCS}/message/${pathSegment(messageId)}`,
  /** Web: POST creates a draft. */
  drafts: () => `${WEB}/drafts`,
  /** Web: PUT replaces a draft. */
  draft: (draftId: number) => `${WEB}/drafts/${pathSegment(draftId)}`,
  /** Web: POST turns a draft into an outbox message. */
  outboxFromDraft: (draftId: number) => `${WEB}/outbox/from-draft/${pathSegment(draftId)}`,
  /** Web: POST sends an outbox message now. */
  outboxMessage: (outboxId: number) => `${WEB}/outbox/${pathSegment(outboxId)}`,
  /** Web: PUT sets flags. */
  messageFlags: (messageId: number) => `${WEB}/messages/${pathSegment(messageId)}/flags`,
  /** Web: POST moves a message to another mailbox. */
  messageMove: (messageId: number) => `${WEB}/messages/${pathSegment(messageId)}/move`,
  /** Web: DELETE deletes a message (to the trash first). */
  webMessage: (messageId: number) => `${WEB}/messages/${pathSegment(messageId)}`,
};
