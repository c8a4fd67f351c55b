// Untrusted HTML (News item bodies and titles) turned into plain text: tags and comments dropped, the content of
// script-like elements removed, block ends as line breaks, entities decoded. Linear in the input length.

const DROPPED_ELEMENTS = new Set([
  'script',
  'style',
  'noscript',
  'iframe',
  'template',
  'object',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
]);
const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '-',
  mdash: '-',
  hellip: '...',
  lsquo: "'",
  rsquo: "'",
  ldquo: '"',
  rdquo: '"',
  laquo: '"',
  raquo: '"',
  bull: '*',
  middot: '*',
  copy: '(c)',
  reg: '(R)',
  trade: '(TM)',
  euro: 'EUR',
  shy: '',
  zwj: '',
  zwnj: '',
};

/** Plain text of `html`, at most `maxChars` characters (cut with "..."). */
export function htmlToText(html: string, maxChars = Number.MAX_SAFE_INTEGER): string {
  const parts: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      parts.push(decodeEntities(html.slice(i)));
      break;
    }
    parts.push(decodeEntities(html.slice(i, lt)));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 40))?.[1]?.toLowerCase();
    const isSpecial = html[lt + 1] === '!' || html[lt + 1] === '?';
    if (!name && !isSpecial) {
      parts.push('<');
      i = lt + 1;
      continue;
    }
    const gt = tagEnd(html, lt);
    const closing = html[lt + 1] === '/';
    i = gt;
    if (!name) continue;
    if (!closing && DROPPED_ELEMENTS.has(name)) i = afterClosingTag(html, name, gt);
    else if (name === 'li' && !closing) parts.push('\n- ');
    else if (BLOCK_ELEMENTS.has(name)) parts.push('\n');
    else if (name === 'td' || name === 'th') parts.push(' ');
  }
  return truncate(normalizeWhitespace(parts.join('')), maxChars);
}

/** The index after the '>' that ends the tag opened at `lt`, skipping quoted attribute values. */
function tagEnd(html: string, lt: number): number {
  let quote: string | undefined;
  for (let j = lt + 1; j < html.length; j += 1) {
    const ch = html[j];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return j + 1;
    }
  }
  return html.length;
}

function afterClosingTag(html: string, name: string, from: number): number {
  const closer = new RegExp(`</${name}[^>]*>`, 'gi');
  closer.lastIndex = from;
  const match = closer.exec(html);
  return match ? match.index + match[0].length : html.length;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi, (entity, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : '\ufffd';
  });
}

function normalizeWhitespace(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[ \t\f\r\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, Math.max(0, maxChars - 3)).trimEnd()}...`;
}
