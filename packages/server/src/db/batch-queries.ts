/**
 * Batch queries: batches, their items as a durable queue (claims that run out, so a dead node's items are taken
 * over), each item's end committed together with its unit (charged at most once), and webhook deliveries.
 * Correct with many processes on PostgreSQL: every change to a batch's items first locks the batch row.
 */
import { randomBytes } from 'node:crypto';
import { CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  BatchEndHook,
  BatchInsertHook,
  BatchItemOutcome,
  BatchItemRecord,
  BatchItemStatus,
  BatchRecord,
  BatchStatus,
  ClaimedBatchItem,
  NewBatch,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
} from './batch-types.js';
import { StoreError, isForeignKeyViolation } from './errors.js';
import { newId } from './ids.js';
import { commitHeld, releaseHeld } from './quota-queries.js';
import { toIso, toIsoOrNull } from './rows.js';
import type { BatchesTable, Database, WebhookDeliveriesTable } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows inserted per statement (SQLite allows 32,766 parameters; an item row has 6). */
const INSERT_CHUNK = 500;
/** Batches looked at per claim. */
const CLAIM_CANDIDATES = 50;

async function countsOf(db: Db, batchId: string): Promise<Record<BatchItemStatus, number>> {
  const rows = await db
    .selectFrom('batch_items')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('batch_id', '=', batchId)
    .groupBy('status')
    .execute();
  const counts = { pending: 0, done: 0, failed: 0, cancelled: 0 };
  for (const row of rows) counts[row.status as BatchItemStatus] = Number(row.n);
  return counts;
}

async function toBatch(db: Db, row: Selectable<BatchesTable>): Promise<BatchRecord> {
  const counts = await countsOf(db, row.id);
  return {
    id: row.id,
    accountId: row.account_id,
    templateId: row.template_id,
    useDraft: row.use_draft === 1,
    options: JSON.parse(row.options),
    webhookUrl: row.webhook_url,
    status: row.status as BatchStatus,
    total: Number(row.total),
    ...counts,
    createdAt: toIso(row.created_at),
    finishedAt: toIsoOrNull(row.finished_at),
  };
}

function toDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    id: row.id,
    batchId: row.batch_id,
    accountId: row.account_id,
    url: row.url,
    payload: row.payload,
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: new Date(Number(row.next_attempt_at)),
    log: JSON.parse(row.log) as WebhookAttempt[],
  };
}

export async function createBatch(
  db: Kysely<Database>,
  batch: NewBatch,
  now: Date,
  onInsert?: BatchInsertHook,
): Promise<BatchRecord> {
  const id = newId('bat');
  const nowMs = now.getTime();
  await db
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('batches')
        .values({
          id,
          account_id: batch.accountId,
          template_id: batch.templateId,
          use_draft: batch.useDraft ? 1 : 0,
          options: JSON.stringify(batch.options),
          webhook_url: batch.webhookUrl,
          status: 'queued',
          total: batch.items.length,
          turn: 0,
          created_at: nowMs,
          finished_at: null,
        })
        .execute();
      for (let start = 0; start < batch.items.length; start += INSERT_CHUNK) {
        await trx
          .insertInto('batch_items')
          .values(
            batch.items.slice(start, start + INSERT_CHUNK).map((item, offset) => ({
              batch_id: id,
              seq: start + offset,
              item_id: item.id,
              account_id: batch.accountId,
              request: JSON.stringify(item.request),
              status: 'pending',
            })),
          )
          .execute();
      }
      // The queue's own records of the items (pg-boss jobs on PostgreSQL), committed with the rows or not at all.
      await onInsert?.(
        {
          executeSql: async (text, values) => ({
            rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows as Record<string, unknown>[],
          }),
        },
        { id, accountId: batch.accountId, total: batch.items.length },
      );
    })
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error))
        throw new StoreError('not-found', `account "${batch.accountId}" does not exist`, { cause: error });
      throw error;
    });
  // As accepted: a node may claim an item (and mark the batch running) the moment the transaction commits.
  return {
    id,
    accountId: batch.accountId,
    templateId: batch.templateId,
    useDraft: batch.useDraft,
    options: batch.options,
    webhookUrl: batch.webhookUrl,
    status: 'queued',
    total: batch.items.length,
    pending: batch.items.length,
    done: 0,
    failed: 0,
    cancelled: 0,
    createdAt: toIso(nowMs),
    finishedAt: null,
  };
}

