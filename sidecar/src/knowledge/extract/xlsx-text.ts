// The text of an Excel workbook (.xlsx, Office Open XML): the sheet names, then each sheet's cells row by row
// (shared strings looked up, inline strings and values as they are), cells separated by tabs.
import { Parser } from 'htmlparser2';
import { collectElements } from './markup-text.js';
import type { Deadline } from './extraction-limits.js';
import type { Extractor } from './extractor.js';
import { numbered } from './pptx-text.js';
import type { TextSink } from './text-sink.js';
import { openZipArchive } from './zip-archive.js';
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

export const extractXlsxText: Extractor = async (bytes, { limits, deadline, sink }) => {
  const zip = await openZipArchive(bytes, limits, deadline);
  try {
    const workbook = await zip.readText('xl/workbook.xml');
    if (workbook === undefined) throw new ExtractionRefusedError(REFUSAL_REASONS.corrupt);
    for (const sheet of collectElements(workbook, 'sheet')) {
      if (sheet.name) sink.add(sheet.name);
      sink.breakLine();
    }
    sink.breakLine();
    const shared = readSharedStrings((await zip.readText('xl/sharedStrings.xml')) ?? '', deadline);
    for (const part of numbered(zip.names, /^xl\/worksheets\/sheet(\d+)\.xml$/)) {
      collectSheetText((await zip.readText(part)) ?? '', shared, sink, deadline);
      sink.breakLine();
    }
  } finally {
    zip.close();
  }
};

/** Each `<si>`'s text (rich text runs joined; phonetic hints left out). */
function readSharedStrings(xml: string, deadline: Deadline): string[] {
  const strings: string[] = [];
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (name === 'si') current = [];
        else if (name === 'rPh') phonetic++;
        else if (name === 't') inText = true;
      },
      ontext: (text) => {
        if (current && inText && phonetic === 0) current.push(text);
      },
      onclosetag: (name) => {
        if (name === 'si' && current) strings.push(current.join(''));
        if (name === 'si') current = undefined;
        else if (name === 'rPh') phonetic--;
        else if (name === 't') inText = false;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  deadline.check();
  parser.write(xml);
  parser.end();
  return strings;
}

/** One sheet's cells into `sink`: a cell of type `s` is an index into the shared strings. */
function collectSheetText(xml: string, shared: string[], sink: TextSink, deadline: Deadline): void {
  let cellType: string | undefined;
  let value: string[] | undefined;
  let capturing = false;
  const parser = new Parser(
    {
      onopentag: (name, attributes) => {
        if (name === 'c') {
          cellType = attributes.t;
          value = [];
        } else if (name === 'v' || name === 't') capturing = value !== undefined;
      },
      ontext: (text) => {
        if (capturing) value?.push(text);
      },
      onclosetag: (name) => {
        if (name === 'v' || name === 't') capturing = false;
        else if (name === 'c' && value) {
          const raw = value.join('');
          const text = cellType === 's' ? (shared[Number(raw)] ?? '') : raw;
          if (text) {
            sink.add(text);
            sink.tab();
          }
          value = undefined;
        } else if (name === 'row') sink.breakLine();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  const PIECE = 256 * 1024;
  for (let start = 0; start < xml.length && !sink.full; start += PIECE) {
    deadline.check();
    parser.write(xml.slice(start, start + PIECE));
  }
  parser.end();
}
