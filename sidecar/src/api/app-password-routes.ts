// POST, GET and DELETE /api/v1/users/{user_id}/app-password: provisioning of app passwords for background work.
// The Basic user is the login name the app password was minted under (e-mail, LDAP name or uid); the path user must
// be the user id Nextcloud answers for that pair. Limits: failed validations per client address and in total (every
// route asks Nextcloud), and stores per user counted only once Nextcloud has said the pair is the path user's.
import { Router, type Request, type Response } from 'express';
import { isAppPasswordFormat } from '../auth/app-password-pattern.js';
import { extractBasicCredentials } from '../auth/basic-credentials.js';
import {
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
} from '../errors.js';
import type { HttpClient } from '../net/http-client.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import { fetchCurrentUser } from '../platform/current-user.js';
import type { AppPasswordStore } from '../store/app-passwords.js';
import type { FailedValidationBudget } from '../limits/failed-validations.js';
import { clientAddressKey, type RateLimiterFactory } from '../limits/rate-limit.js';
import { requestIdOf } from '../request-id.js';
import { parseUserIdParam } from '../http/validation.js';

export const APP_PASSWORD_ROUTE = '/api/v1/users/:userId/app-password';
/** Provisionings per user and hour, counted only for pairs Nextcloud confirmed as the path user's. */
export const PROVISIONING_ATTEMPTS_PER_HOUR = 5;

export interface AppPasswordRouteDeps {
  /** Undefined where provisioning is not available in this mode: the routes then answer 404. */
  appPasswords: AppPasswordStore | undefined;
  http: HttpClient;
  nextcloudHost: string;
  validationTimeoutMs: number;
  /** Failed validations per address and in total, shared with the MCP endpoint's. */
  failedValidations: FailedValidationBudget;
  /** Where the limits count (the composition root's, in the database). */
  rateLimiters: RateLimiterFactory;
}

export function createAppPasswordRouter(deps: AppPasswordRouteDeps): Router {
  const router = Router();
  const limiters = deps.rateLimiters;
  const perUser = limiters('app-password-provisioning', { limit: PROVISIONING_ATTEMPTS_PER_HOUR, windowMs: 3_600_000 });
  const storage = () => requireAppPasswordStorage(deps.appPasswords);
  const validate = (req: Request, credentials: NextcloudCredentials, userId: string) =>
    validateAtNextcloud(deps, clientAddressKey(req), credentials, userId);

  router.use(APP_PASSWORD_ROUTE, refuseUnexpectedBody);

  router.post(APP_PASSWORD_ROUTE, async (req, res) => {
    const userId = parseUserIdParam(req.params.userId);
    const store = storage();
    const credentials = readAppPasswordCredentials(req);
    await validate(req, credentials, userId);
    await perUser.hit(userId);
    await store.store(userId, credentials, requestIdOf(res));
    res.json({ user_id: userId, stored: true });
  });

  router.get(APP_PASSWORD_ROUTE, async (req, res) => {
    const userId = parseUserIdParam(req.params.userId);
    const store = storage();
    await validate(req, readAppPasswordCredentials(req), userId);
    res.json({ user_id: userId, has_app_password: await store.has(userId) });
  });

  router.delete(APP_PASSWORD_ROUTE, async (req: Request, res: Response) => {
    const userId = parseUserIdParam(req.params.userId);
    const store = storage();
    await validate(req, readAppPasswordCredentials(req), userId);
    res.json({ user_id: userId, deleted: await store.delete(userId, requestIdOf(res)) });
  });

  return router;
}

/** The one way the routes get the app-password storage: 404 where this mode offers no provisioning. */
function requireAppPasswordStorage(store: AppPasswordStore | undefined): AppPasswordStore {
  if (!store) {
    throw new NotFoundError(
      'App-password provisioning is not available in this mode. It needs hybrid mode ' +
        '(multi_user_basic with ENABLE_BACKGROUND_OPERATIONS) or oauth mode.',
    );
  }
  return store;
}

/**
 * Every route takes Basic `login-name:app-password`, never a login password (which these routes would otherwise
 * let anyone guess at Nextcloud): 401 without well-formed Basic, 400 for another password format.
 */
function readAppPasswordCredentials(req: Request): NextcloudCredentials {
  const credentials = extractBasicCredentials(req.get('authorization'));
  if (!isAppPasswordFormat(credentials.password)) {
    throw new InvalidInputError('This is not an app password. Create one in Nextcloud under Settings → Security.');
  }
  return credentials;
}

/**
 * The credentials must work at Nextcloud, and Nextcloud must say they are the path user's. Past the budget of failed
 * validations (of the address, or of everyone) the request gets 429 without reaching Nextcloud, whose brute-force
 * protection would otherwise slow the sidecar down for everyone; a refusal or another user's pair counts.
 */
async function validateAtNextcloud(
  deps: AppPasswordRouteDeps,
  address: string,
  credentials: NextcloudCredentials,
  userId: string,
): Promise<void> {
  const validation = await deps.failedValidations.begin(address);
  let user;
  try {
    user = await fetchCurrentUser(deps.http, deps.nextcloudHost, credentials, deps.validationTimeoutMs);
  } catch (error) {
    await validation.end(error instanceof UnauthenticatedError ? 'refused' : 'unknown');
    throw error;
  }
  await validation.end(user.id === userId ? 'accepted' : 'refused');
  if (user.id !== userId) throw new ForbiddenError('Nextcloud says these credentials belong to another user.');
}

/** The routes take their input from the path and the Authorization header; a body must be empty or JSON. */
function refuseUnexpectedBody(req: Request, _res: Response, next: () => void): void {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (hasBody && !req.is('application/json')) {
    throw new UnsupportedMediaTypeError('Send no body, or a JSON body.');
  }
  next();
}
