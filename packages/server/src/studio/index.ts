/** The template studio: the page at `/studio` and its API at `/studio/api`, on the same process and port. */
import cookie from '@fastify/cookie';
import type { Renderer } from '@pictor/core';
import type { FastifyInstance } from 'fastify';
import type { ServerLimits } from '../config.js';
import type { SignInLimits } from '../services/sign-in-limits.js';
import type { TemplateAdmin } from '../services/template-admin.js';
import type { TimeoutPenalty } from '../services/timeout-penalty.js';
import { windowCounters } from '../services/window-counter.js';
import type { Store } from '../db/types.js';
import type { BatchService } from '../batches/batch-service.js';
import type { ObjectStorage } from '../storage/types.js';
import { studioAccessHook } from './access.js';
import { registerStudioPage } from './assets.js';
import { registerStudioBatchApi } from './batch-routes.js';
import { registerStudioApi } from './routes.js';
import { createStudioSessions } from './sessions.js';

export interface StudioDeps {
  store: Store;
  /** Where batch images are kept (the Batch tab's zip). */
  storage: ObjectStorage;
  /** The batch service of the public API (the Batch tab starts batches through it). */
  batches: BatchService;
  renderer: Renderer;
  templates: TemplateAdmin;
  limits: ServerLimits;
  signingSecret: string;
  adminTokenHash: Buffer;
  /** Failed sign-ins, counted with the admin API's failed tokens. */
  signInLimits: SignInLimits;
  publicUrl: string | undefined;
  /** Count previews in the store (several nodes), else in memory. */
  sharedLimits: boolean;
  /** The time-limit penalty renders pay (previews pay it too). */
  timeouts: TimeoutPenalty;
  now: () => number;
}

/** Window of the preview rate limit. */
const PREVIEW_WINDOW_MS = 60_000;

/** Register the studio page and API. */
export async function registerStudio(app: FastifyInstance, deps: StudioDeps): Promise<void> {
  const { limits, now } = deps;
  const counter = windowCounters(deps.store, deps.sharedLimits, now);
  const sessions = createStudioSessions({
    store: deps.store,
    adminTokenHash: deps.adminTokenHash,
    signingSecret: deps.signingSecret,
    limits,
    signInLimits: deps.signInLimits,
    now,
  });
  await registerStudioPage(app);
  await app.register(
    async (scope) => {
      await scope.register(cookie);
      scope.addHook('onRequest', studioAccessHook(sessions));
      registerStudioApi(scope, {
        store: deps.store,
        sessions,
        templates: deps.templates,
        renderer: deps.renderer,
        limits,
        signingSecret: deps.signingSecret,
        previews: counter(limits.studioPreviewRateMax, PREVIEW_WINDOW_MS),
        timeouts: deps.timeouts,
        publicUrl: deps.publicUrl,
        secureCookie: (request) =>
          request.protocol === 'https' || (deps.publicUrl?.startsWith('https:') ?? false),
        now,
      });
      registerStudioBatchApi(scope, {
        store: deps.store,
        storage: deps.storage,
        batches: deps.batches,
        templates: deps.templates,
        limits,
      });
    },
    { prefix: '/studio/api' },
  );
}