async function getBatchById(db: Db, id: string): Promise<BatchRecord | null> {
  const row = await db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toBatch(db, row) : null;
}

export async function getBatch(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<BatchRecord | null> {
  const row = await db
    .selectFrom('batches')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ? toBatch(db, row) : null;
}

export async function listBatchItems(
  db: Kysely<Database>,
  batchId: string,
  query: { status?: BatchItemStatus; afterSeq: number; limit: number },
): Promise<BatchItemRecord[]> {
  let select = db
    .selectFrom('batch_items')
    .select([
      'seq',
      'item_id',
      'status',
      'object_key',
      'width',
      'height',
      'format',
      'bytes',
      'code',
      'message',
    ])
    .where('batch_id', '=', batchId)
    .where('seq', '>', query.afterSeq);
  if (query.status) select = select.where('status', '=', query.status);
  const rows = await select.orderBy('seq', 'asc').limit(query.limit).execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
    id: row.item_id,
    status: row.status as BatchItemStatus,
    objectKey: row.object_key,
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    format: row.format as BatchItemRecord['format'],
    bytes: row.bytes === null ? null : Number(row.bytes),
    code: row.code === null ? null : Number(row.code),
    message: row.message,
  }));
}

/** Lock the batch row (PostgreSQL: until the transaction ends; SQLite: the write lock) and read it. */
async function lockBatch(
  trx: Transaction<Database>,
  id: string,
): Promise<Selectable<BatchesTable> | undefined> {
  return trx
    .updateTable('batches')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** End the batch when nothing is pending any more (its row locked by the caller) and queue its webhook. */
async function endIfFinished(
  trx: Transaction<Database>,
  batchId: string,
  status: 'done' | 'cancelled',
  nowMs: number,
  onEnd: BatchEndHook,
): Promise<void> {
  const ended = await trx
    .updateTable('batches')
    .set({ status, finished_at: nowMs })
    .where('id', '=', batchId)
    .where('status', 'in', ['queued', 'running'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('batch_items')
            .select('seq')
            .where('batch_id', '=', batchId)
            .where('status', '=', 'pending'),
        ),
      ),
    )
    .returningAll()
    .executeTakeFirst();
  if (!ended || ended.webhook_url === null) return;
  const webhook = onEnd(await toBatch(trx, ended));
  if (!webhook) return;
  await trx
    .insertInto('webhook_deliveries')
    .values({
      id: webhook.id,
      batch_id: batchId,
      account_id: ended.account_id,
      url: ended.webhook_url,
      payload: webhook.payload,
      status: 'pending',
      next_attempt_at: nowMs,
      claimed_until: null,
      log: '[]',
      created_at: nowMs,
    })
    .execute();
}

export async function cancelBatch(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  now: Date,
  onEnd: BatchEndHook,
): Promise<BatchRecord | null> {
  return db.transaction().execute(async (trx) => {
    const batch = await lockBatch(trx, id);
    if (!batch || batch.account_id !== accountId) return null;
    await trx
      .updateTable('batch_items')
      .set({ status: 'cancelled', finished_at: now.getTime(), claim: null, claimed_until: null })
      .where('batch_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    await endIfFinished(trx, id, 'cancelled', now.getTime(), onEnd);
    return getBatchById(trx, id);
  });
}

export async function claimBatchItem(
  db: Kysely<Database>,
  now: Date,
  until: Date,
  maxPerAccount: number,
): Promise<ClaimedBatchItem | null> {
  const nowMs = now.getTime();
  const candidates = await db
    .selectFrom('batches')
    .selectAll()
    .where('status', 'in', ['queued', 'running'])
    .orderBy('turn', 'asc')
    .orderBy('created_at', 'asc')
    .limit(CLAIM_CANDIDATES)
    .execute();
  const full = new Set<string>();
  for (const batch of candidates) {
    if (full.has(batch.account_id)) continue;
    const claimed = await db
      .selectFrom('batch_items')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', batch.account_id)
      .where('status', '=', 'pending')
      .where('claimed_until', '>', nowMs)
      .executeTakeFirst();
    if (Number(claimed?.n ?? 0) >= maxPerAccount) {
      full.add(batch.account_id);
      continue;
    }
    // A few tries: another node may take the same first free item between the look and the conditional update.
    for (let attempt = 0; attempt < 5; attempt++) {
      const free = await db
        .selectFrom('batch_items')
        .select(['seq'])
        .where('batch_id', '=', batch.id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowMs)]))
        .orderBy('seq', 'asc')
        .limit(1)
        .executeTakeFirst();
      if (!free) break;
      const taken = await takeItem(db, batch, Number(free.seq), nowMs, until);
      if (typeof taken !== 'string') return taken;
    }
  }
  return null;
}

