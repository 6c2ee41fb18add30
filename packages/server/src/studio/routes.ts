/**
 * The studio's JSON API under `/studio/api` (not part of the public contract; the page is its only client). Every
 * answer uses the envelope of the public API; nothing is cached by the browser.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerLimits } from '../config.js';
import { apiError, toApiError } from '../errors.js';
import { draftBody } from '../schemas/admin.js';
import { success } from '../schemas/envelope.js';
import {
  previewBody,
  signInBody,
  type StudioCreateTemplateBody,
  studioCreateTemplateBody,
  type ValuesBody,
  valuesBody,
} from '../schemas/studio.js';
import type { TemplateAdmin } from '../services/template-admin.js';
import type { WindowCounter } from '../services/window-counter.js';
import { clientGoneSignal } from '../http/client-gone.js';
import { stoppedByTimeLimit } from '../services/render-job.js';
import type { TimeoutPenalty } from '../services/timeout-penalty.js';
import type { Store, TemplateRecord } from '../db/types.js';
import { COOKIE_PATH, SESSION_COOKIE, accountFor, sessionOf, templateFor } from './access.js';
import { type PreviewRequest, problemOf, renderPreview } from './preview.js';
import type { SignInBody, StudioSessions } from './sessions.js';
import { buildSnippets } from './snippets.js';
import type { Renderer } from '@pictor/core';

export interface StudioApiDeps {
  store: Store;
  sessions: StudioSessions;
  templates: TemplateAdmin;
  renderer: Renderer;
  limits: ServerLimits;
  signingSecret: string;
  /** Previews per account per minute. */
  previews: WindowCounter;
  /** The time-limit penalty of the account's renders, which previews pay too. */
  timeouts: TimeoutPenalty;
  /** Origin for snippets: the configured public URL, else the request's own. */
  publicUrl: string | undefined;
  /** Mark the cookie Secure (served over https). */
  secureCookie: (request: FastifyRequest) => boolean;
  now: () => number;
}

/** A template as the list shows it. */
function summary(record: TemplateRecord) {
  const current = record.draft ?? record.published;
  return {
    id: record.id,
    accountId: record.accountId,
    name: record.name,
    status: record.status,
    hasDraft: record.draft !== null,
    draftRevision: record.draft?.revision ?? null,
    publishedRevision: record.published?.revision ?? null,
    bytes: current ? Buffer.byteLength(current.content) : 0,
    width: current?.width ?? null,
    height: current?.height ?? null,
    format: current?.format ?? null,
    updatedAt: record.updatedAt,
  };
}

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 200 } } };
/** `?accountId=`: whose template an admin session means (ids are unique per account only). */
const accountQuery = { type: 'object', properties: { accountId: { type: 'string', maxLength: 200 } } };
type AccountQuery = { Querystring: { accountId?: string } };
const hide = { hide: true };

