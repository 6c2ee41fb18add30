/**
 * Batches without HTTP (docs/contract/decisions.md "Batches"): submit (the whole batch checked before anything is kept), the
 * batch object, the items listing with signed links, cancel, and the webhook deliveries. Rendering is the runner's.
 */
import type { BatchQueue } from './batch-queue.js';
import { type AllowList, CONTENT_TYPES } from '@pictor/core';
import type { ServerLimits } from '../config.js';
import type {
  BatchItemRecord,
  BatchItemRequest,
  BatchItemStatus,
  BatchOptions,
  BatchRecord,
  Store,
  WebhookDelivery,
} from '../db/types.js';
import { apiError, isPictorError } from '../errors.js';
import { createFileLink } from '../services/links.js';
import { checkPixels, keepMsOf } from '../services/render-job.js';
import type { TemplateService } from '../services/template-service.js';
import { type BatchObject, batchFinishedWebhook, toBatchObject } from './batch-object.js';
import type { ItemProblem } from './batch-shapes.js';

export type { ItemProblem };
import { checkedAddresses, WebhookAddressError } from './webhook-address.js';

/** Body of `POST /open/v1/images/batches` (already schema-checked). */
export interface SubmitBatchRequest extends BatchOptions {
  templateId: string;
  items: (BatchItemRequest & { id?: string })[];
  useDraft?: boolean;
  webhook?: { url: string };
}

/** One item of the listing. */
export interface ListedItem {
  id: string;
  status: BatchItemStatus;
  url?: string;
  width?: number;
  height?: number;
  format?: string;
  contentType?: string;
  /** The image's size in bytes. */
  bytes?: number;
  expiresAt?: string;
  code?: number;
  message?: string;
}

export interface BatchServiceDeps {
  store: Store;
  templates: TemplateService;
  limits: ServerLimits;
  signingSecret: string;
  publicUrl: () => string;
  now: () => number;
  allow: AllowList;
  /** Told when a batch was accepted (the local runner looks for work at once). */
  onSubmitted?: () => void;
  /** The queue that delivers items when it is not the table (pg-boss on PostgreSQL). */
  queue?: BatchQueue;
}

/** Template variables checked at once per batch (each check is a fill in a render worker). */
const CHECKS_AT_ONCE = 8;

/** The opaque `nextCursor` of a page ending at `seq`, and back. */
export function cursorOf(seq: number): string {
  return Buffer.from(`s${seq}`).toString('base64url');
}

function seqOfCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^s(0|[1-9]\d{0,8})$/.test(text))
    throw apiError('INVALID_PARAMETER', 'cursor: must be the nextCursor of an earlier page of this listing');
  return Number(text.slice(1));
}

export interface BatchService {
  /**
   * Check a batch as submit would, without keeping it: the whole-batch problems (template 404/409, ids used twice)
   * are thrown; every item's problem (pixels, variables) is answered, in item order, at most `limit` of them.
   */
  check(
    accountId: string,
    request: Omit<SubmitBatchRequest, 'webhook'>,
    limit: number,
  ): Promise<{ problems: ItemProblem[]; more: boolean }>;
  submit(accountId: string, request: SubmitBatchRequest): Promise<BatchObject>;
  get(accountId: string, id: string): Promise<BatchObject>;
  /** The batch record (for the archive). @throws ApiError NOT_FOUND */
  record(accountId: string, id: string): Promise<BatchRecord>;
  items(
    accountId: string,
    id: string,
    query: { status?: BatchItemStatus; cursor?: string; limit: number },
  ): Promise<{ items: ListedItem[]; nextCursor?: string }>;
  cancel(accountId: string, id: string): Promise<BatchObject>;
  deliveries(accountId: string, id: string): Promise<WebhookDelivery[]>;
}

/** An item without its link (the archive's manifest), or with one. */
export function listedItem(item: BatchItemRecord, link?: { url: string; expiresAt: string }): ListedItem {
  const out: ListedItem = { id: item.id, status: item.status };
  if (item.status === 'done' && item.format !== null) {
    if (link) out.url = link.url;
    out.width = item.width ?? undefined;
    out.height = item.height ?? undefined;
    out.format = item.format;
    out.contentType = CONTENT_TYPES[item.format];
    if (item.bytes !== null) out.bytes = item.bytes;
    if (link) out.expiresAt = link.expiresAt;
  }
  if (item.status === 'failed') {
    out.code = item.code ?? undefined;
    out.message = item.message ?? undefined;
  }
  return out;
}