/** Claim item `seq` of `batch` when it is pending and free; else say whether it has ended or another claim holds it. */
async function takeItem(
  db: Db,
  batch: Selectable<BatchesTable>,
  seq: number,
  nowMs: number,
  until: Date,
): Promise<ClaimedBatchItem | 'ended' | 'held'> {
  const claim = randomBytes(12).toString('base64url');
  const taken = await db
    .updateTable('batch_items')
    .set((eb) => ({ claim, claimed_until: until.getTime(), attempts: eb('attempts', '+', 1) }))
    .where('batch_id', '=', batch.id)
    .where('seq', '=', seq)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowMs)]))
    .returning(['item_id', 'request', 'attempts'])
    .executeTakeFirst();
  if (!taken) {
    const row = await db
      .selectFrom('batch_items')
      .select('status')
      .where('batch_id', '=', batch.id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row?.status === 'pending' ? 'held' : 'ended';
  }
  // The account goes to the back of the turn order; its batch is running.
  await db
    .updateTable('batches')
    .set({ turn: nowMs })
    .where('account_id', '=', batch.account_id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  await db
    .updateTable('batches')
    .set({ status: 'running' })
    .where('id', '=', batch.id)
    .where('status', '=', 'queued')
    .execute();
  return {
    batchId: batch.id,
    seq,
    itemId: taken.item_id,
    accountId: batch.account_id,
    templateId: batch.template_id,
    useDraft: batch.use_draft === 1,
    options: JSON.parse(batch.options),
    request: JSON.parse(taken.request),
    claim,
    attempts: Number(taken.attempts),
  };
}

/** Accounts with batch work, the one served longest ago first, leaving out those holding `maxPerAccount` live claims. */
export async function batchAccountsInTurn(
  db: Kysely<Database>,
  now: Date,
  maxPerAccount: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('batches')
    .select([
      'account_id',
      (eb) => eb.fn.min('turn').as('turn'),
      (eb) => eb.fn.min('created_at').as('created'),
    ])
    .where('status', 'in', ['queued', 'running'])
    .groupBy('account_id')
    .orderBy('turn', 'asc')
    .orderBy('created', 'asc')
    .limit(CLAIM_CANDIDATES)
    .execute();
  const accounts: string[] = [];
  for (const row of rows) {
    const claimed = await db
      .selectFrom('batch_items')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', row.account_id)
      .where('status', '=', 'pending')
      .where('claimed_until', '>', now.getTime())
      .executeTakeFirst();
    if (Number(claimed?.n ?? 0) < maxPerAccount) accounts.push(row.account_id);
  }
  return accounts;
}

/** Claim one named item (a queue delivered it); `ended` when it is no longer pending, `held` when a live claim has it. */
export async function claimBatchItemAt(
  db: Kysely<Database>,
  batchId: string,
  seq: number,
  now: Date,
  until: Date,
): Promise<ClaimedBatchItem | 'ended' | 'held'> {
  const batch = await db.selectFrom('batches').selectAll().where('id', '=', batchId).executeTakeFirst();
  if (!batch || !['queued', 'running'].includes(batch.status)) return 'ended';
  return takeItem(db, batch, seq, now.getTime(), until);
}

export async function finishBatchItem(
  db: Kysely<Database>,
  item: Pick<ClaimedBatchItem, 'batchId' | 'seq' | 'claim'>,
  outcome: BatchItemOutcome,
  reservationId: string | null,
  now: Date,
  onEnd: BatchEndHook,
): Promise<boolean> {
  const nowMs = now.getTime();
  return db.transaction().execute(async (trx) => {
    await lockBatch(trx, item.batchId);
    const values =
      outcome.status === 'done'
        ? {
            status: 'done',
            object_key: outcome.objectKey,
            width: outcome.width,
            height: outcome.height,
            format: outcome.format,
            bytes: outcome.bytes ?? null,
          }
        : { status: 'failed', code: outcome.code, message: outcome.message };
    const kept = await trx
      .updateTable('batch_items')
      .set({ ...values, finished_at: nowMs, claimed_until: null })
      .where('batch_id', '=', item.batchId)
      .where('seq', '=', item.seq)
      .where('status', '=', 'pending')
      .where('claim', '=', item.claim)
      .returning(['seq'])
      .executeTakeFirst();
    if (reservationId !== null) {
      if (kept && outcome.status === 'done') await commitHeld(trx, reservationId);
      else await releaseHeld(trx, reservationId);
    }
    if (!kept) return false;
    await endIfFinished(trx, item.batchId, 'done', nowMs, onEnd);
    return true;
  });
}

export async function renewBatchClaims(
  db: Kysely<Database>,
  items: Pick<ClaimedBatchItem, 'batchId' | 'seq' | 'claim'>[],
  until: Date,
): Promise<void> {
  for (const item of items) {
    await db
      .updateTable('batch_items')
      .set({ claimed_until: until.getTime() })
      .where('batch_id', '=', item.batchId)
      .where('seq', '=', item.seq)
      .where('status', '=', 'pending')
      .where('claim', '=', item.claim)
      .execute();
  }
}

export async function releaseBatchItem(
  db: Kysely<Database>,
  item: Pick<ClaimedBatchItem, 'batchId' | 'seq' | 'claim'>,
): Promise<void> {
  await db
    .updateTable('batch_items')
    .set({ claim: null, claimed_until: null })
    .where('batch_id', '=', item.batchId)
    .where('seq', '=', item.seq)
    .where('claim', '=', item.claim)
    .execute();
}

export async function setWebhookSecretSalt(
  db: Kysely<Database>,
  accountId: string,
  salt: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('webhook_secrets')
    .values({ account_id: accountId, salt, created_at: now.getTime() })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ salt, created_at: now.getTime() }))
    .execute()
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error))
        throw new StoreError('not-found', `account "${accountId}" does not exist`, { cause: error });
      throw error;
    });
}

