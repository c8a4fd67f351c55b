// The text of a PowerPoint presentation (.pptx, Office Open XML): each slide's text in slide order, then the
// speaker notes, paragraph by paragraph.
import { collectMarkupText } from './markup-text.js';
import type { Extractor } from './extractor.js';
import { openZipArchive } from './zip-archive.js';
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

const RULES = {
  textIn: new Set(['a:t']),
  lineAfter: new Set(['a:p']),
  lineAt: new Set(['a:br']),
};

export const extractPptxText: Extractor = async (bytes, { limits, deadline, sink }) => {
  const zip = await openZipArchive(bytes, limits, deadline);
  try {
    const slides = numbered(zip.names, /^ppt\/slides\/slide(\d+)\.xml$/);
    if (slides.length === 0 && !zip.has('ppt/presentation.xml')) {
      throw new ExtractionRefusedError(REFUSAL_REASONS.corrupt);
    }
    for (const part of [...slides, ...numbered(zip.names, /^ppt\/notesSlides\/notesSlide(\d+)\.xml$/)]) {
      const xml = await zip.readText(part);
      if (xml !== undefined) collectMarkupText(xml, RULES, sink, deadline, true);
      sink.breakLine();
    }
  } finally {
    zip.close();
  }
};

/** The names that match `pattern`, ordered by the number it captures (slide10 after slide9). */
export function numbered(names: string[], pattern: RegExp): string[] {
  return names
    .map((name) => ({ name, number: Number(pattern.exec(name)?.[1]) }))
    .filter((part) => !Number.isNaN(part.number))
    .sort((a, b) => a.number - b.number)
    .map((part) => part.name);
}
