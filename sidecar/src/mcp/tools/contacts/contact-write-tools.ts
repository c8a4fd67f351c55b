// Tools that change contacts: create, update (keeping unknown vCard properties) and delete.
import { z } from 'zod';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { createContact, deleteContact, updateContact } from '../../../platform/contacts/contacts.js';
import { defineTool } from '../../tool-definition.js';
import {
  addressBookIdInput,
  contactFields,
  contactOutput,
  etagInput,
  toContactChanges,
  toContactOutput,
  uidInput,
} from './contact-schemas.js';

export const createContactTool = defineTool({
  name: 'nc_contacts_create',
  app: 'contacts',
  title: 'Create a contact',
  description: 'Creates a contact with a new UID. Give at least a name, an organization, an email or a phone number.',
  input: z.object({ addressbook: addressBookIdInput.default('contacts'), ...contactFields }),
  output: contactOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ addressbook, ...fields }, { nextcloud }) {
    const account = await openDavAccount(nextcloud);
    return toContactOutput(await createContact(account, addressbook, toContactChanges(fields)));
  },
  summarize: (c) => `Created contact ${c.full_name} (${c.uid}).`,
});

export const updateContactTool = defineTool({
  name: 'nc_contacts_update',
  app: 'contacts',
  title: 'Update a contact',
  description:
    'Changes the given fields of a contact and keeps everything else, such as photos and properties other apps wrote. A given list (emails, phones, addresses) replaces the old one. null removes a field. Pass the etag from the last read.',
  input: z.object({
    addressbook: addressBookIdInput.default('contacts'),
    uid: uidInput,
    etag: etagInput.optional(),
    ...contactFields,
  }),
  output: contactOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run({ addressbook, uid, etag, ...fields }, { nextcloud }) {
    const account = await openDavAccount(nextcloud);
    return toContactOutput(await updateContact(account, addressbook, uid, toContactChanges(fields), etag));
  },
  summarize: (c) => `Updated contact ${c.full_name} (${c.uid}).`,
});

export const deleteContactTool = defineTool({
  name: 'nc_contacts_delete',
  app: 'contacts',
  title: 'Delete a contact',
  description: 'Deletes a contact. Pass the etag to delete only an unchanged version.',
  input: z.object({ addressbook: addressBookIdInput.default('contacts'), uid: uidInput, etag: etagInput.optional() }),
  output: z.object({ deleted: z.boolean(), uid: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ addressbook, uid, etag }, { nextcloud }) {
    await deleteContact(await openDavAccount(nextcloud), addressbook, uid, etag);
    return { deleted: true, uid };
  },
  summarize: ({ uid }) => `Deleted contact ${uid}.`,
});

export const CONTACT_WRITE_TOOLS = [createContactTool, updateContactTool, deleteContactTool];