export function createBatchService(deps: BatchServiceDeps): BatchService {
  const { store, limits } = deps;

  async function record(accountId: string, id: string): Promise<BatchRecord> {
    const batch = await store.getBatch(accountId, id);
    if (!batch) throw apiError('NOT_FOUND', `batch ${JSON.stringify(id)} not found`);
    return batch;
  }

  /** `items[7].id: is used twice` for the first id seen before. */
  function checkIds(items: SubmitBatchRequest['items']): string[] {
    const seen = new Map<string, number>();
    return items.map((item, index) => {
      const id = item.id ?? String(index);
      const first = seen.get(id);
      if (first !== undefined)
        throw apiError(
          'INVALID_PARAMETER',
          `items[${index}].id: is used twice (${JSON.stringify(id)} is also the id of items[${first}]); ids must be unique within the batch`,
        );
      seen.set(id, index);
      return id;
    });
  }

  async function checkWebhook(url: string): Promise<void> {
    try {
      await checkedAddresses(new URL(url), deps.allow);
    } catch (error) {
      if (error instanceof WebhookAddressError)
        throw apiError('INVALID_PARAMETER', `webhook.url: ${error.message}`);
      throw apiError('INVALID_PARAMETER', 'webhook.url: must be an http or https URL');
    }
  }

  function problem(item: number, message: string): ItemProblem {
    const field = /^items\[\d+\]\.([^:]*):/.exec(message)?.[1] ?? '';
    return { item, field, message };
  }

  /**
   * The items' problems in order (pixels of every item, then variables), at most `limit`: each item's variables as
   * a single render would check them (a fill in a render worker, 8 at a time).
   */
  async function itemProblems(
    accountId: string,
    request: Omit<SubmitBatchRequest, 'webhook'>,
    limit: number,
  ): Promise<ItemProblem[]> {
    const { version, fill } = await deps.templates.resolve(
      accountId,
      request.templateId,
      request.useDraft === true,
    );
    const problems: ItemProblem[] = [];
    request.items.forEach((item, index) => {
      const scale = item.scale ?? request.scale;
      try {
        checkPixels(item.width ?? version.width, item.height ?? version.height, scale, limits, {
          width: `items[${index}].width`,
          height: `items[${index}].height`,
          scale: `items[${index}].scale`,
        });
      } catch (error) {
        if (problems.length < limit) problems.push(problem(index, (error as Error).message));
      }
    });
    for (let start = 0; start < request.items.length && problems.length < limit; start += CHECKS_AT_ONCE) {
      const chunk = request.items.slice(start, start + CHECKS_AT_ONCE);
      const outcomes = await Promise.allSettled(chunk.map((item) => fill(item.variables)));
      outcomes.forEach((outcome, offset) => {
        if (outcome.status === 'fulfilled') return;
        const error = outcome.reason;
        if (!(isPictorError(error) && (error.code === 'VARIABLE_INVALID' || error.code === 'INVALID_INPUT')))
          throw error;
        if (problems.length < limit)
          problems.push(problem(start + offset, `items[${start + offset}].${error.message}`));
      });
    }
    return problems;
  }

  return {
    async check(accountId, request, limit) {
      checkIds(request.items);
      const problems = await itemProblems(accountId, request, limit + 1);
      return { problems: problems.slice(0, limit), more: problems.length > limit };
    },

    async submit(accountId, request) {
      const ids = checkIds(request.items);
      if (request.webhook) await checkWebhook(request.webhook.url);
      // The first invalid item (in order) is named.
      const [first] = await itemProblems(accountId, request, 1);
      if (first) throw apiError('INVALID_PARAMETER', first.message);
      const options: BatchOptions = {};
      if (request.format !== undefined) options.format = request.format;
      if (request.quality !== undefined) options.quality = request.quality;
      if (request.maxBytes !== undefined) options.maxBytes = request.maxBytes;
      if (request.scale !== undefined) options.scale = request.scale;
      const batch = await store.createBatch(
        {
          accountId,
          templateId: request.templateId,
          useDraft: request.useDraft === true,
          options,
          webhookUrl: request.webhook?.url ?? null,
          items: request.items.map(({ id: _id, ...item }, index) => ({ id: ids[index]!, request: item })),
        },
        new Date(deps.now()),
        deps.queue?.onInsert,
      );
      deps.onSubmitted?.();
      return toBatchObject(batch);
    },

    async get(accountId, id) {
      return toBatchObject(await record(accountId, id));
    },

    record,

    async items(accountId, id, query) {
      await record(accountId, id);
      const afterSeq = query.cursor === undefined ? -1 : seqOfCursor(query.cursor);
      const rows = await store.listBatchItems(id, {
        ...(query.status ? { status: query.status } : {}),
        afterSeq,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      // Each link is valid for the batch link lifetime from now: its object is kept at least that long.
      const keepUntil = new Date(deps.now() + limits.batchLinkTtlSeconds * 1000 + keepMsOf(limits));
      const keys = [...new Set(page.filter((i) => i.status === 'done').map((i) => i.objectKey as string))];
      await Promise.all(keys.map((key) => store.touchObject(key, keepUntil)));
      const items = page.map((item) => {
        if (item.status !== 'done' || item.objectKey === null) return listedItem(item);
        const link = createFileLink({
          publicUrl: deps.publicUrl(),
          secret: deps.signingSecret,
          objectKey: item.objectKey,
          now: deps.now,
          ttlSeconds: limits.batchLinkTtlSeconds,
        });
        return listedItem(item, { url: link.url, expiresAt: new Date(link.expires * 1000).toISOString() });
      });
      const last = page[page.length - 1];
      return rows.length > query.limit && last ? { items, nextCursor: cursorOf(last.seq) } : { items };
    },

    async cancel(accountId, id) {
      const batch = await store.cancelBatch(
        accountId,
        id,
        new Date(deps.now()),
        batchFinishedWebhook(deps.now),
      );
      if (!batch) throw apiError('NOT_FOUND', `batch ${JSON.stringify(id)} not found`);
      await deps.queue?.cancelled(batch);
      return toBatchObject(batch);
    },

    async deliveries(accountId, id) {
      await record(accountId, id);
      return store.listWebhookDeliveries(id);
    },
  };
}
