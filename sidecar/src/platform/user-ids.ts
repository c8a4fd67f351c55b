// Nextcloud's user ids as the sidecar accepts them (in paths, webhook payloads, tokens).

/** Letters, digits, space and _ . @ - ' ; at most 64 characters; never "." or ".." (checked apart). */
export const USER_ID_PATTERN = /^[A-Za-z0-9 _.@'-]{1,64}$/;
