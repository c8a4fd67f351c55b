// Shows the server's ISO 8601 times as a date and time in the user's locale.
import { getCanonicalLocale } from '@nextcloud/l10n'

export function formatDateTime(iso: string): string {
	const date = new Date(iso)
	if (Number.isNaN(date.getTime())) {
		return iso
	}
	return new Intl.DateTimeFormat(getCanonicalLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}
