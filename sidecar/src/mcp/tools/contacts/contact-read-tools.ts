// Tools that read contacts: list the address books, list contacts page by page, search, get one.
import { z } from 'zod';
import { listAddressBooks } from '../../../platform/contacts/address-books.js';
import { getContact, listContacts, searchContacts } from '../../../platform/contacts/contacts.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import { limitInput, words } from '../calendar/calendar-schemas.js';
import { pageOf } from '../calendar/page-cursor.js';
import {
  addressBookIdInput,
  contactIdInput,
  contactOutput,
  contactSummary,
  toContactOutput,
  toContactSummary,
} from './contact-schemas.js';
import { READ_ONLY, boundedText } from '../tool-shapes.js';

const summarizeContacts = (contacts: z.infer<typeof contactSummary>[], more: boolean) =>
  contacts.length === 0
    ? 'No contacts.'
    : `${contacts.length} contacts${more ? ' (more on the next page)' : ''}: ${contacts
        .slice(0, 10)
        .map((c) => `${c.full_name}${c.emails?.[0] ? ` <${c.emails[0]}>` : ''}`)
        .join(', ')}${contacts.length > 10 ? ' ...' : '.'}`;

export const listAddressBooksTool = defineTool({
  name: 'nc_contacts_list_addressbooks',
  app: 'contacts',
  title: 'List address books',
  description: "Lists the user's address books (not those Nextcloud generates).",
  input: z.object({}),
  output: z.object({ address_books: z.array(z.object({ id: z.string(), display_name: z.string() })) }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const books = await listAddressBooks(await openDavAccount(nextcloud));
    return { address_books: books.map((book) => ({ id: book.id, display_name: book.displayName })) };
  },
  summarize: ({ address_books }) =>
    address_books.length === 0
      ? 'No address books.'
      : `${address_books.length} address books: ${address_books.map((b) => `${b.display_name} (${b.id})`).join(', ')}.`,
});

export const listContactsTool = defineTool({
  name: 'nc_contacts_list_contacts',
  app: 'contacts',
  title: 'List contacts',
  description: 'Lists contacts by name, from all address books by default, or one group (category).',
  input: z.object({
    address_book_ids: z.array(addressBookIdInput).optional(),
    category: boundedText(100).optional(),
    limit: limitInput,
    cursor: boundedText(200).optional(),
  }),
  output: z.object({ contacts: z.array(contactSummary), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run({ address_book_ids, category, limit, cursor }, { nextcloud }) {
    const all = await listContacts(await openDavAccount(nextcloud), address_book_ids);
    // A group in Nextcloud's Contacts app is a CATEGORIES value; names compare ignoring case, as the app shows them.
    const group = category?.trim().toLowerCase();
    const contacts = group ? all.filter((c) => c.categories.some((name) => name.toLowerCase() === group)) : all;
    const page = pageOf(contacts, limit, { address_book_ids, category }, cursor);
    return { contacts: page.items.map(toContactSummary), next_cursor: page.nextCursor };
  },
  summarize: ({ contacts, next_cursor }) => summarizeContacts(contacts, next_cursor !== null),
});

export const searchContactsTool = defineTool({
  name: 'nc_contacts_search',
  app: 'contacts',
  title: 'Search contacts',
  description: 'Finds contacts whose name, nickname, email, phone or organization contains query, ignoring case.',
  input: z.object({
    query: words(200),
    address_book_ids: z.array(addressBookIdInput).optional(),
    limit: limitInput,
  }),
  output: z.object({ contacts: z.array(contactSummary), truncated: z.boolean() }),
  annotations: READ_ONLY,
  async run({ query, address_book_ids, limit }, { nextcloud }) {
    const found = await searchContacts(await openDavAccount(nextcloud), query, address_book_ids);
    return { contacts: found.slice(0, limit).map(toContactSummary), truncated: found.length > limit };
  },
  summarize: ({ contacts, truncated }) => summarizeContacts(contacts, truncated),
});

export const getContactTool = defineTool({
  name: 'nc_contacts_get',
  app: 'contacts',
  title: 'Get a contact',
  description: 'Returns one contact with all its fields.',
  input: z.object({ address_book_id: addressBookIdInput.default('contacts'), contact_id: contactIdInput }),
  output: contactOutput,
  annotations: READ_ONLY,
  async run({ address_book_id, contact_id }, { nextcloud }) {
    return toContactOutput(await getContact(await openDavAccount(nextcloud), address_book_id, contact_id));
  },
  summarize: (c) =>
    `${c.full_name}${c.organization ? `, ${c.organization}` : ''}${c.emails ? `, ${c.emails.join(', ')}` : ''}.`,
});

export const CONTACT_READ_TOOLS = [listAddressBooksTool, listContactsTool, searchContactsTool, getContactTool];
