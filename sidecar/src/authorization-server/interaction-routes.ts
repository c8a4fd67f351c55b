// The authorization server's interaction pages: the sign-in step (Nextcloud's Login Flow v2, polled by the page) and
// the consent step (the client, its host, the scopes with checkboxes). Each page belongs to one oidc-provider
// interaction, bound to the browser by its cookie; the only redirects go back into the provider's own flow.
import express, { Router, type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { LoginFlowSignIn } from '../auth/login-flow/login-flow-sign-in.js';
import { AppError, RateLimitedError } from '../errors.js';
import { clientAddressKey, type RateLimiter } from '../limits/rate-limit.js';
import type { Logger } from '../logging/logger.js';
import { requestIdOf } from '../request-id.js';
import {
  interactionPagePolicy,
  renderConsentPage,
  renderErrorPage,
  renderSignInPage,
  renderWaitingPage,
} from './interaction-pages.js';
import { INTERACTION_PATH } from './provider-configuration.js';
import { knownScopes, SUPPORTED_SCOPES } from '../auth/scope-catalogue.js';

export interface InteractionRoutesDeps {
  /** The provider in use now (it is replaced when the signing keys change). */
  provider: () => Provider;
  /** Remembers the client's name for the grant a consent made (the user's connected clients show it). */
  nameGrant: (grantId: string, clientName: string | undefined) => Promise<void>;
  /** Nextcloud's Login Flow v2 (loaded on first use): the granted app password becomes the user's credential. */
  signIn: () => Promise<LoginFlowSignIn>;
  /** `<public URL>/mcp`. */
  resource: string;
  /** The public URL's origin: a form posted from anywhere else is refused. */
  publicOrigin: string;
  logger: Logger;
  /** Sign-ins (Login Flows started at Nextcloud) per client address. */
  signInStarts: RateLimiter;
  /** Asks at Nextcloud whether a flow was granted, per client address; past it the page waits without asking. */
  signInChecks: RateLimiter;
  /** Seconds between the waiting page's refreshes. */
  pollSeconds?: number;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
interface SignInRecord {
  /** The flow this interaction waits for; `callerKey` is the address that started it (the flow is bound to it). */
  signIn?: { flowId: string; loginUrl: string; callerKey: string };
}

export function createInteractionRouter(deps: InteractionRoutesDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 100 });
  router.get(`${INTERACTION_PATH}/:uid`, (req, res) => handle(req, res, deps, showStep));
  router.post(`${INTERACTION_PATH}/:uid/sign-in`, (req, res) => handle(req, res, deps, startSignIn));
  router.post(`${INTERACTION_PATH}/:uid/consent`, form, (req, res) => handle(req, res, deps, decide));
  return router;
}

type Step = (req: Request, res: Response, deps: InteractionRoutesDeps, interaction: Interaction) => Promise<void>;

async function handle(req: Request, res: Response, deps: InteractionRoutesDeps, step: Step): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', interactionPagePolicy());
  // Browsers then send our forms' Origin (with no-referrer they send `Origin: null`), and nothing beyond our origin.
  res.setHeader('Referrer-Policy', 'same-origin');
  try {
    if (req.method === 'POST' && !isSameOrigin(req, deps.publicOrigin)) {
      return sendPage(res, 403, renderErrorPage('cross_origin_form'));
    }
    const interaction = await deps.provider().interactionDetails(req, res);
    if (interaction.uid !== req.params.uid) return sendPage(res, 400, renderErrorPage('interaction_mismatch'));
    await step(req, res, deps, interaction);
  } catch (error) {
    deps.logger.info({ err: error }, 'authorization interaction refused');
    if (res.headersSent) return;
    // Our own errors (Nextcloud unreachable, another user signed in) say which; oidc-provider's are the interaction's.
    if (error instanceof AppError) sendPage(res, error.status, renderErrorPage(error.code));
    else sendPage(res, 400, renderErrorPage('invalid_interaction'));
  }
}

async function showStep(req: Request, res: Response, deps: InteractionRoutesDeps, interaction: Interaction) {
  if (interaction.prompt.name === 'consent') return showConsent(res, deps, interaction, req.params.uid as string);
  const pending = (interaction.result as SignInRecord | undefined)?.signIn;
  if (!pending) return sendPage(res, 200, renderSignInPage(`${INTERACTION_PATH}/${interaction.uid}/sign-in`));
  const mayAsk = await deps.signInChecks.hit(clientAddressKey(req)).then(
    () => true,
    (error: unknown) => (error instanceof RateLimitedError ? false : Promise.reject(error)),
  );
  if (!mayAsk) return sendPage(res, 200, renderWaitingPage(pending.loginUrl, deps.pollSeconds ?? 3));
  const signIn = await deps.signIn();
  const outcome = await signIn.poll(pending.flowId, { callerKey: pending.callerKey, requestId: requestIdOf(res) });
  if (outcome.status === 'pending')
    return sendPage(res, 200, renderWaitingPage(pending.loginUrl, deps.pollSeconds ?? 3));
  if (outcome.status === 'expired') {
    interaction.result = {};
    await interaction.save(remainingSeconds(interaction));
    return sendPage(res, 200, renderSignInPage(`${INTERACTION_PATH}/${interaction.uid}/sign-in`));
  }
  await deps
    .provider()
    .interactionFinished(req, res, { login: { accountId: outcome.userId } }, { mergeWithLastSubmission: false });
}

