// The contacts tools end to end: SDK client → sidecar (basic mode) → platform double → Radicale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp } from '../../../test/platform/apps/dav.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';

interface Contact {
  id: string;
  address_book_id: string;
  etag: string;
  full_name: string;
  given_name?: string;
  family_name?: string;
  emails?: string[];
  phones?: string[];
  organization?: string;
  birthday?: string;
  addresses?: string[];
}

const LOGIN = 'carol.login';
let radicale: RunningRadicale;
let harness: ToolHarness;

beforeAll(async () => {
  radicale = await startRadicale();
  harness = await startToolHarness({
    users: [{ id: 'carol', loginName: LOGIN, appPasswords: [APP_PASSWORD] }],
    apps: [createDavApp(radicale)],
  });
});
afterAll(async () => {
  await harness.close();
  await radicale.stop();
});

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const davRequest = (path: string, init: { method: string; body?: string; headers?: Record<string, string> }) =>
  fetch(`${harness.nextcloud.url}${path}`, {
    method: init.method,
    body: init.body,
    headers: { authorization: basicAuth(LOGIN, APP_PASSWORD), ...init.headers },
  });
const create = async (args: Record<string, unknown>) => data<Contact>(await call('nc_contacts_create', args));

describe('contacts tools', () => {
  it('lists the contacts address book without the ones Nextcloud generates', async () => {
    const result = await call('nc_contacts_list_addressbooks');

    const ids = data<{ address_books: { id: string }[] }>(result).address_books.map((b) => b.id);
    expect(ids).toEqual(['contacts']);
  });

  it('creates a contact and reads all its fields back', async () => {
    const created = await create({
      given_name: 'Ada',
      family_name: 'Lovelace',
      emails: ['ada@example.org (work)'],
      phones: ['+44 20 1234 5678 (cell)'],
      organization: 'Analytical Engines',
      birthday: '1815-12-10',
      addresses: [{ street: '12 St James Sq', city: 'London', postal_code: 'SW1', country: 'UK', type: 'home' }],
    });

    const read = data<Contact>(await call('nc_contacts_get', { contact_id: created.id }));

    expect(read).toMatchObject({
      id: created.id,
      address_book_id: 'contacts',
      full_name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      emails: ['ada@example.org (work)'],
      phones: ['+44 20 1234 5678 (cell)'],
      organization: 'Analytical Engines',
      birthday: '1815-12-10',
      addresses: ['12 St James Sq, SW1 London, UK (home)'],
    });
  });

  it('finds contacts by part of a name, email or organization, ignoring case', async () => {
    await create({ full_name: 'Grace Hopper', emails: ['grace@navy.example'] });
    await create({ full_name: 'Alan Turing', organization: 'Bletchley Park' });

    const byName = data<{ contacts: Contact[] }>(await call('nc_contacts_search', { query: 'hopp' }));
    const byEmail = data<{ contacts: Contact[] }>(await call('nc_contacts_search', { query: 'NAVY.example' }));
    const byOrg = data<{ contacts: Contact[] }>(await call('nc_contacts_search', { query: 'bletchley' }));
    const none = data<{ contacts: Contact[] }>(await call('nc_contacts_search', { query: 'nobody-like-this' }));

    expect(byName.contacts.map((c) => c.full_name)).toEqual(['Grace Hopper']);
    expect(byEmail.contacts.map((c) => c.full_name)).toEqual(['Grace Hopper']);
    expect(byOrg.contacts.map((c) => c.full_name)).toEqual(['Alan Turing']);
    expect(none.contacts).toEqual([]);
  });

  it('pages through contacts ordered by name with a cursor', async () => {
    const first = data<{ contacts: Contact[]; next_cursor: string | null }>(
      await call('nc_contacts_list_contacts', { limit: 2 }),
    );

    const rest = data<{ contacts: Contact[]; next_cursor: string | null }>(
      await call('nc_contacts_list_contacts', { limit: 50, cursor: first.next_cursor }),
    );

    const names = [...first.contacts, ...rest.contacts].map((c) => c.full_name);
    expect(first.contacts[0]).toEqual(expect.objectContaining({ id: expect.any(String), address_book_id: 'contacts' }));
    expect(first.contacts).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual(expect.arrayContaining(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']));
    expect(rest.next_cursor).toBeNull();
  });

  it('keeps photos, X- and unknown properties written by another client when updating', async () => {
    const path = '/remote.php/dav/addressbooks/users/carol/contacts/other-client.vcf';
    const vcard = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'UID:other-client-card',
      'FN:Linus T',
      'N:T;Linus;;;',
      'EMAIL;TYPE=INTERNET,HOME:linus@example.org',
      'X-SOCIALPROFILE;TYPE=mastodon:https://social.example/@linus',
      'IMPP:xmpp:linus@example.org',
      'CATEGORIES:Friends',
      'END:VCARD',
      '',
    ].join('\r\n');
    await davRequest(path, { method: 'PUT', body: vcard, headers: { 'content-type': 'text/vcard' } });

    const updated = await call('nc_contacts_update', {
      contact_id: 'other-client-card',
      title: 'Kernel maintainer',
      phones: ['+1 555 0100'],
      emails: ['linus@example.org', 'torvalds@example.org (work)'],
    });

    const stored = await (await davRequest(path, { method: 'GET' })).text();
    expect(data<Contact>(updated).full_name).toBe('Linus T');
    expect(stored).toContain('TITLE:Kernel maintainer');
    expect(stored).toMatch(/^TEL[^:]*:\+1 555 0100\r$/m);
    expect(stored).toMatch(/^X-SOCIALPROFILE;TYPE=mastodon:https:\/\/social\.example\/@linus\r$/m);
    expect(stored).toContain('IMPP:xmpp:linus@example.org');
    expect(stored).toMatch(/^EMAIL;TYPE=INTERNET,HOME:linus@example\.org\r$/m);
    expect(stored).toMatch(/^EMAIL;TYPE=WORK:torvalds@example\.org\r$/m);
    expect(stored).toContain('CATEGORIES:Friends');
  });

  it('refuses an update with a stale etag as a conflict', async () => {
    const created = await create({ full_name: 'Edsger Dijkstra' });
    data<Contact>(await call('nc_contacts_update', { contact_id: created.id, nickname: 'EWD' }));

    const stale = await call('nc_contacts_update', { contact_id: created.id, etag: created.etag, nickname: 'Edsger' });

    expect(errorText(stale)).toMatch(/changed/);
  });

  it('lists the contacts of one group (a CATEGORIES value), ignoring the letter case', async () => {
    await create({ full_name: 'Grace Group', categories: ['Family', 'Friends'] });
    await create({ full_name: 'Olga Other', categories: ['Work'] });

    const result = await call('nc_contacts_list_contacts', { category: 'family' });

    const { contacts } = data<{ contacts: Contact[] }>(result);
    expect(contacts.map((c) => c.full_name)).toEqual(['Grace Group']);
  });

  it('deletes a contact', async () => {
    const created = await create({ full_name: 'Temporary Person' });

    const deleted = await call('nc_contacts_delete', { contact_id: created.id });

    expect(data<{ id: string }>(deleted).id).toBe(created.id);
    expect(errorText(await call('nc_contacts_get', { contact_id: created.id }))).toMatch(/no contact/);
  });

  it('refuses the system address book', async () => {
    const result = await call('nc_contacts_get', { address_book_id: 'z-server-generated--system', contact_id: 'x' });

    expect(errorText(result)).toMatch(/generated by Nextcloud/);
  });

  describe('bad input', () => {
    it('refuses a contact without any name, organization, email or phone', async () => {
      const result = await call('nc_contacts_create', { note: 'who?' });

      expect(errorText(result)).toMatch(/needs a name/);
    });

    it('refuses oversized strings and malformed emails', async () => {
      const long = await call('nc_contacts_create', { full_name: 'x'.repeat(300) });
      const email = await call('nc_contacts_create', { full_name: 'Bad Mail', emails: ['not-an-email'] });

      expect(errorText(long)).toMatch(/full_name/);
      expect(errorText(email)).toMatch(/email/i);
    });
  });
});

describe('address book tools', () => {
  const books = async () =>
    data<{ address_books: { id: string; display_name: string }[] }>(await call('nc_contacts_list_addressbooks'))
      .address_books;

  it('creates an address book named after its display name, fills it and deletes it with its contacts', async () => {
    const created = data<{ id: string }>(await call('nc_contacts_create_addressbook', { display_name: 'Book Club' }));
    const contact = await create({ address_book_id: created.id, given_name: 'Jane', family_name: 'Austen' });
    const listed = await books();

    const deleted = await call('nc_contacts_delete_addressbook', { address_book_id: created.id });

    expect(created.id).toBe('book-club');
    expect(listed).toContainEqual({ id: 'book-club', display_name: 'Book Club' });
    expect(contact.address_book_id).toBe('book-club');
    expect(data(deleted)).toEqual({ id: 'book-club' });
    expect((await books()).map((b) => b.id)).toEqual(['contacts']);
  });

  it('refuses a taken address_book_id as a conflict, and deleting a generated or unknown one', async () => {
    const taken = await call('nc_contacts_create_addressbook', { display_name: 'Mine', address_book_id: 'contacts' });
    const system = await call('nc_contacts_delete_addressbook', { address_book_id: 'z-server-generated--system' });
    const unknown = await call('nc_contacts_delete_addressbook', { address_book_id: 'nope' });
    const badId = await call('nc_contacts_create_addressbook', { display_name: 'X', address_book_id: 'Bad Id' });

    expect(errorText(taken)).toContain('already exists');
    expect(errorText(system)).toContain('no address book with this address_book_id');
    expect(errorText(unknown)).toContain('no address book with this address_book_id');
    expect(badId.isError).toBe(true);
    expect((await books()).map((b) => b.id)).toEqual(['contacts']);
  });
});
