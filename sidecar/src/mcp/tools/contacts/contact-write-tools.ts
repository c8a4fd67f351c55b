// Tools that change contacts: create, update (keeping unknown vCard properties) and delete.
import { z } from 'zod';
import { createContact, deleteContact, updateContact } from '../../../platform/contacts/contacts.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import {
  addressBookIdInput,
  contactFields,
  contactIdInput,
  toContactChanges,
  toWrittenContactOutput,
  writtenContactOutput,
} from './contact-schemas.js';
import { ADDITIVE, DESTRUCTIVE, DESTRUCTIVE_IDEMPOTENT, boundedText } from '../tool-shapes.js';

export const createContactTool = defineTool({
  name: 'nc_contacts_create',
  app: 'contacts',
  title: 'Create a contact',
  description: 'Creates a contact with at least a name, organization, email or phone.',
  input: z.object({ address_book_id: addressBookIdInput.default('contacts'), ...contactFields }),
  output: writtenContactOutput,
  annotations: ADDITIVE,
  async run({ address_book_id, ...fields }, { nextcloud }) {
    const account = await openDavAccount(nextcloud);
    return toWrittenContactOutput(await createContact(account, address_book_id, toContactChanges(fields)));
  },
  summarize: (c) => `Created contact ${c.full_name} (${c.id}).`,
});

export const updateContactTool = defineTool({
  name: 'nc_contacts_update',
  app: 'contacts',
  title: 'Update a contact',
  description:
    'Changes the given fields, keeping all else (photos, other apps\' properties). A given list replaces the old one. "" removes a field.',
  input: z.object({
    address_book_id: addressBookIdInput.default('contacts'),
    contact_id: contactIdInput,
    etag: boundedText(200).optional(),
    ...contactFields,
  }),
  output: writtenContactOutput,
  annotations: DESTRUCTIVE,
  async run({ address_book_id, contact_id, etag, ...fields }, { nextcloud }) {
    const account = await openDavAccount(nextcloud);
    const contact = await updateContact(account, address_book_id, contact_id, toContactChanges(fields), etag);
    return toWrittenContactOutput(contact);
  },
  summarize: (c) => `Updated contact ${c.full_name} (${c.id}).`,
});

export const deleteContactTool = defineTool({
  name: 'nc_contacts_delete',
  app: 'contacts',
  title: 'Delete a contact',
  description: 'Deletes a contact (there is no trash bin for contacts).',
  input: z.object({
    address_book_id: addressBookIdInput.default('contacts'),
    contact_id: contactIdInput,
    etag: boundedText(200).optional(),
  }),
  output: z.object({ id: z.string() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ address_book_id, contact_id, etag }, { nextcloud }) {
    await deleteContact(await openDavAccount(nextcloud), address_book_id, contact_id, etag);
    return { id: contact_id };
  },
  summarize: ({ id }) => `Deleted contact ${id}.`,
});

export const CONTACT_WRITE_TOOLS = [createContactTool, updateContactTool, deleteContactTool];
