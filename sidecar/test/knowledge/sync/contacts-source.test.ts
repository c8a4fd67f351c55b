// The contact source against the platform double's CardDAV (a real Radicale behind Nextcloud's paths): the user's
// address books only, one request when nothing changed, changes and deletions through sync-collection, vCards as
// text with a link into the Contacts app, an unreadable vCard as a DocumentParseError, and a scan's changed cards read
// in one addressbook-multiget so that their fetches ask nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactsSource } from '../../../src/knowledge/sources/contacts-source.js';
import { DocumentParseError, type SyncContext } from '../../../src/knowledge/sync/sync-source.js';
import { asChanges, changedIds, startSourceDouble, type SourceDouble } from '../../support/source-scans.js';

const HOME = '/remote.php/dav/addressbooks/users/alice/';
const source = createContactsSource();
let env: SourceDouble;
let alice: SyncContext;
let cursor: string;
/** The changes the scan of "names a changed, an added and a deleted card" found. */
let lastChanges: ReturnType<typeof asChanges>;

beforeAll(async () => {
  env = await startSourceDouble({ users: { alice: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA' }, dav: true });
  alice = env.contextFor('alice');
});
afterAll(() => env.close());

const dav = (path: string, init: { method: string; body?: string; headers?: Record<string, string> }) =>
  env.request(`${HOME}${path}`, init);
const put = (path: string, lines: string[]) =>
  dav(path, {
    method: 'PUT',
    body: ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n'),
    headers: { 'content-type': 'text/vcard; charset=utf-8' },
  });

const ann = (title: string) => [
  'UID:ann-1',
  'FN:Ann Example',
  'N:Example;Ann;;;',
  'ORG:Example Corp',
  `TITLE:${title}`,
  'EMAIL;TYPE=WORK:ann@example.com',
  'TEL;TYPE=CELL:+49 170 1234567',
  'ADR;TYPE=HOME:;;Main Street 1;Berlin;;10115;Germany',
  'BDAY:1990-04-01',
  'NOTE:Met at the conference',
];

describe('contacts source', () => {
  it('lists the cards of the user address books on the first scan, not the generated ones', async () => {
    expect((await put('contacts/ann.vcf', ann('Engineer'))).status).toBe(201);
    expect((await put('contacts/bob.vcf', ['UID:bob-1', 'FN:Bob Builder'])).status).toBe(201);

    const result = asChanges(await source.scan(alice, undefined));

    expect(result.complete).toBe(true);
    // A new account's book holds Nextcloud's example contact, named `default`.
    expect(changedIds(result)).toEqual(['contacts/ann.vcf', 'contacts/bob.vcf', 'contacts/default']);
    expect(result.changed[0]?.hint).toBe('Contacts');
    cursor = result.cursor;
  });

  it('answers unchanged with exactly one request when nothing changed', async () => {
    const { result, requests } = await env.requestsDuring(() => source.scan(alice, cursor));

    expect(result).toEqual({ kind: 'unchanged' });
    expect(requests).toEqual([`PROPFIND ${HOME}`]);
  });

  it('names a changed, an added and a deleted card', async () => {
    await put('contacts/ann.vcf', ann('Engineering manager'));
    await put('contacts/cem.vcf', ['UID:cem-1', 'FN:Cem Yilmaz']);
    await dav('contacts/bob.vcf', { method: 'DELETE' });

    const { result, requests } = await env.requestsDuring(() => source.scan(alice, cursor));
    const changes = asChanges(result);

    expect(changedIds(changes)).toEqual(['contacts/ann.vcf', 'contacts/cem.vcf']);
    expect(changes.removed).toEqual(['contacts/bob.vcf']);
    expect(changes.complete).toBe(false);
    // The sync-collection REPORT, then one addressbook-multiget of the two changed cards.
    expect(requests).toEqual([`PROPFIND ${HOME}`, `REPORT ${HOME}contacts/`, `REPORT ${HOME}contacts/`]);
    cursor = changes.cursor;
    lastChanges = changes;
  });

  it('reads the cards that scan found changed from its multiget, asking nothing more', async () => {
    const { result, requests } = await env.requestsDuring(() =>
      Promise.all(lastChanges.changed.map((document) => source.read(alice, document))),
    );

    expect(requests).toEqual([]);
    expect(result.map((document) => document?.title)).toEqual(['Ann Example', 'Cem Yilmaz']);
    expect(result[0]?.pages[0]).toContain('Engineering manager');
  });

  it('removes the cards of an address book that was deleted', async () => {
    await dav('friends/', {
      method: 'MKCOL',
      body:
        '<?xml version="1.0"?><d:mkcol xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:set><d:prop>' +
        '<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype><d:displayname>Friends</d:displayname>' +
        '</d:prop></d:set></d:mkcol>',
    });
    await put('friends/dana.vcf', ['UID:dana-1', 'FN:Dana Scully']);
    const added = asChanges(await source.scan(alice, cursor));
    expect(changedIds(added)).toEqual(['friends/dana.vcf']);
    expect((await dav('friends/', { method: 'DELETE' })).status).toBe(204);

    const changes = asChanges(await source.scan(alice, added.cursor));

    expect(changes.changed).toEqual([]);
    expect(changes.removed).toEqual(['friends/dana.vcf']);
  });

  it('reads a card as text with its address book and a link into the Contacts app', async () => {
    const document = await source.read(alice, { docId: 'contacts/ann.vcf', version: 'x', hint: 'Contacts' });

    expect(document).toMatchObject({
      docType: 'contact',
      title: 'Ann Example',
      mimeType: 'text/vcard',
      extra: { addressBook: 'Contacts' },
      link: '/index.php/apps/contacts/direct/contact/ann-1~contacts',
    });
    expect(document!.pages[0]!.split('\n')).toEqual([
      'Ann Example',
      'Organization: Example Corp',
      'Title: Engineering manager',
      'Email (work): ann@example.com',
      'Phone (cell): +49 170 1234567',
      'Address (home): Main Street 1, 10115 Berlin, Germany',
      'Birthday: 1990-04-01',
      'Met at the conference',
    ]);
  });

  it('answers null for a card that is gone', async () => {
    expect(await source.read(alice, { docId: 'contacts/bob.vcf', version: 'x' })).toBeNull();
  });

  it('turns a card whose values cannot be read into a DocumentParseError', async () => {
    // Radicale stores it; ical.js fails on the birthday only when it is read.
    expect((await put('contacts/odd.vcf', ['UID:odd-1', 'FN:Odd', 'BDAY:notadate'])).status).toBe(201);

    await expect(source.read(alice, { docId: 'contacts/odd.vcf', version: 'x' })).rejects.toBeInstanceOf(
      DocumentParseError,
    );
  });
});
