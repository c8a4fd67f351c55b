#!/usr/bin/env node
// Extracts the companion's translatable strings into translationfiles/templates/mcp_companion.pot, and finds
// user-visible strings that are not wrapped in t()/n() (Vue, TypeScript) or IL10N::t()/n() (PHP).
//
//   node scripts/extract-l10n.mjs          writes the .pot (the layout Nextcloud's translationtool uses)
//   node scripts/extract-l10n.mjs --check  lists unwrapped strings and strings missing from l10n/de.json; exit 1 if any
//
// A static check, so it has limits: it reads calls whose text is a literal (a t() with a variable is reported as not
// extractable), Vue template text and the attributes in VISIBLE_ATTRIBUTES, PHP template text and p()/print_unescaped()
// with a literal, and in TypeScript and lib/ PHP only literals that read like a sentence (capital letter, two or
// more words; log messages excepted).
// Strings built at run time, short labels in scripts ('Save' in a plain variable) and text the sidecar sends are
// not seen; these reach the page only through the code paths the component and e2e tests cover.
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const APP_ID = 'mcp_companion';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT_DIRS = ['companion/src'];
const PHP_DIRS = ['lib', 'templates'];
/** Attributes whose static value a user reads or hears. */
const VISIBLE_ATTRIBUTES = [
  'label',
  'placeholder',
  'title',
  'aria-label',
  'alt',
  'helper-text',
  'helperText',
  'description',
  'name',
  'text',
  'aria-description',
];

const STRING = String.raw`('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\`(?:[^\`\\$]|\\.)*\`)`;
const SCRIPT_CALL = new RegExp(String.raw`\b([tn])\(\s*'${APP_ID}'\s*,\s*${STRING}(?:\s*,\s*${STRING})?`, 'g');
const SCRIPT_ANY_CALL = new RegExp(String.raw`\b[tn]\(\s*['"]${APP_ID}['"]`, 'g');
const PHP_CALL = new RegExp(String.raw`->([tn])\(\s*${STRING}(?:\s*,\s*${STRING})?`, 'g');
const PHP_ANY_CALL = /\$(?:this->)?(?:l|l10n)->[tn]\(/g;

/**
 * Every translatable string of the companion, in source order.
 * @returns {{ entries: Array<{ msgid: string, plural?: string, references: string[] }>, notLiteral: string[] }}
 */
export function extractTranslatableStrings(root = ROOT) {
  const found = new Map();
  const notLiteral = [];
  const add = (msgid, plural, reference) => {
    const entry = found.get(msgid) ?? { msgid, references: [] };
    if (plural !== undefined) entry.plural = plural;
    entry.references.push(reference);
    found.set(msgid, entry);
  };
  for (const [dirs, extensions, call, anyCall] of [
    [SCRIPT_DIRS, /\.(ts|vue)$/, SCRIPT_CALL, SCRIPT_ANY_CALL],
    [PHP_DIRS, /\.php$/, PHP_CALL, PHP_ANY_CALL],
  ]) {
    for (const file of listFiles(root, dirs, extensions)) {
      const text = readFileSync(join(root, file), 'utf8');
      const literal = [...text.matchAll(call)];
      for (const match of literal) {
        const [, kind, singular, plural] = match;
        add(
          unquote(singular),
          kind === 'n' && plural ? unquote(plural) : undefined,
          `${file}:${lineOf(text, match.index)}`,
        );
      }
      const all = [...text.matchAll(anyCall)];
      if (all.length > literal.length)
        notLiteral.push(`${file}: ${all.length - literal.length} call(s) without a literal`);
    }
  }
  for (const name of navigationNames(root)) add(name, undefined, 'appinfo/info.xml');
  return { entries: [...found.values()], notLiteral };
}

/**
 * User-visible text that does not go through l10n, as `file:line: text`.
 * @returns {string[]}
 */
export function findUnwrappedStrings(root = ROOT) {
  const problems = [];
  for (const file of listFiles(root, SCRIPT_DIRS, /\.(ts|vue)$/)) {
    const text = readFileSync(join(root, file), 'utf8');
    const template = file.endsWith('.vue') ? text.match(/<template>([\s\S]*)<\/template>/) : null;
    if (template) {
      const offset = template.index + '<template>'.length;
      for (const [index, found] of unwrappedInTemplate(template[1])) {
        problems.push(`${file}:${lineOf(text, offset + index)}: ${found}`);
      }
    }
    const script = template ? text.replace(template[0], (block) => block.replace(/[^\n]/g, ' ')) : text;
    for (const [index, found] of sentencesInScript(script)) problems.push(`${file}:${lineOf(text, index)}: ${found}`);
  }
  for (const file of listFiles(root, ['lib'], /\.php$/)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const [index, found] of sentencesInScript(text)) problems.push(`${file}:${lineOf(text, index)}: ${found}`);
  }
  for (const file of listFiles(root, ['templates'], /\.php$/)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const [index, found] of unwrappedInPhpTemplate(text))
      problems.push(`${file}:${lineOf(text, index)}: ${found}`);
  }
  return problems;
}

