// The text of XML or HTML read with htmlparser2's streaming parser (no tree is built, no DTD or external entity is
// ever loaded): each format names which elements hold text, which end a line or a cell, and which to leave out.
import { Parser } from 'htmlparser2';
import type { Deadline } from './extraction-limits.js';
import type { TextSink } from './text-sink.js';

export interface MarkupRules {
  /** Only text inside one of these elements counts (Office's `w:t`, `a:t`); absent: all text outside `skip`. */
  textIn?: ReadonlySet<string>;
  /** Elements whose text is left out, with everything inside (scripts, styles, deleted text). */
  skip?: ReadonlySet<string>;
  /** Elements that end a line when they close (paragraphs, headings, rows). */
  lineAfter?: ReadonlySet<string>;
  /** Elements that stand for a line break where they open (`<br>`, `w:br`). */
  lineAt?: ReadonlySet<string>;
  /** Elements that end a cell or stand for a tab (`w:tab`, table cells). */
  tabAfter?: ReadonlySet<string>;
  /** Elements that stand for spaces (`text:s`). */
  spaceAt?: ReadonlySet<string>;
}

/** Parses `markup` (XML when `xml`, HTML otherwise) into `sink` by `rules`, checking `deadline` as it goes. */
export function collectMarkupText(
  markup: string,
  rules: MarkupRules,
  sink: TextSink,
  deadline: Deadline,
  xml: boolean,
): void {
  let skipping = 0;
  let inText = 0;
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (rules.skip?.has(name)) skipping++;
        if (rules.textIn?.has(name)) inText++;
        if (skipping > 0) return;
        if (rules.lineAt?.has(name)) sink.breakLine();
        if (rules.spaceAt?.has(name)) sink.add(' ');
      },
      ontext: (text) => {
        if (skipping === 0 && (!rules.textIn || inText > 0)) sink.add(text);
      },
      onclosetag: (name) => {
        if (skipping === 0) {
          if (rules.lineAfter?.has(name)) sink.breakLine();
          if (rules.tabAfter?.has(name)) sink.tab();
        }
        if (rules.skip?.has(name)) skipping = Math.max(0, skipping - 1);
        if (rules.textIn?.has(name)) inText = Math.max(0, inText - 1);
      },
    },
    { xmlMode: xml, decodeEntities: true, lowerCaseTags: !xml, recognizeSelfClosing: true },
  );
  // Fed in pieces: the deadline is checked between them, and a full sink ends the parse early.
  const PIECE = 256 * 1024;
  for (let start = 0; start < markup.length && !sink.full; start += PIECE) {
    deadline.check();
    parser.write(markup.slice(start, start + PIECE));
  }
  parser.end();
}

/** The attributes of every element named `name` in `xml` (manifests, relationships, package documents). */
export function collectElements(xml: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const parser = new Parser(
    { onopentag: (tag, attributes) => void (tag === name && found.push(attributes)) },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return found;
}
