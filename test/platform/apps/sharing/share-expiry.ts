// The expiry date of a share as files_sharing reads it: YYYY-MM-DD (or DD.MM.YYYY, which PHP also parses), answered
// as "YYYY-MM-DD 00:00:00"; malformed and past dates refused with Nextcloud's messages.

export type ExpiryOutcome = { value: string } | { status: number; message: string };

/**
 * `malformedStatus` is 404 on create and 400 on update. unverified: formats other than these two are refused
 * (source: PHP's DateTime accepts more, e.g. "tomorrow").
 */
export function parseExpiry(text: string, today: string, malformedStatus: number): ExpiryOutcome {
  const date = isoDateOf(text.trim());
  if (!date) return { status: malformedStatus, message: 'Invalid date. Format must be YYYY-MM-DD' };
  if (date < today) return { status: 404, message: 'Expiration date is in the past' };
  return { value: `${date} 00:00:00` };
}

function isoDateOf(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const date = iso ? iso[0] : dotted ? `${dotted[3]}-${dotted[2]}-${dotted[1]}` : undefined;
  if (!date) return undefined;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date ? date : undefined;
}
