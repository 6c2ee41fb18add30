/** `buildApp(config, deps)`: the Fastify instance with every route, ready to listen. No listen, no process.env. */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import { parseAllowList, type Renderer } from '@pictor/core';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { defaultPublicUrl, type ServerConfig } from './config.js';
import { apiError } from './errors.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerJsonBody } from './http/json-body.js';
import { sharedRateLimitStore } from './http/shared-rate-limit.js';
import { createLogger, RequestLogController, registerAbortLog } from './http/logging.js';
import { registerOpenApi } from './openapi.js';
import { registerAdminRoutes } from './routes/admin/index.js';
import { registerFileRoutes } from './routes/files.js';
import { registerHealthRoute } from './routes/health.js';
import { registerHomeRoute } from './routes/home.js';
import { registerImageUrlRoutes } from './routes/img.js';
import { registerRenderRoutes } from './routes/render.js';
import { registerBatchRoutes } from './routes/batches.js';
import type { BatchQueue } from './batches/batch-queue.js';
import { createBatchService } from './batches/batch-service.js';
import { createAccountAdmin } from './services/account-admin.js';
import { createImageUrlService } from './services/image-urls.js';
import { createRenderService } from './services/render-service.js';
import { createSignInLimits } from './services/sign-in-limits.js';
import { createTemplateAdmin } from './services/template-admin.js';
import { createTemplateService, type TemplateService } from './services/template-service.js';
import { createTimeoutPenalty, TIMEOUT_PENALTY_WINDOW_MS } from './services/timeout-penalty.js';
import { createUrlKeyAdmin } from './services/url-keys.js';
import { windowCounters } from './services/window-counter.js';
import { registerStudio } from './studio/index.js';
import type { ObjectStorage } from './storage/types.js';
import type { Store } from './db/types.js';
import { SERVER_VERSION } from './version.js';

/** Time to receive a whole request from the client (headers and body; not the render): 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** What the app runs on; everything with state is passed in, so tests use real parts with their own clock. */
export interface AppDeps {
  store: Store;
  storage: ObjectStorage;
  renderer: Renderer;
  /** HMAC key of file links. */
  signingSecret: string;
  /** SHA-256 of the admin token. */
  adminTokenHash: Buffer;
  /** Clock in ms for links, quota and usage; default `Date.now`. */
  now?: () => number;
  /** A pino logger to use; default a new one at `config.logLevel` writing JSON to stdout. */
  logger?: FastifyBaseLogger;
  /**
   * Count rate limits in the store, so every node on the database counts in the same windows (set with PostgreSQL);
   * default false: in this process's memory.
   */
  sharedLimits?: boolean;
  /** Told when a batch was accepted (this node's batch runner looks for work at once). */
  onBatchSubmitted?: () => void;
  /** The batch queue when it is not the table (pg-boss on PostgreSQL). */
  batchQueue?: BatchQueue;
}

/** The app and the services tests and the server may want to reach. */
export interface PictorApp extends FastifyInstance {
  pictor: { templates: TemplateService };
}

function listeningUrl(app: FastifyInstance, host: string): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address || typeof address === 'string') throw new Error('the server is not listening yet');
  return defaultPublicUrl(host, address.port);
}

/**
 * Build the Fastify instance: JSON body parsing, the envelope on every error, rate limits per key,
 * the two render operations, files, admin, health and `/openapi.json`.
 *
 * @example const app = await buildApp(config, { store, storage, renderer, signingSecret, adminTokenHash });
 * await app.listen({ port: 0, host: '127.0.0.1' });
 */
