// Tools of the Mail app: accounts, mailboxes, messages as plain text, drafts, replies, forwards and sending.
import type { ToolDefinition } from '../../tool-definition.js';
import { listAccountsTool, listMailboxesTool } from './account-tools.js';
import { createReplyTool, saveDraftTool, sendDraftTool } from './draft-tools.js';
import {
  deleteMessageTool,
  getMessageTool,
  listMessagesTool,
  markMessagesTool,
  moveMessageTool,
} from './message-tools.js';

export const MAIL_TOOLS: ToolDefinition[] = [
  listAccountsTool,
  listMailboxesTool,
  listMessagesTool,
  getMessageTool,
  markMessagesTool,
  moveMessageTool,
  deleteMessageTool,
  saveDraftTool,
  createReplyTool,
  sendDraftTool,
];