async function startSignIn(req: Request, res: Response, deps: InteractionRoutesDeps, interaction: Interaction) {
  if (interaction.prompt.name !== 'login') return void res.redirect(303, `${INTERACTION_PATH}/${interaction.uid}`);
  try {
    await deps.signInStarts.hit(clientAddressKey(req));
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    res.setHeader('Retry-After', String(error.retryAfterSeconds));
    return sendPage(res, 429, renderErrorPage('too_many_sign_ins'));
  }
  const callerKey = clientAddressKey(req);
  const started = await (await deps.signIn()).start({ callerKey });
  interaction.result = {
    signIn: { flowId: started.flowId, loginUrl: started.loginUrl, callerKey },
  } satisfies SignInRecord;
  await interaction.save(remainingSeconds(interaction));
  res.redirect(303, `${INTERACTION_PATH}/${interaction.uid}`);
}

async function showConsent(res: Response, deps: InteractionRoutesDeps, interaction: Interaction, uid: string) {
  const client = await deps.provider().Client.find(String(interaction.params.client_id));
  if (!client) return sendPage(res, 400, renderErrorPage('invalid_client'));
  const redirectUri = String(interaction.params.redirect_uri ?? '');
  res.setHeader('Content-Security-Policy', interactionPagePolicy([formTargetOf(redirectUri)]));
  const clientHost = hostOf(client.clientId) ?? hostOf(redirectUri) ?? 'unknown host';
  sendPage(
    res,
    200,
    renderConsentPage({
      clientName: shortened(client.clientName ?? client.clientId),
      clientHost,
      scopes: offeredScopes(interaction),
      action: `${INTERACTION_PATH}/${uid}/consent`,
    }),
  );
}

async function decide(req: Request, res: Response, deps: InteractionRoutesDeps, interaction: Interaction) {
  if (interaction.prompt.name !== 'consent') return sendPage(res, 400, renderErrorPage('invalid_interaction'));
  const body = (req.body ?? {}) as { decision?: unknown; scope?: unknown };
  const ticked = new Set([body.scope ?? []].flat().filter((scope): scope is string => typeof scope === 'string'));
  const offered = offeredScopes(interaction);
  const granted = offered.filter((scope) => ticked.has(scope));
  const rejected = offered.filter((scope) => !ticked.has(scope));
  if (body.decision !== 'allow' || granted.length === 0) {
    const error = { error: 'access_denied', error_description: 'The user did not allow access.' };
    return deps.provider().interactionFinished(req, res, error, { mergeWithLastSubmission: false });
  }
  const { Grant, Client } = deps.provider();
  const grant = new Grant({
    accountId: interaction.session!.accountId,
    clientId: String(interaction.params.client_id),
  });
  const requested = new Set(String(interaction.params.scope ?? '').split(' '));
  const standard = ['openid', 'offline_access'].filter((scope) => requested.has(scope));
  // The catalogue's scopes are both OpenID-level (so clients may register them) and the resource's: granted and
  // rejected in both, so the provider neither asks again nor issues an unticked one.
  grant.addOIDCScope([...standard, ...granted].join(' '));
  grant.addResourceScope(deps.resource, granted.join(' '));
  if (rejected.length > 0) {
    grant.rejectOIDCScope(rejected.join(' '));
    grant.rejectResourceScope(deps.resource, rejected.join(' '));
  }
  const grantId = await grant.save();
  const client = await Client.find(String(interaction.params.client_id));
  await deps.nameGrant(grantId, client?.clientName ? shortened(client.clientName) : undefined);
  await deps.provider().interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/** The catalogue's scopes the client asked for; all of them when it asked for none the catalogue knows. */
function offeredScopes(interaction: Interaction): string[] {
  const requested = knownScopes(String(interaction.params.scope ?? '').split(' '));
  return requested.length > 0 ? requested : [...SUPPORTED_SCOPES];
}

function remainingSeconds(interaction: Interaction): number {
  return Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));
}

function isSameOrigin(req: Request, publicOrigin: string): boolean {
  const origin = req.get('origin');
  return origin === undefined || origin === publicOrigin;
}

function hostOf(value: string): string | undefined {
  return URL.canParse(value) ? new URL(value).host || undefined : undefined;
}

/** The CSP source allowing the consent form's redirect to reach the client: its origin, or its custom scheme. */
function formTargetOf(redirectUri: string): string {
  if (!URL.canParse(redirectUri)) return '';
  const url = new URL(redirectUri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}

/** A client's own name, cut to a length a page can show (a metadata document may say anything). */
function shortened(name: string): string {
  return name.length > 80 ? `${name.slice(0, 79)}…` : name;
}

function sendPage(res: Response, status: number, html: string): void {
  res.status(status).type('html').send(html);
}
