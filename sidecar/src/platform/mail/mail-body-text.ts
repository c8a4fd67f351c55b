// A message body as bounded plain text: Mail's sanitized HTML reduced to text (scripts, styles, images and link
// targets dropped, by the same converter the News items go through), plain text cleaned of control characters,
// then cut with a marker that says how much was left out.
import { htmlToText } from '../html-to-text.js';
import type { MailMessage } from './mail-models.js';

export interface BodyText {
  text: string;
  /** Characters left out at the end; 0 when the whole body is in `text`. */
  omittedChars: number;
}

/** The body of `message` as text of at most `maxChars` characters plus the truncation marker. */
export function readBodyText(message: MailMessage, maxChars: number): BodyText {
  const full = message.isHtml ? htmlToText(message.body) : cleanPlainText(message.body);
  if (full.length <= maxChars) return { text: full, omittedChars: 0 };
  const omittedChars = full.length - maxChars;
  return { text: `${full.slice(0, maxChars)}\n[truncated: ${omittedChars} more characters]`, omittedChars };
}

function cleanPlainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
}
