// Nextcloud's accounts as the double models them (docs/nextcloud-behaviour.md, "Identity and credentials"): users,
// login names, app passwords bound to the login name they were minted under, and who a Basic header authenticates.
import { randomBytes } from 'node:crypto';

/** An app password and the login name it was minted under. */
export interface MintedAppPassword {
  password: string;
  loginName: string;
}

export interface DoubleUser {
  /** The user id (used in DAV paths). */
  id: string;
  /** The login name that app passwords given as plain strings were minted under; defaults to the id. */
  loginName?: string;
  displayName?: string;
  email?: string;
  groups?: string[];
  /** The personal time-zone setting (IANA id), answered by cloud/user as `timezone`; unset by default. */
  timeZone?: string;
  /** The login password: works with the user id (any letter case) and the e-mail address. */
  loginPassword?: string;
  /** App passwords; a plain string is minted under `loginName` (or the id). */
  appPasswords?: (string | MintedAppPassword)[];
}

export interface Account {
  id: string;
  displayName: string;
  email: string;
  groups: string[];
  timeZone: string;
  loginPassword: string;
  appPasswords: MintedAppPassword[];
  /** Passwords replaced by rotation, accepted until the given time (ms): Nextcloud's token cache. */
  rotatedUntil: Map<string, number>;
}

/** Who a request authenticated as, and with what kind of password. */
export interface Authentication {
  account: Account;
  /** The login name as the request gave it. */
  loginName: string;
  /** The app password in use, or undefined for the login password. */
  appPassword?: string;
}

export type BasicOutcome = { kind: 'none' } | { kind: 'refused' } | ({ kind: 'user' } & Authentication);

/** How long a rotated app password keeps working (docs/nextcloud-behaviour.md, "Identity and credentials"). */
export const ROTATION_GRACE_MS = 10_000;

export function toAccount(user: DoubleUser): Account {
  const mintedUnder = user.loginName ?? user.id;
  return {
    id: user.id,
    displayName: user.displayName ?? user.id,
    email: user.email ?? `${user.id}@example.com`,
    groups: user.groups ?? ['users'],
    timeZone: user.timeZone ?? '',
    loginPassword: user.loginPassword ?? '',
    appPasswords: (user.appPasswords ?? []).map((entry) =>
      typeof entry === 'string' ? { password: entry, loginName: mintedUnder } : { ...entry },
    ),
    rotatedUntil: new Map(),
  };
}

/**
 * Reads `Authorization: Basic login:password`. An app password works only with the login name it was minted under
 * (under the uid: the uid in any letter case); the login password works with the uid or the e-mail address.
 */
export function authenticateBasic(accounts: Iterable<Account>, header: string | undefined, now: number): BasicOutcome {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return { kind: 'none' };
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { kind: 'refused' };
  return authenticatePassword(accounts, decoded.slice(0, colon), decoded.slice(colon + 1), now);
}

/** Who a login name and password (app or login password) belong to, by the rules of `authenticateBasic`. */
export function authenticatePassword(
  accounts: Iterable<Account>,
  loginName: string,
  password: string,
  now: number,
): BasicOutcome {
  if (password === '') return { kind: 'refused' };
  for (const account of accounts) {
    const minted = account.appPasswords.find((entry) => entry.password === password);
    // unverified: letter case of non-uid login names (e-mail) is ignored here, as for the uid.
    if (minted && sameLogin(minted.loginName, loginName))
      return { kind: 'user', account, loginName, appPassword: password };
    const graceUntil = account.rotatedUntil.get(password);
    if (graceUntil !== undefined && graceUntil > now && isLoginOf(account, loginName)) {
      return { kind: 'user', account, loginName, appPassword: password };
    }
    if (account.loginPassword !== '' && password === account.loginPassword && isLoginOf(account, loginName)) {
      return { kind: 'user', account, loginName };
    }
  }
  return { kind: 'refused' };
}

/** A new app password as getapppassword, rotation and Login Flow v2 make them: 72 letters and digits. */
export function mintAppPassword(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(72)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

function isLoginOf(account: Account, loginName: string): boolean {
  return sameLogin(account.id, loginName) || sameLogin(account.email, loginName);
}

function sameLogin(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
