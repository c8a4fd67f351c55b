// The example contact Nextcloud puts into a new account's `contacts` book: a card named `default` (no `.vcf`), "Leon
// Green", about 270 KB because of its embedded photo.

/** The card's name in the address book. */
export const EXAMPLE_CONTACT_NAME = 'default';

/** Bytes of the embedded photo: base64 and line folding make the card about 270 KB. */
const PHOTO_BYTES = 200_000;

export function exampleContact(): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'PRODID:-//Sabre//Sabre VObject 4.5.6//EN',
    `UID:${crypto.randomUUID()}`,
    'FN:Leon Green',
    'ADR;TYPE=HOME:;;123 Street Street;City;State;;Country',
    'EMAIL;TYPE=HOME:leon@example.com',
    'TEL;TYPE=HOME,VOICE:+999999999999',
    ...fold(`PHOTO;ENCODING=b;TYPE=PNG:${examplePhoto().toString('base64')}`),
    'END:VCARD',
    '',
  ].join('\r\n');
}

/** A PNG signature followed by filler: a stand-in for the real picture of the same size. */
function examplePhoto(): Buffer {
  const photo = Buffer.alloc(PHOTO_BYTES);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(photo);
  for (let i = 8; i < photo.length; i += 1) photo[i] = (i * 31) & 0xff;
  return photo;
}

/** vCard line folding: 75 characters, continuation lines start with a space. */
function fold(line: string): string[] {
  const lines = [line.slice(0, 75)];
  for (let i = 75; i < line.length; i += 74) lines.push(` ${line.slice(i, i + 74)}`);
  return lines;
}
