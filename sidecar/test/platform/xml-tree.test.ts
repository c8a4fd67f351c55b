// WebDAV answers read into plain objects: prefixes dropped, text trimmed (or kept), attributes dropped (or kept as
// @name), empty elements as '', repeated elements as arrays, entities decoded, and text that is not a closed element
// tree refused.
import { expect, it } from 'vitest';
import { MalformedXmlError, parseXmlTree } from '../../src/platform/dav/xml-tree.js';

const MULTISTATUS = `<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">
  <d:response>
    <d:href>/remote.php/dav/files/alice/a%26b.txt</d:href>
    <d:propstat>
      <d:prop>
        <d:getetag>&quot;5f2a&quot;</d:getetag>
        <d:resourcetype/>
        <oc:share-types><oc:share-type>0</oc:share-type><oc:share-type>3</oc:share-type></oc:share-types>
        <d:displayname>Tom &amp; Jerry &#252;</d:displayname>
      </d:prop>
      <d:status>HTTP/1.1 200 OK</d:status>
    </d:propstat>
  </d:response>
</d:multistatus>`;

it('reads a multistatus into objects by local name, with the elements asked for as arrays', () => {
  const tree = parseXmlTree(MULTISTATUS, { asArray: (name) => name === 'response' || name === 'propstat' });

  expect(tree).toEqual({
    multistatus: {
      response: [
        {
          href: '/remote.php/dav/files/alice/a%26b.txt',
          propstat: [
            {
              prop: {
                getetag: '"5f2a"',
                resourcetype: '',
                'share-types': { 'share-type': ['0', '3'] },
                displayname: 'Tom & Jerry ü',
              },
              status: 'HTTP/1.1 200 OK',
            },
          ],
        },
      ],
    },
  });
});

it('keeps a folder’s resource type as an object and an empty multistatus as an empty string', () => {
  expect(parseXmlTree('<d:resourcetype xmlns:d="DAV:"><d:collection/></d:resourcetype>')).toEqual({
    resourcetype: { collection: '' },
  });
  expect(parseXmlTree('<d:multistatus xmlns:d="DAV:"/>')).toEqual({ multistatus: '' });
});

it('refuses an element closed out of turn and one never closed', () => {
  expect(() => parseXmlTree('<a><b></a>')).toThrow(MalformedXmlError);
  expect(() => parseXmlTree('<a><b>')).toThrow(MalformedXmlError);
  expect(() => parseXmlTree('<a><b/>')).toThrow(MalformedXmlError);
});

it('keeps attributes as @name when asked (a calendar’s components), leaving namespace declarations out', () => {
  const set = `<c:supported-calendar-component-set xmlns:c="urn:ietf:params:xml:ns:caldav">
    <c:comp name="VEVENT"/><c:comp name="VTODO"/></c:supported-calendar-component-set>`;

  expect(parseXmlTree(set, { attributes: true })).toEqual({
    'supported-calendar-component-set': { comp: [{ '@name': 'VEVENT' }, { '@name': 'VTODO' }] },
  });
  expect(parseXmlTree(set)).toEqual({ 'supported-calendar-component-set': { comp: ['', ''] } });
});

it('keeps a leaf’s text as it came when asked (calendar data), and still drops the indentation between elements', () => {
  const data = `<d:prop xmlns:d="DAV:">
      <c:calendar-data xmlns:c="urn:ietf:params:xml:ns:caldav">BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n</c:calendar-data>
      <d:displayname> Team </d:displayname>
    </d:prop>`;

  expect(parseXmlTree(data, { trim: false })).toEqual({
    prop: { 'calendar-data': 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', displayname: ' Team ' },
  });
  expect(parseXmlTree(data)).toEqual({
    prop: { 'calendar-data': 'BEGIN:VCALENDAR\r\nEND:VCALENDAR', displayname: 'Team' },
  });
});