export function registerStudioApi(app: FastifyInstance, deps: StudioApiDeps): void {
  const { store, sessions, templates, limits } = deps;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post<{ Body: SignInBody }>(
    '/session',
    {
      config: { signIn: true },
      schema: {
        ...hide,
        body: signInBody,
      },
    },
    async (request, reply) => {
      const { cookieValue, session } = await sessions.signIn(request.body ?? {}, request.ip);
      reply.setCookie(SESSION_COOKIE, cookieValue, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.secureCookie(request),
      });
      return success(await sessions.identity(session));
    },
  );

  app.get('/session', { schema: hide }, async (request) =>
    success(await sessions.identity(sessionOf(request))),
  );

  app.delete('/session', { schema: hide }, async (request, reply) => {
    await sessions.signOut(sessionOf(request));
    reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' });
    return success({ signedOut: true });
  });

  app.get('/accounts', { schema: hide }, async (request) => {
    const session = sessionOf(request);
    if (session.accountId !== null) {
      const account = await store.getAccount(session.accountId);
      return success({ accounts: account ? [account] : [] });
    }
    return success({ accounts: await store.listAccounts() });
  });

  app.get<{ Querystring: { accountId?: string } }>(
    '/usage',
    { schema: { ...hide, querystring: { type: 'object', properties: { accountId: { type: 'string' } } } } },
    async (request) => {
      const accountId = await accountFor(store, sessionOf(request), request.query.accountId);
      const usage = await store.usage(accountId, new Date(deps.now()));
      const unitsLeft = usage.packages.reduce((sum, p) => sum + p.remaining, 0);
      return success({ accountId, unitsLeft, rendersDone: usage.rendersDone });
    },
  );

  app.get<{ Querystring: { accountId?: string } }>(
    '/templates',
    { schema: { ...hide, querystring: { type: 'object', properties: { accountId: { type: 'string' } } } } },
    async (request) => {
      const session = sessionOf(request);
      const accountId =
        session.accountId === null && request.query.accountId === undefined
          ? undefined
          : await accountFor(store, session, request.query.accountId);
      const list = await store.listTemplates(accountId);
      return success({ templates: list.map(summary) });
    },
  );

  app.post<{ Body: StudioCreateTemplateBody }>(
    '/templates',
    {
      schema: {
        ...hide,
        body: studioCreateTemplateBody(limits),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { accountId: requested, ...rest } = request.body;
      const accountId = await accountFor(store, session, requested);
      const created = await templates.create({ ...rest, accountId });
      return success(created);
    },
  );

  app.get<{ Params: { id: string } } & AccountQuery>(
    '/templates/:id',
    { schema: { ...hide, params: idParams, querystring: accountQuery } },
    async (request) => {
      const record = await templateFor(
        templates,
        sessionOf(request),
        request.params.id,
        request.query.accountId,
      );
      return success({
        ...record,
        revisions: await store.listPublishedRevisions(record.accountId, record.id),
      });
    },
  );

  app.put<{ Params: { id: string }; Body: Record<string, unknown> } & AccountQuery>(
    '/templates/:id/draft',
    { schema: { ...hide, params: idParams, querystring: accountQuery, body: draftBody(limits) } },
    async (request) => {
      const record = await templateFor(
        templates,
        sessionOf(request),
        request.params.id,
        request.query.accountId,
      );
      return success(await templates.updateDraft(record, request.body));
    },
  );

  const actions: Record<string, (ref: TemplateRecord) => Promise<TemplateRecord>> = {
    publish: (ref) => templates.publish(ref),
    unpublish: (ref) => templates.setStatus(ref, 'unpublished'),
    archive: (ref) => templates.setStatus(ref, 'archived'),
  };
  for (const [name, act] of Object.entries(actions)) {
    app.post<{ Params: { id: string } } & AccountQuery>(
      `/templates/:id/${name}`,
      { config: { emptyBody: true }, schema: { ...hide, params: idParams, querystring: accountQuery } },
      async (request) => {
        const record = await templateFor(
          templates,
          sessionOf(request),
          request.params.id,
          request.query.accountId,
        );
        return success(await act(record));
      },
    );
  }

  app.delete<{ Params: { id: string } } & AccountQuery>(
    '/templates/:id/draft',
    { schema: { ...hide, params: idParams, querystring: accountQuery } },
    async (request) => {
      const record = await templateFor(
        templates,
        sessionOf(request),
        request.params.id,
        request.query.accountId,
      );
      return success(await templates.discardDraft(record));
    },
  );

  app.get<{ Params: { id: string; revision: string } } & AccountQuery>(
    '/templates/:id/revisions/:revision',
    {
      schema: {
        ...hide,
        params: {
          type: 'object',
          required: ['id', 'revision'],
          properties: { id: { type: 'string' }, revision: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } },
        },
        querystring: accountQuery,
      },
    },
    async (request) => {
      const record = await templateFor(
        templates,
        sessionOf(request),
        request.params.id,
        request.query.accountId,
      );
      const revision = Number(request.params.revision);
      const version = await store.getPublishedRevision(record.accountId, record.id, revision);
      if (!version)
        throw apiError('NOT_FOUND', `revision ${revision} was never published, or is no longer kept`);
      return success(version);
    },
  );

  app.post<{ Params: { id: string }; Body: { revision: number } } & AccountQuery>(
    '/templates/:id/restore',
    {
      schema: {
        ...hide,
        params: idParams,
        querystring: accountQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['revision'],
          properties: { revision: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (request) => {
      const record = await templateFor(
        templates,
        sessionOf(request),
        request.params.id,
        request.query.accountId,
      );
      const version = await store.getPublishedRevision(record.accountId, record.id, request.body.revision);
      if (!version) {
        throw apiError(
          'NOT_FOUND',
          `revision ${request.body.revision} was never published, or is no longer kept`,
        );
      }
      const { revision: _published, ...fields } = version;
      return success(await templates.updateDraft(record, fields));
    },
  );

  app.post<{ Params: { id: string }; Body: ValuesBody } & AccountQuery>(
    '/templates/:id/snippets',
    {
      schema: {
        ...hide,
        params: idParams,
        querystring: accountQuery,
        body: valuesBody,
      },
    },
    async (request) => {
      const template = await templateFor(
        templates,
        sessionOf(request),
        request.params.id,
        request.query.accountId,
      );
      const baseUrl = deps.publicUrl ?? `${request.protocol}://${request.host}`;
      return success(
        await buildSnippets({
          store,
          signingSecret: deps.signingSecret,
          baseUrl,
          template,
          values: request.body.values ?? {},
        }),
      );
    },
  );

  app.post<{ Body: PreviewRequest }>(
    '/preview',
    {
      schema: {
        ...hide,
        body: previewBody(limits),
      },
    },
    async (request, reply) => previewRoute(request, reply),
  );

  /**
   * A preview costs what a render costs in fairness, though it uses no unit: the account needs a valid package, it
   * waits its turn for a worker, pays the time-limit penalty, is counted per account (every session and sign-in of
   * it together), has its own size cap, and is dropped when its client leaves.
   */
  async function previewRoute(request: FastifyRequest<{ Body: PreviewRequest }>, reply: FastifyReply) {
    const session = sessionOf(request);
    const { width, height } = request.body;
    if (width * height > limits.studioPreviewMaxPixels) {
      throw apiError(
        'INVALID_PARAMETER',
        `width × height: a preview may have at most ${limits.studioPreviewMaxPixels} pixels (PICTOR_STUDIO_PREVIEW_MAX_PIXELS), got ${width} × ${height}; render larger images through the API`,
      );
    }
    const accountId = session.accountId ?? undefined;
    if (accountId !== undefined) {
      const usage = await store.usage(accountId, new Date(deps.now()));
      if (usage.packages.length === 0) {
        throw apiError(
          'NO_PACKAGE',
          'preview: this account has no valid resource package (none, used up, or expired); previews use no unit but need one: ask for a new package',
        );
      }
      deps.timeouts.check(accountId);
    }
    const tenant = accountId ?? 'studio-admin';
    const check = await deps.previews.take(`studio-preview:${tenant}`);
    if (!check.ok) {
      throw apiError(
        'RATE_LIMITED',
        `preview: at most ${limits.studioPreviewRateMax} previews a minute per account; retry after ${check.retryAfterSeconds} s`,
        { 'retry-after': String(check.retryAfterSeconds) },
      );
    }
    try {
      return success(
        await renderPreview(deps.renderer, limits, request.body, tenant, clientGoneSignal(reply)),
      );
    } catch (error) {
      if (accountId !== undefined && stoppedByTimeLimit(error)) await deps.timeouts.record(accountId);
      const known = toApiError(error);
      if (!known) throw error;
      // The envelope, plus where the problem is (field, rule, line) for the editor to point at.
      for (const [name, value] of Object.entries(known.headers)) reply.header(name, value);
      return reply
        .code(known.statusCode)
        .send({ code: known.code, message: known.message, data: problemOf(error) ?? {} });
    }
  }
}