/** The .pot file translationtool would write: a header, then one entry per string with its references. */
export function renderPot(entries) {
  const header = [
    `# Translation template of the Nextcloud app ${APP_ID}; written by scripts/extract-l10n.mjs.`,
    'msgid ""',
    'msgstr ""',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '',
  ];
  const body = entries.flatMap((entry) => [
    `#: ${entry.references.join(' ')}`,
    ...(entry.msgid.includes('%') ? ['#, php-format'] : []),
    `msgid ${poString(entry.msgid)}`,
    ...(entry.plural !== undefined
      ? [`msgid_plural ${poString(entry.plural)}`, 'msgstr[0] ""', 'msgstr[1] ""']
      : ['msgstr ""']),
    '',
  ]);
  return [...header, ...body].join('\n');
}

function unwrappedInTemplate(template) {
  const results = [];
  const masked = template
    .replace(/<!--[\s\S]*?-->/g, (m) => ' '.repeat(m.length))
    .replace(/\{\{[\s\S]*?\}\}/g, (m) => ' '.repeat(m.length));
  for (const match of masked.matchAll(/>([^<>]*)</g)) {
    const text = match[1].trim();
    if (/\p{L}{2}/u.test(text)) results.push([match.index + 1, text]);
  }
  const attributes = VISIBLE_ATTRIBUTES.join('|');
  for (const match of masked.matchAll(new RegExp(String.raw`<([\w-]+)[^>]*?\s(${attributes})="([^"]*)"`, 'g'))) {
    const [whole, tag, attribute, value] = match;
    if (attribute === 'name' && !/Section$/.test(tag)) continue;
    if (isWords(value)) results.push([match.index + whole.indexOf(attribute), `${attribute}="${value}"`]);
  }
  for (const match of masked.matchAll(new RegExp(String.raw`\s:(${attributes})="\s*'([^']*)'\s*"`, 'g'))) {
    if (isWords(match[2])) results.push([match.index, `:${match[1]}="'${match[2]}'"`]);
  }
  return results;
}

/** Literals in TypeScript or PHP that read like a sentence shown to a person, outside t()/n() and the logger. */
function sentencesInScript(script) {
  const results = [];
  const masked = script
    .replace(/<!--[\s\S]*?-->|\/\*[\s\S]*?\*\/|(?<=^|\s)(?:\/\/|#)[^\n]*/g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(SCRIPT_CALL, (m) => m.replace(/[^\n]/g, ' '))
    .replace(PHP_CALL, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/\blogger(?:\.|->)\w+\(\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)/g, (m) =>
      m.replace(/[^\n]/g, ' '),
    );
  for (const match of masked.matchAll(new RegExp(STRING, 'g'))) {
    const value = unquote(match[1]);
    if (/^\p{Lu}\p{Ll}+(?:[ ,'’-]+\p{L}+)+[.!?…:]?$/u.test(value) && value.includes(' ')) {
      results.push([match.index, value]);
    }
  }
  return results;
}

function unwrappedInPhpTemplate(text) {
  const results = [];
  const outside = text.replace(/<\?php[\s\S]*?(\?>|$)/g, (m) => ' '.repeat(m.length));
  for (const match of outside.matchAll(/>([^<>]*)</g)) {
    if (/\p{L}{2}/u.test(match[1])) results.push([match.index + 1, match[1].trim()]);
  }
  for (const match of text.matchAll(/\b(?:p|print_unescaped)\(\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g)) {
    if (/\p{L}{2}/u.test(match[1])) results.push([match.index, match[0]]);
  }
  return results;
}

/** Text with a word in it that is not a URL or an example value such as a host and port. */
function isWords(value) {
  return /\p{L}{2}/u.test(value) && !/^[a-z][\w+.-]*:\/\/\S*$/i.test(value.trim());
}

function navigationNames(root) {
  const info = readFileSync(join(root, 'appinfo/info.xml'), 'utf8');
  return [...info.matchAll(/<navigation>[\s\S]*?<name>([^<]+)<\/name>/g)].map((match) => match[1].trim());
}

function listFiles(root, dirs, pattern) {
  const walk = (dir) =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  return dirs.flatMap(walk).filter((file) => pattern.test(file));
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

function unquote(literal) {
  return literal.slice(1, -1).replace(/\\(.)/g, '$1');
}

function poString(value) {
  return JSON.stringify(value);
}

function missingFromGerman(root, entries) {
  const { translations } = JSON.parse(readFileSync(join(root, 'l10n/de.json'), 'utf8'));
  return entries.filter((entry) =>
    [entry.msgid, entry.plural].some((text) => text !== undefined && !translations[text]),
  );
}

function main() {
  const { entries, notLiteral } = extractTranslatableStrings();
  if (process.argv.includes('--check')) {
    const problems = [
      ...notLiteral,
      ...findUnwrappedStrings().map((found) => `not wrapped: ${found}`),
      ...missingFromGerman(ROOT, entries).map((entry) => `missing from l10n/de.json: ${entry.msgid}`),
    ];
    for (const problem of problems) console.log(problem);
    process.exit(problems.length > 0 ? 1 : 0);
  }
  const pot = join(ROOT, 'translationfiles/templates', `${APP_ID}.pot`);
  mkdirSync(dirname(pot), { recursive: true });
  writeFileSync(pot, renderPot(entries));
  console.log(`Wrote ${relative(ROOT, pot)} (${entries.length} strings)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main();
}
