// Untrusted HTML (News item bodies and titles, Mail message bodies) turned into plain text with html-to-text
// (htmlparser2): scripts, styles, images and comments dropped, link targets left out, list items as "- " lines,
// entities decoded; then invisible and bidirectional control characters removed and the text cut to a length.
import { convert, type HtmlToTextOptions } from 'html-to-text';

const CONVERT_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'p', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'ul', options: { itemPrefix: '- ', leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'ol', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 },
    })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

/** Plain text of `html`, at most `maxChars` characters (cut with "..."). */
export function htmlToText(html: string, maxChars = Number.MAX_SAFE_INTEGER): string {
  return truncate(normalizeWhitespace(convert(html, CONVERT_OPTIONS)), maxChars);
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
