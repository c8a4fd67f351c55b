// Tools of the contacts app: address books and contacts over CardDAV.
import type { ToolDefinition } from '../../tool-definition.js';
import { ADDRESS_BOOK_TOOLS } from './address-book-tools.js';
import { CONTACT_READ_TOOLS } from './contact-read-tools.js';
import { CONTACT_WRITE_TOOLS } from './contact-write-tools.js';

export const CONTACTS_TOOLS: ToolDefinition[] = [...CONTACT_READ_TOOLS, ...ADDRESS_BOOK_TOOLS, ...CONTACT_WRITE_TOOLS];