export async function buildApp(config: Readonly<ServerConfig>, deps: AppDeps): Promise<PictorApp> {
  const now = deps.now ?? Date.now;
  const { limits } = config;
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config.logLevel),
    // One line per request instead of Fastify's two.
    logController: new RequestLogController(),
    bodyLimit: limits.bodyLimit,
    // The client address (request.ip) and protocol (X-Forwarded-Proto) behind the proxies PICTOR_TRUST_PROXY names.
    trustProxy: config.trustProxy,
    // Time to receive a whole request (headers and body) from the client, rendering not included. Fastify's
    // default 0 turns Node's limit off, so a client sending a body slowly, or never, held its connection forever.
    requestTimeout: REQUEST_TIMEOUT_MS,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 500 },
    return503OnClosing: false,
    // A path that cannot be decoded never reaches a route: answer the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const known = apiError(
        'INVALID_PARAMETER',
        `URL: ${error.code === 'FST_ERR_BAD_URL' ? 'is not a valid URL (bad percent-encoding)' : 'is invalid'}`,
      );
      (reply as FastifyReply).code(known.statusCode).send(known.toEnvelope());
    },
    ajv: {
      // unicode: false: maxLength counts UTF-16 units; counting code points of a 2 MiB `content` costs ms per request.
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: true,
        allErrors: false,
        unicode: false,
        // ajv calls the option deprecated (it still works) and says so on stderr once per start: keep the JSON
        // log clean of that one notice; every other ajv warning still goes out.
        logger: {
          log: console.log,
          warn: (...args: unknown[]) => {
            if (!String(args[0]).startsWith('DEPRECATED: option unicode')) console.warn(...args);
          },
          error: console.error,
        },
      },
    },
  }) as unknown as PictorApp;

  // Once closing, answers ask the client to close its connection, so a keep-alive connection of
  // an in-flight request does not hold the shutdown open after its response.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Requests that still arrive on open connections while closing get the envelope, not Fastify's own 503.
  app.addHook('onRequest', async () => {
    if (closing)
      throw apiError('OVERLOADED', 'the server is shutting down; retry shortly', { 'retry-after': '1' });
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
  registerAbortLog(app);
  registerJsonBody(app);
  registerErrorHandling(app, limits.bodyLimit);
  await registerOpenApi(app, SERVER_VERSION);
  await app.register(rateLimit, {
    global: false,
    ...(deps.sharedLimits ? { store: sharedRateLimitStore(deps.store, now) } : {}),
    hook: 'preParsing',
    max: limits.rateLimitMax,
    timeWindow: limits.rateLimitWindowMs,
    keyGenerator: (request) => (request.caller ? `key:${request.caller.keyId}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      apiError(
        'RATE_LIMITED',
        `rate limit: at most ${context.max} requests per ${limits.rateLimitWindowMs / 1000} s for this key; retry after ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
        { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      ),
  });

  // Templates are compiled and filled in the render workers, in the account's turn: never on this event loop.
  const templates = createTemplateService(deps.store, {
    fill: (template, variables, accountId) =>
      deps.renderer.fillTemplate(template, variables, { tenant: accountId }),
  });
  let listening: string | undefined;
  // Known from the moment the socket listens: links are signed after renders, which may finish while the server is
  // closing and the socket no longer has an address.
  app.addHook('onListen', async () => {
    listening ??= config.publicUrl ?? listeningUrl(app, config.host);
  });
  const windowCounter = windowCounters(deps.store, deps.sharedLimits === true, now);
  const timeouts = createTimeoutPenalty(
    windowCounter(limits.timeoutPenaltyMax, TIMEOUT_PENALTY_WINDOW_MS),
    limits.timeoutPenaltyMax,
    now,
  );
  const renderService = createRenderService({
    store: deps.store,
    storage: deps.storage,
    renderer: deps.renderer,
    templates,
    limits,
    signingSecret: deps.signingSecret,
    publicUrl: () => {
      // The listening address cannot change once known: asked once (server.address() took ~1% of the event loop).
      listening ??= config.publicUrl ?? listeningUrl(app, config.host);
      return listening;
    },
    now,
    timeouts,
  });
  app.decorate('pictor', { templates });

  registerRenderRoutes(app, { store: deps.store, renderService, limits });
  const batches = createBatchService({
    store: deps.store,
    templates,
    limits,
    signingSecret: deps.signingSecret,
    publicUrl: () => {
      listening ??= config.publicUrl ?? listeningUrl(app, config.host);
      return listening;
    },
    now,
    allow: parseAllowList(limits.fetchAllowList),
    ...(deps.onBatchSubmitted ? { onSubmitted: deps.onBatchSubmitted } : {}),
    ...(deps.batchQueue ? { queue: deps.batchQueue } : {}),
  });
  registerBatchRoutes(app, { store: deps.store, storage: deps.storage, limits, batches });
  registerFileRoutes(app, { storage: deps.storage, signingSecret: deps.signingSecret, now });
  registerImageUrlRoutes(
    app,
    createImageUrlService({
      store: deps.store,
      storage: deps.storage,
      renderer: deps.renderer,
      templates,
      limits,
      signingSecret: deps.signingSecret,
      now,
      sharedLimits: deps.sharedLimits === true,
      timeouts,
      onBackgroundError: (error) => app.log.error({ err: error }, 'image URL: keeping a stored image failed'),
    }),
  );
  registerHealthRoute(app, deps.renderer);
  registerHomeRoute(app, { studio: config.studio });
  const templateAdmin = createTemplateAdmin(deps.store, limits, (definition, accountId) =>
    deps.renderer.checkTemplate(definition, { tenant: accountId }),
  );
  const signInLimits = createSignInLimits({
    ...(deps.sharedLimits ? { counts: deps.store } : {}),
    free: limits.studioSignInFailuresMax,
    now,
  });
  await registerAdminRoutes(app, {
    adminTokenHash: deps.adminTokenHash,
    signInLimits,
    accounts: createAccountAdmin(deps.store, now, deps.signingSecret),
    urlKeys: createUrlKeyAdmin(deps.store, deps.signingSecret),
    templates: templateAdmin,
    limits,
  });
  if (config.studio) {
    await registerStudio(app, {
      store: deps.store,
      storage: deps.storage,
      batches,
      renderer: deps.renderer,
      templates: templateAdmin,
      limits,
      signingSecret: deps.signingSecret,
      adminTokenHash: deps.adminTokenHash,
      signInLimits,
      publicUrl: config.publicUrl,
      sharedLimits: deps.sharedLimits === true,
      timeouts,
      now,
    });
  }
  return app;
}
