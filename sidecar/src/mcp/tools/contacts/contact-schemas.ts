// Input and output schemas shared by the contacts tools, and the mapping between them and the platform's contacts.
import { z } from 'zod';
import type { StoredContact } from '../../../platform/contacts/contacts.js';
import type { ContactChanges } from '../../../platform/contacts/vcard-model.js';

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const addressBookIdInput = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^/\\]+$/, 'an address book id is one path segment')
  .describe('Address book id from nc_contacts_list_addressbooks, e.g. contacts');
export const uidInput = z.string().min(1).max(255).describe('The UID of the contact');
export const etagInput = z
  .string()
  .min(1)
  .max(200)
  .describe('The etag from the last read. The change is refused if the contact changed since.');

const typeInput = z
  .string()
  .max(40)
  .regex(/^[A-Za-z-]+(,[A-Za-z-]+)*$/, 'type is a comma-separated list such as work or cell,voice')
  .optional();

export const contactFields = {
  full_name: z.string().trim().min(1).max(255).optional().describe('Display name, from the name parts if absent'),
  given_name: z.string().max(100).nullable().optional(),
  family_name: z.string().max(100).nullable().optional(),
  nickname: z.string().max(100).nullable().optional(),
  emails: z
    .array(z.object({ value: z.email().max(254), type: typeInput }))
    .max(20)
    .optional(),
  phones: z
    .array(
      z.object({
        value: z
          .string()
          .min(1)
          .max(50)
          .regex(/^[0-9+()./ -]+$/, 'a phone number'),
        type: typeInput,
      }),
    )
    .max(20)
    .optional(),
  organization: z.string().max(255).nullable().optional(),
  title: z.string().max(255).nullable().optional(),
  note: z.string().max(10_000).nullable().optional(),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'birthday is YYYY-MM-DD')
    .nullable()
    .optional(),
  addresses: z
    .array(
      z.object({
        street: z.string().max(255).optional(),
        locality: z.string().max(100).optional().describe('City'),
        region: z.string().max(100).optional(),
        postal_code: z.string().max(20).optional(),
        country: z.string().max(100).optional(),
        type: typeInput,
      }),
    )
    .max(10)
    .optional(),
  categories: z.array(z.string().min(1).max(100)).max(20).optional().describe('Groups the contact belongs to'),
};

const typedOutput = z.object({ value: z.string(), type: z.string().optional() });

export const contactOutput = z.object({
  uid: z.string(),
  addressbook: z.string(),
  etag: z.string(),
  full_name: z.string(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  nickname: z.string().optional(),
  emails: z.array(typedOutput),
  phones: z.array(typedOutput),
  organization: z.string().optional(),
  title: z.string().optional(),
  note: z.string().optional(),
  birthday: z.string().optional(),
  addresses: z.array(
    z.object({
      street: z.string().optional(),
      locality: z.string().optional(),
      region: z.string().optional(),
      postal_code: z.string().optional(),
      country: z.string().optional(),
      type: z.string().optional(),
    }),
  ),
  categories: z.array(z.string()),
});

type ContactFieldsInput = { [K in keyof typeof contactFields]?: z.infer<(typeof contactFields)[K]> };

export function toContactOutput(contact: StoredContact): z.infer<typeof contactOutput> {
  return {
    uid: contact.uid,
    addressbook: contact.addressBookId,
    etag: contact.etag,
    full_name: contact.fullName,
    given_name: contact.givenName,
    family_name: contact.familyName,
    nickname: contact.nickname,
    emails: contact.emails,
    phones: contact.phones,
    organization: contact.organization,
    title: contact.title,
    note: contact.note,
    birthday: contact.birthday,
    addresses: contact.addresses.map(({ postalCode, ...address }) => ({ ...address, postal_code: postalCode })),
    categories: contact.categories,
  };
}

export function toContactChanges(fields: ContactFieldsInput): ContactChanges {
  return {
    fullName: fields.full_name,
    givenName: fields.given_name,
    familyName: fields.family_name,
    nickname: fields.nickname,
    emails: fields.emails,
    phones: fields.phones,
    organization: fields.organization,
    title: fields.title,
    note: fields.note,
    birthday: fields.birthday,
    addresses: fields.addresses?.map(({ postal_code, ...address }) => ({ ...address, postalCode: postal_code })),
    categories: fields.categories,
  };
}
