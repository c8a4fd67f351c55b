// The text of an e-mail message (.eml, MIME) read with postal-mime: subject, sender, recipients and date, the plain
// text body (or the HTML body's text when there is none) and the names of the attachments (their content is not read).
import PostalMime from 'postal-mime';
import type { Extractor } from './extractor.js';
import { collectHtmlText } from './html-text.js';
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

interface Address {
  name?: string;
  address?: string;
  group?: Address[];
}

export const extractEmlText: Extractor = async (bytes, { deadline, sink }) => {
  let email: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    email = await PostalMime.parse(bytes, { attachmentEncoding: 'arraybuffer' });
  } catch {
    throw new ExtractionRefusedError(REFUSAL_REASONS.corrupt);
  }
  deadline.check();
  const headerLines: [string, string | undefined][] = [
    ['Subject', email.subject],
    ['From', describe(email.from ? [email.from as Address] : [])],
    ['To', describe((email.to ?? []) as Address[])],
    ['Cc', describe((email.cc ?? []) as Address[])],
    ['Date', email.date],
  ];
  for (const [label, value] of headerLines) {
    if (value) {
      sink.add(`${label}: ${value}`);
      sink.breakLine();
    }
  }
  sink.breakLine();
  if (email.text?.trim()) sink.addLines(email.text);
  else if (email.html) collectHtmlText(email.html, sink, deadline);
  const names = email.attachments.map((attachment) => attachment.filename).filter(Boolean);
  if (names.length > 0) {
    sink.breakLine();
    sink.add(`Attachments: ${names.join(', ')}`);
  }
};

function describe(addresses: Address[]): string {
  return addresses
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .map((entry) => (entry.name && entry.address ? `${entry.name} <${entry.address}>` : (entry.name ?? entry.address)))
    .filter(Boolean)
    .join(', ');
}
