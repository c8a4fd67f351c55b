// The text of an OpenDocument text, spreadsheet or presentation (.odt, .ods, .odp): `content.xml` in document order,
// paragraphs and rows as lines, cells separated by tabs. A document whose manifest lists encryption data is
// `encrypted` (its content.xml would be ciphertext).
import { collectMarkupText } from './markup-text.js';
import type { Extractor } from './extractor.js';
import { openZipArchive } from './zip-archive.js';
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

const RULES = {
  skip: new Set(['text:tracked-changes', 'office:font-face-decls', 'office:automatic-styles', 'office:scripts']),
  lineAfter: new Set(['text:p', 'text:h', 'table:table-row', 'text:list-item']),
  lineAt: new Set(['text:line-break']),
  tabAfter: new Set(['table:table-cell']),
  spaceAt: new Set(['text:s', 'text:tab']),
};

export const extractOdfText: Extractor = async (bytes, { limits, deadline, sink }) => {
  const zip = await openZipArchive(bytes, limits, deadline);
  try {
    const manifest = await zip.readText('META-INF/manifest.xml');
    if (manifest?.includes('encryption-data')) throw new ExtractionRefusedError(REFUSAL_REASONS.encrypted);
    const content = await zip.readText('content.xml');
    if (content === undefined) throw new ExtractionRefusedError(REFUSAL_REASONS.corrupt);
    collectMarkupText(content, RULES, sink, deadline, true);
  } finally {
    zip.close();
  }
};
