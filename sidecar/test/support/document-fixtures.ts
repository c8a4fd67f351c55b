// Documents of every format the knowledge index reads, made by the tests from minimal valid parts: Office Open XML
// and OpenDocument zipped by hand, an EPUB, a multipart e-mail, RTF and HTML; each holds the words it is given.
import { buildZip } from './zip-fixtures.js';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';

function contentTypes(overrides: [string, string][]): string {
  const parts = overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('');
  return (
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    `<Default Extension="xml" ContentType="application/xml"/>${parts}</Types>`
  );
}

function rootRels(target: string): string {
  return (
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"' +
    ` Target="${target}"/></Relationships>`
  );
}

/** A Word document with one paragraph per string (split across two runs, as Word does). */
export function buildDocx(paragraphs: string[]): Uint8Array {
  const body = paragraphs
    .map((text) => {
      const half = Math.floor(text.length / 2);
      return `<w:p><w:r><w:t xml:space="preserve">${text.slice(0, half)}</w:t></w:r><w:r><w:t>${text.slice(half)}</w:t></w:r></w:p>`;
    })
    .join('');
  return buildZip([
    {
      name: '[Content_Types].xml',
      content: contentTypes([
        ['/word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
      ]),
    },
    { name: '_rels/.rels', content: rootRels('word/document.xml') },
    {
      name: 'word/document.xml',
      content: `${XML}<w:document xmlns:w="${W}"><w:body>${body}<w:sectPr/></w:body></w:document>`,
    },
  ]);
}

/** A workbook with one sheet: shared strings in the first column, numbers in the second. */
export function buildXlsx(sheetName: string, rows: [string, number][]): Uint8Array {
  const shared = rows.map(([text]) => `<si><t>${text}</t></si>`).join('');
  const cells = rows
    .map(
      ([, value], index) =>
        `<row r="${index + 1}"><c r="A${index + 1}" t="s"><v>${index}</v></c><c r="B${index + 1}"><v>${value}</v></c></row>`,
    )
    .join('');
  const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return buildZip([
    {
      name: '[Content_Types].xml',
      content: contentTypes([
        ['/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
      ]),
    },
    { name: '_rels/.rels', content: rootRels('xl/workbook.xml') },
    {
      name: 'xl/workbook.xml',
      content: `${XML}<workbook xmlns="${S}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/sharedStrings.xml',
      content: `${XML}<sst xmlns="${S}" count="${rows.length}" uniqueCount="${rows.length}">${shared}</sst>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: `${XML}<worksheet xmlns="${S}"><sheetData>${cells}</sheetData></worksheet>`,
    },
  ]);
}

/** A presentation with one slide per string. */
export function buildPptx(slides: string[]): Uint8Array {
  const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
  return buildZip([
    {
      name: '[Content_Types].xml',
      content: contentTypes([
        ['/ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'],
      ]),
    },
    { name: '_rels/.rels', content: rootRels('ppt/presentation.xml') },
    { name: 'ppt/presentation.xml', content: `${XML}<p:presentation xmlns:p="${P}"/>` },
    ...slides.map((text, index) => ({
      name: `ppt/slides/slide${index + 1}.xml`,
      content: `${XML}<p:sld xmlns:p="${P}" xmlns:a="${A}"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
    })),
  ]);
}

const ODF_TYPES = { odt: 'text', ods: 'spreadsheet', odp: 'presentation' } as const;

/** An OpenDocument file zipped by hand; `encrypted` adds the manifest's encryption data (its content stays plain). */
export function buildOdf(
  kind: keyof typeof ODF_TYPES,
  paragraphs: string[],
  options: { encrypted?: boolean } = {},
): Uint8Array {
  const mediaType = `application/vnd.oasis.opendocument.${ODF_TYPES[kind]}`;
  const office = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
  const textNs = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
  const tableNs = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
  const paras = paragraphs.map((text) => `<text:p>${text.replace(' ', '<text:s/>')}</text:p>`).join('');
  const body =
    kind === 'ods'
      ? `<office:spreadsheet><table:table table:name="Sheet1">${paragraphs.map((text) => `<table:table-row><table:table-cell>${`<text:p>${text}</text:p>`}</table:table-cell></table:table-row>`).join('')}</table:table></office:spreadsheet>`
      : kind === 'odp'
        ? `<office:presentation><draw:page xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0">${paras}</draw:page></office:presentation>`
        : `<office:text>${paras}</office:text>`;
  const encryption = options.encrypted
    ? '<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="AAAA"><manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="AAAA"/></manifest:encryption-data>'
    : '';
  return buildZip([
    { name: 'mimetype', content: mediaType, stored: true },
    {
      name: 'META-INF/manifest.xml',
      content: `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mediaType}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">${encryption}</manifest:file-entry></manifest:manifest>`,
    },
    {
      name: 'content.xml',
      content: `${XML}<office:document-content xmlns:office="${office}" xmlns:text="${textNs}" xmlns:table="${tableNs}" office:version="1.2"><office:body>${body}</office:body></office:document-content>`,
    },
  ]);
}

/** An EPUB with one chapter per string, in spine order (the manifest lists them in reverse to prove the order). */
export function buildEpub(chapters: string[]): Uint8Array {
  const items = chapters.map(
    (_, index) => `<item id="c${index}" href="text/chapter%20${index}.xhtml" media-type="application/xhtml+xml"/>`,
  );
  const spine = chapters.map((_, index) => `<itemref idref="c${index}"/>`).join('');
  return buildZip([
    { name: 'mimetype', content: 'application/epub+zip', stored: true },
    {
      name: 'META-INF/container.xml',
      content: `${XML}<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    },
    {
      name: 'OEBPS/content.opf',
      content: `${XML}<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest>${items.reverse().join('')}</manifest><spine>${spine}</spine></package>`,
    },
    ...chapters.map((text, index) => ({
      name: `OEBPS/text/chapter ${index}.xhtml`,
      content: `${XML}<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter ${index}</title><style>p { color: red }</style></head><body><h1>Chapter ${index}</h1><p>${text}</p></body></html>`,
    })),
  ]);
}

/** A multipart/mixed message: a multipart/alternative body (plain and HTML) and one attachment. */
export function buildEml(subject: string, plain: string, attachmentName: string): Uint8Array {
  const message = [
    'From: Alice Example <alice@example.org>',
    'To: Bob Example <bob@example.org>',
    `Subject: ${subject}`,
    'Date: Fri, 27 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    '--outer',
    'Content-Type: multipart/alternative; boundary="inner"',
    '',
    '--inner',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    plain.replace(/ü/g, '=C3=BC'),
    '--inner',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<p>${plain}</p>`,
    '--inner--',
    '--outer',
    `Content-Type: application/octet-stream; name="${attachmentName}"`,
    `Content-Disposition: attachment; filename="${attachmentName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('attachment body never indexed').toString('base64'),
    '--outer--',
    '',
  ].join('\r\n');
  return new Uint8Array(Buffer.from(message, 'utf8'));
}

/** An RTF document with a font table (left out), an escaped byte, a Unicode character and paragraphs. */
export function buildRtf(paragraphs: string[]): Uint8Array {
  const body = paragraphs.map((text) => `${text}\\par\n`).join('');
  const rtf = `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}}{\\*\\generator Hand 1.0;}\\f0\\fs24 ${body}Caf\\'e9 na\\u239?ve\\par}`;
  return new Uint8Array(Buffer.from(rtf, 'latin1'));
}

/** An HTML page whose script and style hold words that must not be indexed. */
export function buildHtml(title: string, body: string, hidden: string): Uint8Array {
  const html = `<!doctype html><html><head><title>${title}</title><style>.x { content: "${hidden}" }</style><script>var s = "${hidden}";</script></head><body><p>${body}</p><noscript>${hidden}</noscript></body></html>`;
  return new Uint8Array(Buffer.from(html, 'utf8'));
}
