// Which format a file is: the media type Nextcloud states decides, the extension only where Nextcloud states
// application/octet-stream; calendars, contacts and unknown binary types are not read.
import { describe, expect, it } from 'vitest';
import { documentFormatOfName, formatOfFile } from '../../../src/knowledge/extract/document-formats.js';

describe('formatOfFile', () => {
  it.each([
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx', 'docx'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'a.xlsx', 'xlsx'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'a.pptx', 'pptx'],
    ['application/vnd.oasis.opendocument.text', 'a.odt', 'odt'],
    ['application/vnd.oasis.opendocument.spreadsheet', 'a.ods', 'ods'],
    ['application/vnd.oasis.opendocument.presentation', 'a.odp', 'odp'],
    ['text/rtf', 'a.rtf', 'rtf'],
    ['text/html', 'a.html', 'html'],
    ['application/epub+zip', 'a.epub', 'epub'],
    ['text/csv', 'a.csv', 'csv'],
    ['application/pdf', 'a.pdf', 'pdf'],
    ['text/markdown', 'a.md', 'text'],
    ['application/json', 'a.json', 'text'],
    ['application/yaml', 'a.yml', 'text'],
    ['text/x-python', 'a.py', 'text'],
    ['application/octet-stream', 'message.eml', 'eml'],
    ['application/octet-stream', 'main.ts', 'text'],
    ['TEXT/PLAIN; charset=UTF-8', 'notes', 'text'],
  ])('reads %s (%s) as %s', (mediaType, name, format) => {
    expect(formatOfFile(mediaType, name)).toBe(format);
  });

  it.each([
    ['image/png', 'a.png'],
    ['text/calendar', 'a.ics'],
    ['text/vcard', 'a.vcf'],
    ['application/zip', 'a.zip'],
    ['application/octet-stream', 'a.bin'],
    ['application/msword', 'old.doc'],
    // The stated type wins over the name: a zip called .docx by someone is still a zip to Nextcloud.
    ['application/zip', 'fake.docx'],
  ])('does not read %s (%s)', (mediaType, name) => {
    expect(formatOfFile(mediaType, name)).toBeUndefined();
  });
});

describe('documentFormatOfName', () => {
  it('names the document formats by extension and leaves text to the text reader', () => {
    const formats = ['r.DOCX', 'b.epub', 'm.eml', 'p.pdf', 'n.md', 'p.html', 'noext'].map(documentFormatOfName);

    expect(formats).toEqual(['docx', 'epub', 'eml', 'pdf', undefined, undefined, undefined]);
  });
});
