// The formats Nextcloud gives app passwords in, checked before anything is sent to the server.

/** Five groups of five letters or digits joined by hyphens (security settings), or 72 letters and digits (Login Flow). */
const APP_PASSWORD_PATTERN = /^(?:[A-Za-z0-9]{5}(?:-[A-Za-z0-9]{5}){4}|[A-Za-z0-9]{72})$/

export function isAppPasswordFormat(value: string): boolean {
	return APP_PASSWORD_PATTERN.test(value)
}
