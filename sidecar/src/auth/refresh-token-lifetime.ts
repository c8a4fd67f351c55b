// When a refresh token of Nextcloud's oidc app stops working: it is refused ("Refresh token is expired.") once
// refresh_expires_in has passed after the answer's access token expired, about 30 minutes after the answer by default.
import type { RefreshedTokens } from './token-answer.js';

/** The refresh token's end from its token answer; undefined when the answer does not say (never, or another provider). */
export function refreshTokenExpiry(answer: RefreshedTokens, answeredAtMs: number): Date | undefined {
  const refreshSeconds = answer.refresh_expires_in;
  if (typeof refreshSeconds !== 'number' || !Number.isFinite(refreshSeconds) || refreshSeconds <= 0) return undefined;
  const accessSeconds = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 0;
  return new Date(answeredAtMs + (accessSeconds + refreshSeconds) * 1000);
}

/** Whether a stored refresh token is past the end its answer gave. */
export function isRefreshTokenExpired(record: { expiresAt?: Date }, nowMs: number): boolean {
  return record.expiresAt !== undefined && record.expiresAt.getTime() <= nowMs;
}
