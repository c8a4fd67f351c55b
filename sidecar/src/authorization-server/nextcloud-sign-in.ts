// What the authorization server needs from the Nextcloud sign-in (Login Flow v2): start a flow whose grant page the
// user opens, and learn once the user granted access — by then the app password is stored for the user, as the
// credential of their tool calls and background work.

export interface StartedSignIn {
  /** Names the flow in `check`; kept in the encrypted interaction record, never shown. */
  flowId: string;
  /** Nextcloud's page where the user logs in and grants access. */
  loginUrl: string;
}

export type SignInState = { state: 'pending' } | { state: 'granted'; userId: string } | { state: 'expired' };

export interface NextcloudSignIn {
  start(): Promise<StartedSignIn>;
  /** Asks Nextcloud once (bounded by the service's own limits). */
  check(flowId: string): Promise<SignInState>;
}
