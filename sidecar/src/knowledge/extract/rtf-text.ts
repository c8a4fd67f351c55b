// The text of an RTF document, read by a small scanner of its own (no maintained RTF library exists on npm that
// does only this): groups, control words, `\'hh` bytes (Windows-1252) and `\uN` characters; font, colour and style
// tables, pictures, objects, field instructions and other ignorable destinations are left out.
import type { Extractor } from './extractor.js';
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

const SKIPPED_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'fldinst',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'xmlnstbl',
  'filetbl',
  'revtbl',
  'pgdsctbl',
  'bkmkstart',
  'bkmkend',
  'nonshppict',
  'mmathPr',
  'wgrffmtfilter',
  'template',
]);
const LINE_WORDS = new Set(['par', 'line', 'row', 'sect', 'page']);
const CHARACTER_WORDS: Record<string, string> = {
  tab: '\t',
  cell: '\t',
  emdash: '\u2014',
  endash: '\u2013',
  bullet: '\u2022',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201c',
  rdblquote: '\u201d',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
};
const WINDOWS_1252 = new TextDecoder('windows-1252');

interface GroupState {
  skip: boolean;
  /** Characters that stand in for each `\uN` (the `\ucN` word). */
  fallbackChars: number;
}

export const extractRtfText: Extractor = async (bytes, { deadline, sink }) => {
  const source = WINDOWS_1252.decode(bytes);
  if (!source.startsWith('{\\rtf')) throw new ExtractionRefusedError(REFUSAL_REASONS.corrupt);
  const stack: GroupState[] = [];
  let state: GroupState = { skip: false, fallbackChars: 1 };
  let pendingFallback = 0;
  let groupStart = false;
  const emit = (text: string) => {
    if (pendingFallback > 0) {
      pendingFallback--;
      return;
    }
    if (!state.skip) sink.add(text);
  };
  for (let index = 0; index < source.length && !sink.full; index++) {
    if ((index & 0xffff) === 0) deadline.check();
    const char = source[index]!;
    if (char === '{') {
      stack.push(state);
      state = { ...state };
      groupStart = true;
      continue;
    }
    if (char === '}') {
      state = stack.pop() ?? state;
      groupStart = false;
      continue;
    }
    const atGroupStart: boolean = groupStart;
    groupStart = false;
    if (char === '\r' || char === '\n') continue;
    if (char !== '\\') {
      emit(char);
      continue;
    }
    const next = source[index + 1] ?? '';
    if (next === "'") {
      emit(WINDOWS_1252.decode(Uint8Array.of(parseInt(source.slice(index + 2, index + 4), 16) || 0x3f)));
      index += 3;
      continue;
    }
    if (next === '*') {
      if (atGroupStart) state.skip = true;
      index += 1;
      groupStart = atGroupStart;
      continue;
    }
    const word = /^([a-zA-Z]+)(-?\d+)? ?/.exec(source.slice(index + 1, index + 40));
    if (!word) {
      // A control symbol: an escaped character, a non-breaking space or an optional hyphen.
      if (next === '~') emit(' ');
      else if (next === '_') emit('-');
      else if (next === '\\' || next === '{' || next === '}') emit(next);
      else if (next === '\n' || next === '\r') sink.breakLine();
      index += 1;
      continue;
    }
    index += word[0].length;
    const name = word[1]!;
    const parameter = word[2] === undefined ? undefined : Number(word[2]);
    if (atGroupStart && SKIPPED_DESTINATIONS.has(name)) state.skip = true;
    else if (name === 'uc' && parameter !== undefined) state.fallbackChars = parameter;
    else if (name === 'u' && parameter !== undefined) {
      if (!state.skip) sink.add(String.fromCharCode(parameter < 0 ? parameter + 65_536 : parameter));
      pendingFallback = state.fallbackChars;
    } else if (LINE_WORDS.has(name)) {
      if (!state.skip) sink.breakLine();
    } else if (CHARACTER_WORDS[name] !== undefined) emit(CHARACTER_WORDS[name]);
  }
};