export async function getWebhookSecretSalt(db: Kysely<Database>, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom('webhook_secrets')
    .select('salt')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.salt ?? null;
}

export async function claimWebhookDelivery(
  db: Kysely<Database>,
  now: Date,
  until: Date,
): Promise<WebhookDelivery | null> {
  const nowMs = now.getTime();
  for (let attempt = 0; attempt < 5; attempt++) {
    const due = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowMs)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowMs)]))
      .orderBy('next_attempt_at', 'asc')
      .limit(1)
      .executeTakeFirst();
    if (!due) return null;
    const taken = await db
      .updateTable('webhook_deliveries')
      .set({ claimed_until: until.getTime() })
      .where('id', '=', due.id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowMs)]))
      .returningAll()
      .executeTakeFirst();
    if (taken) return toDelivery(taken);
  }
  return null;
}

export async function recordWebhookAttempt(
  db: Kysely<Database>,
  id: string,
  attempt: WebhookAttempt,
  delivered: boolean,
  next: Date | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('webhook_deliveries')
      .select('log')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return;
    const log = [...(JSON.parse(row.log) as WebhookAttempt[]), attempt];
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        log: JSON.stringify(log),
        attempts: eb('attempts', '+', 1),
        status: delivered ? 'delivered' : next === null ? 'failed' : 'pending',
        next_attempt_at: next?.getTime() ?? eb.ref('next_attempt_at'),
        claimed_until: null,
      }))
      .where('id', '=', id)
      .execute();
  });
}

export async function listWebhookDeliveries(
  db: Kysely<Database>,
  batchId: string,
): Promise<WebhookDelivery[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('batch_id', '=', batchId)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map(toDelivery);
}
