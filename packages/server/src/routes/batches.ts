/** Batches (docs/contract/decisions.md "Batches"): submit, the batch object, items, archive, cancel, webhook deliveries. Thin. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerLimits } from '../config.js';
import type { BatchItemStatus } from '../db/types.js';
import { apiError } from '../errors.js';
import { apiKeyHook } from '../http/auth.js';
import { requireContentType } from '../http/json-body.js';
import { validationFormatter } from '../http/validation-message.js';
import type { Store } from '../db/types.js';
import type { ObjectStorage } from '../storage/types.js';
import { batchArchive } from '../batches/batch-archive.js';
import type { BatchService, SubmitBatchRequest } from '../batches/batch-service.js';
import { success } from '../schemas/envelope.js';
import { batchRules, submitBatchBody } from '../schemas/batches.js';

export interface BatchRoutesOptions {
  store: Store;
  storage: ObjectStorage;
  batches: BatchService;
  limits: ServerLimits;
}

const ITEM_STATUSES: readonly BatchItemStatus[] = ['pending', 'done', 'failed', 'cancelled'];
/** Items per page of the listing. */
const LIMIT_MIN = 1;
const LIMIT_MAX = 1_000;
const LIMIT_DEFAULT = 100;

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', description: 'Batch id (bat_…)' } },
  required: ['id'],
};

function parseListQuery(query: Record<string, string | undefined>): {
  status?: BatchItemStatus;
  cursor?: string;
  limit: number;
} {
  const { status, cursor, limit } = query;
  if (status !== undefined && status !== '' && !ITEM_STATUSES.includes(status as BatchItemStatus))
    throw apiError('INVALID_PARAMETER', `status: must be one of ${ITEM_STATUSES.join(', ')}`);
  let pageSize = LIMIT_DEFAULT;
  if (limit !== undefined) {
    pageSize = /^\d{1,7}$/.test(limit) ? Number(limit) : Number.NaN;
    if (!(pageSize >= LIMIT_MIN && pageSize <= LIMIT_MAX))
      throw apiError('INVALID_PARAMETER', `limit: must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}`);
  }
  return {
    ...(status ? { status: status as BatchItemStatus } : {}),
    ...(cursor ? { cursor } : {}),
    limit: pageSize,
  };
}

/** Register the batch routes under `/open/v1/images/batches`. */
export function registerBatchRoutes(app: FastifyInstance, options: BatchRoutesOptions): void {
  const { batches, limits } = options;
  const auth = { onRequest: apiKeyHook(options.store), config: { rateLimit: {} } };
  const schema = { tags: ['batches'], security: [{ apiKey: [] }] };
  const accountOf = (request: FastifyRequest) => request.caller!.accountId;

  app.post<{ Body: SubmitBatchRequest }>(
    '/open/v1/images/batches',
    {
      ...auth,
      preValidation: requireContentType,
      schemaErrorFormatter: validationFormatter(batchRules(limits)),
      schema: {
        ...schema,
        operationId: 'createBatch',
        summary: 'Submit a batch: many images from one template, rendered in the background (202)',
        body: submitBatchBody(limits),
      },
    },
    async (request, reply: FastifyReply) => {
      const batch = await batches.submit(accountOf(request), request.body);
      return reply.code(202).send(success(batch));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/open/v1/images/batches/:id',
    {
      ...auth,
      schema: { ...schema, operationId: 'getBatch', summary: 'The batch object', params: idParams },
    },
    async (request) => success(await batches.get(accountOf(request), request.params.id)),
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
    '/open/v1/images/batches/:id/items',
    {
      ...auth,
      schema: {
        ...schema,
        operationId: 'listBatchItems',
        summary: 'Items in submission order, done ones with a signed link (cursor pages)',
        params: idParams,
      },
    },
    async (request) =>
      success(
        await batches.items(accountOf(request), request.params.id, parseListQuery(request.query ?? {})),
      ),
  );

  app.get<{ Params: { id: string } }>(
    '/open/v1/images/batches/:id/archive',
    {
      ...auth,
      schema: {
        ...schema,
        operationId: 'getBatchArchive',
        summary: 'A zip of the done items and manifest.json, streamed',
        params: idParams,
      },
    },
    async (request, reply) => {
      const batch = await batches.record(accountOf(request), request.params.id);
      const stream = batchArchive(batch.id, {
        store: options.store,
        storage: options.storage,
        onError: (error) => request.log.error({ err: error }, 'batch archive: writing the zip failed'),
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${batch.id}.zip"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/open/v1/images/batches/:id',
    {
      ...auth,
      schema: {
        ...schema,
        operationId: 'cancelBatch',
        summary: 'Cancel the pending items',
        params: idParams,
      },
    },
    async (request) => success(await batches.cancel(accountOf(request), request.params.id)),
  );

  app.get<{ Params: { id: string } }>(
    '/open/v1/images/batches/:id/webhook-deliveries',
    {
      ...auth,
      schema: {
        ...schema,
        operationId: 'listBatchWebhookDeliveries',
        summary: "The batch's webhook deliveries with every attempt (status, error)",
        params: idParams,
      },
    },
    async (request) => {
      const deliveries = await batches.deliveries(accountOf(request), request.params.id);
      return success({
        deliveries: deliveries.map((d) => ({
          id: d.id,
          url: d.url,
          status: d.status,
          attempts: d.attempts,
          ...(d.status === 'pending' ? { nextAttemptAt: d.nextAttemptAt.toISOString() } : {}),
          log: d.log,
        })),
      });
    },
  );
}
