// How a Nextcloud app plugs into the platform double: its capabilities and its HTTP routes, with the signed-in user.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface DoubleAccount {
  id: string;
  loginName: string;
  displayName: string;
  email: string;
  groups: string[];
}

export interface DoubleRequest {
  method: string;
  /** The path below Nextcloud's base (the sub-path removed), e.g. /index.php/apps/notes/api/v1/notes. */
  path: string;
  url: URL;
  headers: IncomingMessage['headers'];
  /** The user the request authenticated as (HTTP Basic with an app password or the login password). */
  user: DoubleAccount | undefined;
  /** The base URL of the double (with its sub-path), for absolute links in answers. */
  baseUrl: string;
  body(): Promise<Buffer>;
  /** The body parsed as JSON; undefined when it is empty. Throws on malformed JSON. */
  json(): Promise<unknown>;
  raw: IncomingMessage;
  /** Dispatches an event of Nextcloud's event dispatcher (files, calendar, tables) to the apps that listen. */
  emit?(event: DoubleEvent): void;
  /** The double's accounts, for apps that look users and groups up (Deck's sharing). */
  accounts?(): DoubleAccount[];
}

/** An event an app dispatched: its PHP class and its webhook serialization (without `class`). */
export interface DoubleEvent {
  class: string;
  data: Record<string, unknown>;
}

export interface DoubleApp {
  /** The app id, as Nextcloud lists it in capabilities and under /index.php/apps/{id}. */
  id: string;
  /** This app's entry under `ocs.data.capabilities` (omit for apps that publish none). */
  capabilities?(): Record<string, unknown>;
  /** Answers the request and returns true when it is one of the app's routes; returns false otherwise. */
  handle(req: DoubleRequest, res: ServerResponse): boolean | Promise<boolean>;
  /** Hears the events the other apps dispatch during a request of `user` (webhook_listeners). */
  onEvent?(event: DoubleEvent, user: DoubleAccount | undefined): void;
}

/** Sends JSON with a status, as Nextcloud's app controllers do. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** Nextcloud's answer to an app API call without valid credentials. */
export function sendNotLoggedIn(res: ServerResponse): void {
  sendJson(res, 401, { message: 'Current user is not logged in' });
}
