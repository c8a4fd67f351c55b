// Which format a file is, from the media type Nextcloud states in PROPFIND (`getcontenttype`, chosen by extension)
// and, where that says nothing (`application/octet-stream`), from the file name's extension. Light on purpose: the
// files walk asks it for every file it lists, and it loads no parser.

/** The formats whose text is read; `text` is any UTF-8 text (plain, Markdown, JSON, YAML, source code). */
export type DocumentFormat =
  'pdf' | 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'odp' | 'rtf' | 'html' | 'epub' | 'eml' | 'csv' | 'text';

/** How a format is named to people and models (`nc_files_read_text` says where the text came from). */
export const FORMAT_LABELS: Record<DocumentFormat, string> = {
  pdf: 'PDF',
  docx: 'Word document (.docx)',
  xlsx: 'Excel workbook (.xlsx)',
  pptx: 'PowerPoint presentation (.pptx)',
  odt: 'OpenDocument text (.odt)',
  ods: 'OpenDocument spreadsheet (.ods)',
  odp: 'OpenDocument presentation (.odp)',
  rtf: 'RTF document',
  html: 'HTML page',
  epub: 'EPUB book',
  eml: 'e-mail message (.eml)',
  csv: 'CSV table',
  text: 'text',
};

// `.md` text/markdown, `.csv` text/csv, `.pdf` application/pdf and `.json` application/json are on the platform
// sheet (docs/nextcloud-behaviour.md, "Files (WebDAV)": getcontenttype goes by extension).
// unverified: every other type here (source: nextcloud/server resources/config/mimetypemapping.dist.json; `.eml` is
// not in that mapping, so Nextcloud states application/octet-stream and the extension decides)
const BY_MEDIA_TYPE: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'text/rtf': 'rtf',
  'application/rtf': 'rtf',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/epub+zip': 'epub',
  'message/rfc822': 'eml',
  'text/csv': 'csv',
  'application/json': 'text',
  'application/yaml': 'text',
  'application/xml': 'text',
  'application/javascript': 'text',
  'application/x-php': 'text',
  'application/x-perl': 'text',
  'application/x-tex': 'text',
  'application/x-sh': 'text',
  'application/sql': 'text',
  'application/toml': 'text',
};

/** Extensions read when Nextcloud states only application/octet-stream (names it does not map). */
const BY_EXTENSION: Record<string, DocumentFormat> = {
  eml: 'eml',
  ts: 'text',
  tsx: 'text',
  jsx: 'text',
  mjs: 'text',
  cjs: 'text',
  go: 'text',
  rs: 'text',
  rb: 'text',
  kt: 'text',
  kts: 'text',
  swift: 'text',
  scala: 'text',
  cs: 'text',
  vue: 'text',
  toml: 'text',
  ini: 'text',
  sql: 'text',
  lua: 'text',
  dart: 'text',
  gradle: 'text',
  properties: 'text',
  env: 'text',
  log: 'text',
  tsv: 'text',
  rst: 'text',
  adoc: 'text',
  txt: 'text',
  md: 'text',
};

/** Media types whose text is never read although they are `text/*`: calendars and contacts have their own sources. */
const NOT_DOCUMENTS = new Set(['text/calendar', 'text/vcard', 'text/x-vcard']);

/** The file's format, or undefined when its text is not read (`unsupported type`). */
export function formatOfFile(mediaType: string, fileName: string): DocumentFormat | undefined {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  const byType = BY_MEDIA_TYPE[type];
  if (byType) return byType;
  if (type.startsWith('text/') && !NOT_DOCUMENTS.has(type)) return 'text';
  if (type !== 'application/octet-stream' && type !== '') return undefined;
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] : undefined;
}

/** The extensions of the formats that are not text, for callers that know only a name (the MCP file tools). */
const DOCUMENT_EXTENSIONS: Record<string, DocumentFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  rtf: 'rtf',
  epub: 'epub',
  eml: 'eml',
};

/** The format a file name's extension stands for when it is not text; undefined for text and unknown names. */
export function documentFormatOfName(fileName: string): DocumentFormat | undefined {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? DOCUMENT_EXTENSIONS[fileName.slice(dot + 1).toLowerCase()] : undefined;
}

/** Formats read in the extraction worker (zip containers and markup); `text` and `csv` are decoded in place. */
export function needsExtractionWorker(format: DocumentFormat): boolean {
  return format !== 'text' && format !== 'csv' && format !== 'pdf';
}
