// The two formats of Nextcloud app passwords: security settings (xxxxx-×5) and Login Flow v2 (72 characters).

export const APP_PASSWORD_PATTERN = /^(?:[A-Za-z0-9]{5}(?:-[A-Za-z0-9]{5}){4}|[A-Za-z0-9]{72})$/;

export function isAppPasswordFormat(candidate: string): boolean {
  return APP_PASSWORD_PATTERN.test(candidate);
}
