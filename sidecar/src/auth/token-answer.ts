// The answer of an identity provider's token endpoint (RFC 6749 section 5.1), as the sidecar reads it.

/** Field names as the provider sends them. */
export interface RefreshedTokens {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  /** Nextcloud: how long the refresh token outlives the access token (refresh_expire_time, 900 s by default). */
  refresh_expires_in?: number;
  scope?: string;
}
