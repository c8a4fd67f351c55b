// Tools that create and delete the user's own address books over CardDAV.
import { z } from 'zod';
import { addressBookIdFor, createAddressBook, deleteAddressBook } from '../../../platform/contacts/address-books.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import { words } from '../calendar/calendar-schemas.js';
import { addressBookIdInput } from './contact-schemas.js';
import { ADDITIVE, DESTRUCTIVE_IDEMPOTENT } from '../tool-shapes.js';

export const createAddressBookTool = defineTool({
  name: 'nc_contacts_create_addressbook',
  app: 'contacts',
  title: 'Create an address book',
  description: 'Creates an address book. address_book_id defaults to one made from the name.',
  input: z.object({
    display_name: words(100),
    address_book_id: z
      .string()
      .refine((s) => /^[a-z0-9][a-z0-9-]{0,59}$/.test(s) && !s.startsWith('z-'), 'lowercase letters, digits, hyphens')
      .optional(),
  }),
  output: z.object({ id: z.string(), display_name: z.string() }),
  annotations: ADDITIVE,
  async run({ display_name, address_book_id }, { nextcloud }) {
    const id = address_book_id ?? addressBookIdFor(display_name);
    const book = await createAddressBook(await openDavAccount(nextcloud), { id, displayName: display_name });
    return { id: book.id, display_name: book.displayName };
  },
  summarize: (book) => `Created address book "${book.display_name}" (${book.id}).`,
});

export const deleteAddressBookTool = defineTool({
  name: 'nc_contacts_delete_addressbook',
  app: 'contacts',
  title: 'Delete an address book',
  description: 'Deletes an address book with all its contacts, for good.',
  input: z.object({ address_book_id: addressBookIdInput }),
  output: z.object({ id: z.string() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ address_book_id }, { nextcloud }) {
    await deleteAddressBook(await openDavAccount(nextcloud), address_book_id);
    return { id: address_book_id };
  },
  summarize: ({ id }) => `Deleted address book ${id}.`,
});

export const ADDRESS_BOOK_TOOLS = [createAddressBookTool, deleteAddressBookTool];
