/**
 * The studio's Batch tab API: check rows against a template's variables (the batch service's own checks, every
 * item's problem named), start a batch through the batch service (charged to the template's account, as the public
 * API charges it), follow it, cancel it and download its zip. Guarded like every studio route (session, CSRF, origin).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerLimits } from '../config.js';
import type { Store } from '../db/types.js';
import { batchArchive } from '../batches/batch-archive.js';
import type { BatchService, SubmitBatchRequest } from '../batches/batch-service.js';
import { validationFormatter } from '../http/validation-message.js';
import { batchRules } from '../schemas/batches.js';
import { success } from '../schemas/envelope.js';
import { batchRowsBody } from '../schemas/studio.js';
import type { TemplateAdmin } from '../services/template-admin.js';
import type { ObjectStorage } from '../storage/types.js';
import { accountFor, sessionOf, templateFor } from './access.js';

export interface StudioBatchDeps {
  store: Store;
  storage: ObjectStorage;
  batches: BatchService;
  templates: TemplateAdmin;
  limits: ServerLimits;
}

/** Item problems answered by a check (the rest are counted as `more`). */
const PROBLEMS_SHOWN = 100;

type Rows = Pick<SubmitBatchRequest, 'items' | 'useDraft'>;
const hide = { hide: true };
const accountQuery = { type: 'object', properties: { accountId: { type: 'string', maxLength: 200 } } };
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 200 } } };

export function registerStudioBatchApi(app: FastifyInstance, deps: StudioBatchDeps): void {
  const { store, batches, templates, limits } = deps;
  const rowsRoute = {
    schemaErrorFormatter: validationFormatter(batchRules(limits)),
    schema: { ...hide, params: idParams, querystring: accountQuery, body: batchRowsBody(limits) },
  };
  type RowsRequest = { Params: { id: string }; Querystring: { accountId?: string }; Body: Rows };

  app.post<RowsRequest>('/templates/:id/batches/check', rowsRoute, async (request) => {
    const template = await templateFor(
      templates,
      sessionOf(request),
      request.params.id,
      request.query.accountId,
    );
    const { problems, more } = await batches.check(
      template.accountId,
      { templateId: template.id, ...request.body },
      PROBLEMS_SHOWN,
    );
    return success({ total: request.body.items.length, problems, more });
  });

  app.post<RowsRequest>('/templates/:id/batches', rowsRoute, async (request, reply) => {
    const template = await templateFor(
      templates,
      sessionOf(request),
      request.params.id,
      request.query.accountId,
    );
    const batch = await batches.submit(template.accountId, { templateId: template.id, ...request.body });
    return reply.code(202).send(success(batch));
  });

  type BatchRequest = { Params: { id: string }; Querystring: { accountId?: string } };
  const batchRoute = { schema: { ...hide, params: idParams, querystring: accountQuery } };
  const accountOf = (request: FastifyRequest<BatchRequest>) =>
    accountFor(store, sessionOf(request), request.query.accountId);

  app.get<BatchRequest>('/batches/:id', batchRoute, async (request) =>
    success(await batches.get(await accountOf(request), request.params.id)),
  );

  app.delete<BatchRequest>('/batches/:id', batchRoute, async (request) =>
    success(await batches.cancel(await accountOf(request), request.params.id)),
  );

  app.get<BatchRequest>('/batches/:id/archive', batchRoute, async (request, reply) => {
    const batch = await batches.record(await accountOf(request), request.params.id);
    const stream = batchArchive(batch.id, {
      store,
      storage: deps.storage,
      onError: (error) => request.log.error({ err: error }, 'studio batch archive: writing the zip failed'),
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${batch.id}.zip"`)
      .send(stream);
  });
}
