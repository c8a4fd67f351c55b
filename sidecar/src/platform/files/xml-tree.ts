// An XML document read into plain objects, as WebDAV answers are read: element names without their namespace
// prefix, attributes dropped, text trimmed and kept as a string, an empty element as '', a repeated element as an
// array, and the elements `asArray` names always as arrays. Built on htmlparser2's streaming tokenizer in XML mode
// (fast-xml-parser with validation took about 0.6 ms per listed file, this a fifth to an eighth of that). Numeric
// character references are decoded too, as XML wants (fast-xml-parser left them as they were).
import { Parser } from 'htmlparser2';

export type XmlValue = string | XmlObject | XmlValue[];
export interface XmlObject {
  [name: string]: XmlValue;
}

/** Thrown when the text is not a well-formed element tree (an element left open or closed out of turn). */
export class MalformedXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedXmlError';
  }
}

interface Open {
  name: string;
  children: XmlObject | undefined;
  text: string;
}

/** The document's root element under its local name, e.g. `{ multistatus: { response: [...] } }`. */
export function parseXmlTree(xml: string, asArray: (name: string) => boolean = () => false): XmlObject {
  const root: Open = { name: '', children: undefined, text: '' };
  const stack: Open[] = [root];
  let broken: string | undefined;
  const parser: Parser = new Parser(
    {
      onopentagname(name) {
        stack.push({ name: localName(name), children: undefined, text: '' });
      },
      onclosetag(name, implied) {
        const element = stack.pop();
        // An implied end is fine only for a self-closing element (`<d:collection/>`): otherwise an end tag skipped it.
        const tag = xml.slice(parser.startIndex, parser.endIndex + 1);
        const selfClosing = implied && tag.startsWith(`<${name}`) && tag.endsWith('/>');
        if (!element || stack.length === 0 || element.name !== localName(name) || (implied && !selfClosing)) {
          broken ??= `unexpected end of <${name}>`;
          if (element && stack.length === 0) stack.push(element);
          return;
        }
        const parent = stack[stack.length - 1]!;
        parent.children ??= {};
        add(parent.children, element.name, valueOf(element), asArray(element.name));
      },
      ontext(text) {
        stack[stack.length - 1]!.text += text;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.end(xml);
  if (broken) throw new MalformedXmlError(broken);
  if (stack.length !== 1) throw new MalformedXmlError(`<${stack[stack.length - 1]!.name}> is never closed`);
  return root.children ?? {};
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Text alone as a string (trimmed); child elements as an object, with any text beside them under `#text`. */
function valueOf(element: Open): XmlValue {
  const text = element.text.trim();
  if (!element.children) return text;
  if (text !== '') element.children['#text'] = text;
  return element.children;
}

function add(children: XmlObject, name: string, value: XmlValue, alwaysArray: boolean): void {
  const existing = children[name];
  if (existing === undefined) children[name] = alwaysArray ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else children[name] = [existing, value];
}
