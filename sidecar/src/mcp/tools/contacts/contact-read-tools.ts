// Tools that read contacts: list the address books, list contacts page by page, search, get one.
import { z } from 'zod';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { listAddressBooks } from '../../../platform/contacts/address-books.js';
import { getContact, listContacts, searchContacts } from '../../../platform/contacts/contacts.js';
import { defineTool } from '../../tool-definition.js';
import { pageOf } from '../calendar/page-cursor.js';
import { addressBookIdInput, contactOutput, READ_ONLY, toContactOutput, uidInput } from './contact-schemas.js';

const contactSummary = contactOutput.pick({
  uid: true,
  addressbook: true,
  etag: true,
  full_name: true,
  emails: true,
  phones: true,
  organization: true,
});

const summarizeContacts = (contacts: z.infer<typeof contactSummary>[], more: boolean) =>
  contacts.length === 0
    ? 'No contacts.'
    : `${contacts.length} contacts${more ? ' (more on the next page)' : ''}: ${contacts
        .slice(0, 10)
        .map((c) => `${c.full_name}${c.emails[0] ? ` <${c.emails[0].value}>` : ''}`)
        .join(', ')}${contacts.length > 10 ? ' ...' : '.'}`;

export const listAddressBooksTool = defineTool({
  name: 'nc_contacts_list_addressbooks',
  app: 'contacts',
  title: 'List address books',
  description: 'Lists the address books of the user. Address books Nextcloud generates (system accounts) are left out.',
  input: z.object({}),
  output: z.object({ addressbooks: z.array(z.object({ id: z.string(), display_name: z.string() })) }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const books = await listAddressBooks(await openDavAccount(nextcloud));
    return { addressbooks: books.map((book) => ({ id: book.id, display_name: book.displayName })) };
  },
  summarize: ({ addressbooks }) =>
    addressbooks.length === 0
      ? 'No address books.'
      : `${addressbooks.length} address books: ${addressbooks.map((b) => `${b.display_name} (${b.id})`).join(', ')}.`,
});

export const listContactsTool = defineTool({
  name: 'nc_contacts_list_contacts',
  app: 'contacts',
  title: 'List contacts',
  description:
    'Lists contacts ordered by name with their emails, phone numbers and organization. Pass next_cursor back as cursor for the next page.',
  input: z.object({
    addressbooks: z.array(addressBookIdInput).min(1).max(20).optional().describe('Address book ids, all by default'),
    limit: z.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional(),
  }),
  output: z.object({ contacts: z.array(contactSummary), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run({ addressbooks, limit, cursor }, { nextcloud }) {
    const contacts = await listContacts(await openDavAccount(nextcloud), addressbooks);
    const page = pageOf(contacts, limit, { addressbooks }, cursor);
    return { contacts: page.items.map((c) => contactSummary.parse(toContactOutput(c))), next_cursor: page.nextCursor };
  },
  summarize: ({ contacts, next_cursor }) => summarizeContacts(contacts, next_cursor !== null),
});

export const searchContactsTool = defineTool({
  name: 'nc_contacts_search',
  app: 'contacts',
  title: 'Search contacts',
  description:
    'Finds contacts whose name, nickname, email, phone number or organization contains the text, ignoring case.',
  input: z.object({
    query: z.string().trim().min(1).max(200),
    addressbooks: z.array(addressBookIdInput).min(1).max(20).optional(),
    limit: z.number().int().min(1).max(100).default(25),
  }),
  output: z.object({ contacts: z.array(contactSummary), truncated: z.boolean() }),
  annotations: READ_ONLY,
  async run({ query, addressbooks, limit }, { nextcloud }) {
    const found = await searchContacts(await openDavAccount(nextcloud), query, addressbooks);
    return {
      contacts: found.slice(0, limit).map((c) => contactSummary.parse(toContactOutput(c))),
      truncated: found.length > limit,
    };
  },
  summarize: ({ contacts, truncated }) => summarizeContacts(contacts, truncated),
});

export const getContactTool = defineTool({
  name: 'nc_contacts_get',
  app: 'contacts',
  title: 'Get a contact',
  description: 'Returns one contact by address book and UID with all its fields and its etag.',
  input: z.object({ addressbook: addressBookIdInput.default('contacts'), uid: uidInput }),
  output: contactOutput,
  annotations: READ_ONLY,
  async run({ addressbook, uid }, { nextcloud }) {
    return toContactOutput(await getContact(await openDavAccount(nextcloud), addressbook, uid));
  },
  summarize: (c) =>
    `${c.full_name}${c.organization ? `, ${c.organization}` : ''}${c.emails.length ? `, ${c.emails.map((e) => e.value).join(', ')}` : ''}.`,
});

export const CONTACT_READ_TOOLS = [listAddressBooksTool, listContactsTool, searchContactsTool, getContactTool];
