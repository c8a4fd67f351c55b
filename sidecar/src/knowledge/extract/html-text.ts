// The text of an HTML page (and of EPUB chapters and HTML mail): the title and the body, block elements as lines,
// table cells separated by tabs; scripts, styles, templates and other non-text elements are left out.
import type { Deadline } from './extraction-limits.js';
import type { Extractor } from './extractor.js';
import { collectMarkupText, type MarkupRules } from './markup-text.js';
import type { TextSink } from './text-sink.js';

const BLOCKS = [
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'blockquote',
  'pre',
  'li',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'ul',
  'ol',
  'dl',
  'figure',
  'figcaption',
  'title',
  'hr',
  'address',
  'details',
  'summary',
  'caption',
];

const HTML_RULES: MarkupRules = {
  skip: new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'canvas']),
  lineAfter: new Set(BLOCKS),
  lineAt: new Set(['br']),
  tabAfter: new Set(['td', 'th']),
};

export const extractHtmlText: Extractor = async (bytes, { deadline, sink }) => {
  collectHtmlText(new TextDecoder('utf-8').decode(bytes), sink, deadline);
};

/**
 * The text of `html` into `sink`. XHTML (EPUB chapters) is parsed the same way: the HTML parser takes its
 * self-closing tags and, unlike an XML parser, knows HTML's named entities (`&nbsp;`).
 */
export function collectHtmlText(html: string, sink: TextSink, deadline: Deadline): void {
  collectMarkupText(html, HTML_RULES, sink, deadline, false);
}
