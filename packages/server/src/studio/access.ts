/**
 * What guards every studio API request: the session cookie (401 without a live one), the CSRF token and same-origin
 * check on every change (401 too: the envelope's one code for failed authentication), and which templates and accounts the session may see (404 for anything else, the
 * same answer as for an id that does not exist).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../errors.js';
import type { Store, StudioSession, TemplateRecord } from '../db/types.js';
import type { TemplateAdmin } from '../services/template-admin.js';
import { csrfMatches, type StudioSessions } from './sessions.js';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'pictor_studio';
/** Path the cookie is sent to: the studio only, never the render API. */
export const COOKIE_PATH = '/studio';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the studio's session hook. */
    studioSession?: StudioSession;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when the request's `Origin` (if any) is this server's own origin: its `Host`, or behind a proxy trusted by
 * `PICTOR_TRUST_PROXY` the `X-Forwarded-Host` it sends.
 */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** The `onRequest` hook of the studio API; sign-in itself (POST /session) only gets the origin check. */
export function studioAccessHook(sessions: StudioSessions) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const changes = !SAFE_METHODS.has(request.method);
    if (changes && !sameOrigin(request)) {
      throw apiError('UNAUTHORIZED', 'Origin: changes are accepted only from the studio page of this server');
    }
    if (request.routeOptions.config?.signIn) return;
    const session = await sessions.resume(request.cookies[SESSION_COOKIE]);
    if (!session)
      throw apiError('UNAUTHORIZED', 'studio: not signed in, or the session ended; sign in again');
    if (changes && !csrfMatches(session, request.headers['x-csrf-token'])) {
      throw apiError('UNAUTHORIZED', 'X-CSRF-Token: missing or wrong; reload the studio page');
    }
    request.studioSession = session;
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The studio's sign-in route: no session needed yet. */
    signIn?: boolean;
  }
}

/** The session of a request that passed the hook. */
export function sessionOf(request: FastifyRequest): StudioSession {
  if (!request.studioSession) throw apiError('UNAUTHORIZED', 'studio: not signed in');
  return request.studioSession;
}

/** The account a request acts on: the session's own, or (admin) the one asked for; 404 for another account's. */
export async function accountFor(
  store: Store,
  session: StudioSession,
  requested: string | undefined,
): Promise<string> {
  if (session.accountId !== null) {
    if (requested !== undefined && requested !== session.accountId) {
      throw apiError('NOT_FOUND', `account ${JSON.stringify(requested)} not found`);
    }
    return session.accountId;
  }
  if (requested === undefined) throw apiError('INVALID_PARAMETER', 'accountId: choose an account');
  if (!(await store.getAccount(requested))) {
    throw apiError('NOT_FOUND', `account ${JSON.stringify(requested)} not found`);
  }
  return requested;
}

/**
 * Template `id` if the session may see it; 404 otherwise, as for an id that does not exist. Ids are unique per
 * account: a key's session finds its own account's; the admin's names the account (`?accountId=`) or finds the one
 * account using the id (`templates.find`).
 */
export async function templateFor(
  templates: TemplateAdmin,
  session: StudioSession,
  id: string,
  requestedAccount?: string,
): Promise<TemplateRecord> {
  if (
    session.accountId !== null &&
    requestedAccount !== undefined &&
    requestedAccount !== session.accountId
  ) {
    throw apiError('NOT_FOUND', `template ${JSON.stringify(id)} not found`);
  }
  const accountId = session.accountId ?? requestedAccount;
  const record = await templates.find(accountId === undefined ? { id } : { id, accountId });
  if (!record) throw apiError('NOT_FOUND', `template ${JSON.stringify(id)} not found`);
  return record;
}
