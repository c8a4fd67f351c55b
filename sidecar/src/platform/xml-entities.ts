// XML text as Nextcloud's answers escape it, decoded: the five named entities and numeric character references.

export function decodeXmlEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, hex: string) => fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d{1,7});/g, (_, decimal: string) => fromCodePoint(Number(decimal)))
    .replace(/&amp;/g, '&');
}

/** A code point outside Unicode becomes U+FFFD instead of throwing. */
function fromCodePoint(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
}
