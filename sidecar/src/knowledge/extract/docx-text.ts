// The text of a Word document (.docx, Office Open XML): the body, then footnotes and endnotes, paragraph by
// paragraph; deleted revisions and field codes are left out (they are not in `w:t`).
import { collectMarkupText } from './markup-text.js';
import type { Extractor } from './extractor.js';
import { openZipArchive } from './zip-archive.js';
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

const PARTS = ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml'];

const RULES = {
  textIn: new Set(['w:t']),
  lineAfter: new Set(['w:p']),
  lineAt: new Set(['w:br', 'w:cr']),
  tabAfter: new Set(['w:tab', 'w:tc']),
};

export const extractDocxText: Extractor = async (bytes, { limits, deadline, sink }) => {
  const zip = await openZipArchive(bytes, limits, deadline);
  try {
    if (!zip.has(PARTS[0]!)) throw new ExtractionRefusedError(REFUSAL_REASONS.corrupt);
    for (const part of PARTS) {
      const xml = await zip.readText(part);
      if (xml !== undefined) collectMarkupText(xml, RULES, sink, deadline, true);
      sink.breakLine();
    }
  } finally {
    zip.close();
  }
};
