// The platform double's CardDAV: Nextcloud's address books and vCard rules over a real Radicale, one test per fact
// of docs/nextcloud-behaviour.md ("Contacts (CardDAV)").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKS, hrefs, NS, responseOf, startDavDouble, vcard, type DavDouble } from './dav-double-client.js';

let double: DavDouble;
beforeAll(async () => {
  double = await startDavDouble();
});
afterAll(() => double.close());

const CONTACTS = `${BOOKS}contacts/`;
const putCard = (name: string, body: string, headers: Record<string, string> = {}) =>
  double.request(`${CONTACTS}${name}`, { method: 'PUT', headers: { 'content-type': 'text/vcard', ...headers }, body });

describe('CardDAV of the platform double', () => {
  it('lists contacts, z-server-generated--system and z-app-generated--contactsinteraction--recent', async () => {
    const body = await (await double.propfind(BOOKS)).text();

    expect(
      hrefs(body)
        .filter((h) => h !== BOOKS)
        .sort(),
    ).toEqual(
      [CONTACTS, `${BOOKS}z-app-generated--contactsinteraction--recent/`, `${BOOKS}z-server-generated--system/`].sort(),
    );
    expect(body).toContain('Recently contacted');
    expect(body).toContain('Accounts');
  });

  it('gives contacts and z-server-generated--system a sync token, the recently contacted book none', async () => {
    const response = await double.request(BOOKS, {
      method: 'PROPFIND',
      headers: { depth: '1' },
      body: `<d:propfind ${NS}><d:prop><d:sync-token/></d:prop></d:propfind>`,
    });

    const body = await response.text();
    const token = /sync-token>http:\/\/sabre\.io\/ns\/sync\/\d+</;
    expect(responseOf(body, CONTACTS)).toMatch(token);
    expect(responseOf(body, `${BOOKS}z-server-generated--system/`)).toMatch(token);
    expect(responseOf(body, `${BOOKS}z-app-generated--contactsinteraction--recent/`)).not.toMatch(token);
  });

  it('holds the example contact Leon Green as `default` (no .vcf), about 270 KB with a photo', async () => {
    const response = await double.request(`${CONTACTS}default`, { method: 'GET' });

    const card = await response.text();
    expect(response.status).toBe(200);
    expect(card).toContain('FN:Leon Green');
    expect(card).toMatch(/^PHOTO;/m);
    expect(card.length).toBeGreaterThan(250_000);
    expect(card.length).toBeLessThan(290_000);
  });

  it('stores a new vCard with 201 and an ETag', async () => {
    const response = await putCard('new-1.vcf', vcard('new-1'));

    expect(response.status).toBe(201);
    expect(response.headers.get('etag')).toMatch(/^"/);
  });

  it('answers 412 to If-None-Match: * on an existing vCard and to a stale If-Match', async () => {
    await putCard('cond-1.vcf', vcard('cond-1'));

    const inm = await putCard('cond-1.vcf', vcard('cond-1'), { 'if-none-match': '*' });
    const stale = await putCard('cond-1.vcf', vcard('cond-1'), { 'if-match': '"stale"' });

    expect(inm.status).toBe(412);
    expect(stale.status).toBe(412);
  });

  it('answers 400 to the same UID under another name', async () => {
    await putCard('dup-1.vcf', vcard('dup-1'));

    const response = await putCard('dup-1-copy.vcf', vcard('dup-1'));

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('VCard object with uid already exists in this addressbook collection.');
  });

  it('serves a vCard as text/vcard; charset=utf-8 with unknown properties kept verbatim', async () => {
    await putCard('x-1.vcf', vcard('x-1', ['X-CUSTOM-LABEL;TYPE=work:keep me']));

    const response = await double.request(`${CONTACTS}x-1.vcf`, { method: 'GET' });

    expect(response.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(await response.text()).toContain('X-CUSTOM-LABEL;TYPE=work:keep me');
  });

  it('deletes a vCard with 204 and takes its UID again at once: no trash bin', async () => {
    await putCard('again-1.vcf', vcard('again-1'));

    const deleted = await double.request(`${CONTACTS}again-1.vcf`, { method: 'DELETE' });
    const recreated = await putCard('again-1.vcf', vcard('again-1'));

    expect(deleted.status).toBe(204);
    expect(recreated.status).toBe(201);
  });

  it('matches a UID with equals and collation i;octet case-sensitively', async () => {
    await putCard('octet-1.vcf', vcard('Octet-UID-1'));
    const query = (uid: string) =>
      double.report(
        CONTACTS,
        `<card:addressbook-query ${NS}><d:prop><d:getetag/></d:prop><card:filter><card:prop-filter name="UID">` +
          `<card:text-match collation="i;octet" match-type="equals">${uid}</card:text-match></card:prop-filter>` +
          '</card:filter></card:addressbook-query>',
      );

    const [exact, otherCase] = await Promise.all([query('Octet-UID-1'), query('octet-uid-1')]);

    expect(hrefs(await exact.text())).toEqual([`${CONTACTS}octet-1.vcf`]);
    expect(hrefs(await otherCase.text())).toEqual([]);
  });

  it('finds vCards with an addressbook-query text-match contains on FN or EMAIL, ignoring case', async () => {
    await putCard('find-1.vcf', vcard('find-1', ['EMAIL:Zed.Finder@Example.com']));

    const response = await double.report(
      CONTACTS,
      `<card:addressbook-query ${NS}><d:prop><d:getetag/><card:address-data/></d:prop>` +
        '<card:filter test="anyof"><card:prop-filter name="EMAIL"><card:text-match match-type="contains">zed.finder</card:text-match>' +
        '</card:prop-filter><card:prop-filter name="FN"><card:text-match match-type="contains">zed.finder</card:text-match>' +
        '</card:prop-filter></card:filter></card:addressbook-query>',
    );

    const body = await response.text();
    expect(response.status).toBe(207);
    expect(body).toContain('UID:find-1');
    expect(body).not.toContain('UID:new-1');
  });
});
