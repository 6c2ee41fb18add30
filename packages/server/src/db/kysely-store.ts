/** The Store on Kysely: one query layer for SQLite and PostgreSQL. Drivers only build the Kysely instance. */
import { type Kysely, Migrator, sql } from 'kysely';
import { StoreError, isForeignKeyViolation } from './errors.js';
import { newId } from './ids.js';
import { migrationProvider } from './migrations/index.js';
import * as batches from './batch-queries.js';
import * as counters from './counter-queries.js';
import * as objects from './object-queries.js';
import * as quota from './quota-queries.js';
import { toAccount, toApiKey, toPackage } from './rows.js';
import type { Database } from './schema.js';
import * as studio from './studio-queries.js';
import * as templates from './template-queries.js';
import * as urlKeys from './url-key-queries.js';
import type {
  BatchEndHook,
  BatchItemOutcome,
  BatchItemRecord,
  BatchItemStatus,
  BatchRecord,
  ClaimedBatchItem,
  NewBatch,
  BatchInsertHook,
  WebhookAttempt,
  WebhookDelivery,
} from './batch-types.js';
import type {
  Account,
  ApiKeyRecord,
  DraftPatch,
  NewTemplate,
  PublishedRevision,
  Reservation,
  ResourcePackage,
  Store,
  StoredApiKey,
  StudioSession,
  StudioSessionUse,
  TemplateRecord,
  TemplateStamp,
  TemplateVersion,
  UrlKeyRecord,
  Usage,
  WindowCount,
} from './types.js';

export type StoreDialect = 'sqlite' | 'postgres';

export interface KyselyStoreOptions {
  /** The clock for created/updated times (tests inject one). Default: `() => new Date()`. */
  now?: () => Date;
}

function notFoundAccount(accountId: string, error: unknown): never {
  if (isForeignKeyViolation(error)) {
    throw new StoreError('not-found', `account "${accountId}" does not exist`, { cause: error });
  }
  throw error;
}

/** A Store over a Kysely instance whose dialect is SQLite or PostgreSQL (`dialect` says which). */
export class KyselyStore implements Store {
  readonly db: Kysely<Database>;
  readonly dialect: StoreDialect;
  private readonly now: () => Date;

  constructor(db: Kysely<Database>, dialect: StoreDialect, options: KyselyStoreOptions = {}) {
    this.db = db;
    this.dialect = dialect;
    this.now = options.now ?? (() => new Date());
  }

  async migrate(): Promise<void> {
    // On PostgreSQL, Kysely looks for its migration tables in every schema: name ours (the
    // current one), or another schema's kysely_migration table would be taken for ours.
    const migrationTableSchema =
      this.dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(this.db)).rows[0]?.schema
        : undefined;
    const migrator = new Migrator({ db: this.db, provider: migrationProvider, migrationTableSchema });
    // PostgreSQL serialises migrators with an advisory lock. SQLite has no such lock across
    // processes: when several start at once on a new file, the losers' transactions roll back
    // ("table already exists", "database is locked"); trying again finds the winner's work done.
    const attempts = this.dialect === 'sqlite' ? 8 : 1;
    let outcome = await migrator.migrateToLatest();
    for (let attempt = 1; attempt < attempts && outcome.error; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
      outcome = await migrator.migrateToLatest();
    }
    const { error, results } = outcome;
    if (error) {
      const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`database migration ${failed} failed: ${String((error as Error).message ?? error)}`, {
        cause: error,
      });
    }
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }

  async createAccount(name: string): Promise<Account> {
    const row = { id: newId('acc'), name, created_at: this.now().getTime() };
    await this.db.insertInto('accounts').values(row).execute();
    return toAccount({ ...row, renders_done: 0 });
  }

  async getAccount(id: string): Promise<Account | null> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async createApiKey(accountId: string, secretHash: string, prefix: string): Promise<ApiKeyRecord> {
    const row = {
      id: newId('key'),
      account_id: accountId,
      hash: secretHash,
      prefix,
      created_at: this.now().getTime(),
      revoked_at: null,
    };
    await this.db
      .insertInto('api_keys')
      .values(row)
      .execute()
      .catch((error: unknown) => notFoundAccount(accountId, error));
    return toApiKey(row);
  }

  async findActiveApiKey(secretHash: string): Promise<StoredApiKey | null> {
    const row = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('hash', '=', secretHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row ? { ...toApiKey(row), secretHash: row.hash } : null;
  }

  async revokeApiKey(keyId: string): Promise<boolean> {
    const existing = await this.db
      .selectFrom('api_keys')
      .select('id')
      .where('id', '=', keyId)
      .executeTakeFirst();
    if (!existing) return false;
    await this.db
      .updateTable('api_keys')
      .set({ revoked_at: this.now().getTime() })
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .execute();
    return true;
  }

  async grantPackage(accountId: string, renders: number, expiresAt: Date): Promise<ResourcePackage> {
    if (!Number.isSafeInteger(renders) || renders < 0) {
      throw new RangeError(`renders: must be a non-negative integer, got ${renders}`);
    }
    if (Number.isNaN(expiresAt.getTime())) throw new RangeError('expiresAt: must be a valid date');
    const row = {
      id: newId('pkg'),
      account_id: accountId,
      renders,
      remaining: renders,
      expires_at: expiresAt.getTime(),
      created_at: this.now().getTime(),
    };
    await this.db
      .insertInto('packages')
      .values(row)
      .execute()
      .catch((error: unknown) => notFoundAccount(accountId, error));
    return toPackage(row);
  }

  async usage(accountId: string, now: Date): Promise<Usage> {
    const [packages, account] = await Promise.all([
      this.db
        .selectFrom('packages')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('remaining', '>', 0)
        .where('expires_at', '>', now.getTime())
        .orderBy('expires_at', 'asc')
        .orderBy('id', 'asc')
        .execute(),
      this.db.selectFrom('accounts').select('renders_done').where('id', '=', accountId).executeTakeFirst(),
    ]);
    return { packages: packages.map(toPackage), rendersDone: Number(account?.renders_done ?? 0) };
  }

  async listPackages(accountId: string): Promise<ResourcePackage[]> {
    const rows = await this.db
      .selectFrom('packages')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('expires_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toPackage);
  }

  reserveUnit(accountId: string, now: Date, holdUntil: Date): Promise<Reservation | null> {
    return quota.reserveUnit(this.db, accountId, now, holdUntil);
  }

  commitReservation(reservationId: string): Promise<void> {
    return quota.commitReservation(this.db, reservationId);
  }

  countHeldUnits(accountId: string, now: Date): Promise<number> {
    return quota.countHeldUnits(this.db, accountId, now);
  }

  async releaseReservation(reservationId: string): Promise<void> {
    await quota.releaseReservation(this.db, reservationId);
  }

  releaseExpiredReservations(now: Date): Promise<number> {
    return quota.releaseExpiredReservations(this.db, now);
  }

  purgeFinishedReservations(before: Date, limit: number): Promise<number> {
    return quota.purgeFinishedReservations(this.db, before, limit);
  }

  createTemplate(template: NewTemplate): Promise<TemplateRecord> {
    return templates.createTemplate(this.db, template, this.now());
  }

  getTemplate(accountId: string, id: string): Promise<TemplateRecord | null> {
    return templates.getTemplate(this.db, accountId, id);
  }

  findTemplates(id: string): Promise<TemplateRecord[]> {
    return templates.findTemplates(this.db, id);
  }

  getTemplateStamp(accountId: string, id: string): Promise<TemplateStamp | null> {
    return templates.getTemplateStamp(this.db, accountId, id);
  }

  listTemplates(accountId?: string): Promise<TemplateRecord[]> {
    return templates.listTemplates(this.db, accountId);
  }

  countTemplates(accountId: string): Promise<number> {
    return templates.countTemplates(this.db, accountId);
  }

  updateDraft(accountId: string, id: string, patch: DraftPatch): Promise<TemplateRecord | null> {
    return templates.updateDraft(this.db, accountId, id, patch, this.now());
  }

  discardDraft(accountId: string, id: string): Promise<TemplateRecord | null> {
    return templates.discardDraft(this.db, accountId, id, this.now());
  }

  publishTemplate(accountId: string, id: string, keepRevisions?: number): Promise<TemplateRecord | null> {
    return templates.publishTemplate(this.db, accountId, id, this.now(), keepRevisions);
  }

  setTemplateStatus(
    accountId: string,
    id: string,
    status: 'unpublished' | 'archived',
  ): Promise<TemplateRecord | null> {
    return templates.setTemplateStatus(this.db, accountId, id, status, this.now());
  }

  getPublishedRevision(accountId: string, id: string, revision: number): Promise<TemplateVersion | null> {
    return templates.getPublishedRevision(this.db, accountId, id, revision);
  }

  listPublishedRevisions(accountId: string, id: string): Promise<PublishedRevision[]> {
    return templates.listPublishedRevisions(this.db, accountId, id);
  }

  listAccounts(): Promise<Account[]> {
    return studio.listAccounts(this.db);
  }

  createStudioSession(session: StudioSession): Promise<void> {
    return studio.createStudioSession(this.db, session);
  }

  useStudioSession(idHash: string, use: StudioSessionUse): Promise<StudioSession | null> {
    return studio.useStudioSession(this.db, idHash, use);
  }

  deleteStudioSession(idHash: string): Promise<void> {
    return studio.deleteStudioSession(this.db, idHash);
  }

  purgeStudioSessions(before: Date): Promise<number> {
    return studio.purgeStudioSessions(this.db, before);
  }

  createUrlKey(accountId: string): Promise<UrlKeyRecord> {
    return urlKeys.createUrlKey(this.db, accountId, this.now());
  }

  getUrlKey(id: string): Promise<UrlKeyRecord | null> {
    return urlKeys.getUrlKey(this.db, id);
  }

  listUrlKeys(accountId: string): Promise<UrlKeyRecord[]> {
    return urlKeys.listUrlKeys(this.db, accountId);
  }

  revokeUrlKey(id: string): Promise<boolean> {
    return urlKeys.revokeUrlKey(this.db, id, this.now());
  }

  touchObject(key: string, expiresAt: Date): Promise<boolean> {
    return objects.touchObject(this.db, key, expiresAt);
  }

  countInWindow(key: string, now: Date, windowMs: number): Promise<WindowCount> {
    return counters.countInWindow(this.db, key, now, windowMs);
  }

  purgeRateWindows(before: Date): Promise<number> {
    return counters.purgeRateWindows(this.db, before);
  }

  acquireLease(name: string, holder: string, now: Date, until: Date): Promise<boolean> {
    return counters.acquireLease(this.db, name, holder, now, until);
  }

  releaseLease(name: string, holder: string): Promise<void> {
    return counters.releaseLease(this.db, name, holder);
  }

  claimRender(key: string, now: Date, until: Date): Promise<boolean> {
    return objects.claimRender(this.db, key, now, until);
  }

  releaseRenderClaim(key: string): Promise<void> {
    return objects.releaseRenderClaim(this.db, key);
  }

  getObjectExpiry(key: string): Promise<Date | null> {
    return objects.getObjectExpiry(this.db, key);
  }

  listExpiredObjects(before: Date, limit: number): Promise<string[]> {
    return objects.listExpiredObjects(this.db, before, limit);
  }

  removeExpiredObject(key: string, before: Date, remove: () => Promise<void>): Promise<boolean> {
    return objects.removeExpiredObject(this.db, key, before, remove);
  }

  takeExpiredObjects(before: Date, limit: number): Promise<string[]> {
    return objects.takeExpiredObjects(this.db, before, limit);
  }

  createBatch(batch: NewBatch, now: Date, onInsert?: BatchInsertHook): Promise<BatchRecord> {
    return batches.createBatch(this.db, batch, now, onInsert);
  }

  getBatch(accountId: string, id: string): Promise<BatchRecord | null> {
    return batches.getBatch(this.db, accountId, id);
  }

  listBatchItems(
    batchId: string,
    query: { status?: BatchItemStatus; afterSeq: number; limit: number },
  ): Promise<BatchItemRecord[]> {
    return batches.listBatchItems(this.db, batchId, query);
  }

  cancelBatch(accountId: string, id: string, now: Date, onEnd: BatchEndHook): Promise<BatchRecord | null> {
    return batches.cancelBatch(this.db, accountId, id, now, onEnd);
  }

  claimBatchItem(now: Date, until: Date, maxPerAccount: number): Promise<ClaimedBatchItem | null> {
    return batches.claimBatchItem(this.db, now, until, maxPerAccount);
  }

  batchAccountsInTurn(now: Date, maxPerAccount: number): Promise<string[]> {
    return batches.batchAccountsInTurn(this.db, now, maxPerAccount);
  }

  claimBatchItemAt(
    batchId: string,
    seq: number,
    now: Date,
    until: Date,
  ): Promise<ClaimedBatchItem | 'ended' | 'held'> {
    return batches.claimBatchItemAt(this.db, batchId, seq, now, until);
  }

  finishBatchItem(
    item: Pick<ClaimedBatchItem, 'batchId' | 'seq' | 'claim'>,
    outcome: BatchItemOutcome,
    reservationId: string | null,
    now: Date,
    onEnd: BatchEndHook,
  ): Promise<boolean> {
    return batches.finishBatchItem(this.db, item, outcome, reservationId, now, onEnd);
  }

  renewBatchClaims(items: Pick<ClaimedBatchItem, 'batchId' | 'seq' | 'claim'>[], until: Date): Promise<void> {
    return batches.renewBatchClaims(this.db, items, until);
  }

  releaseBatchItem(item: Pick<ClaimedBatchItem, 'batchId' | 'seq' | 'claim'>): Promise<void> {
    return batches.releaseBatchItem(this.db, item);
  }

  setWebhookSecretSalt(accountId: string, salt: string, now: Date): Promise<void> {
    return batches.setWebhookSecretSalt(this.db, accountId, salt, now);
  }

  getWebhookSecretSalt(accountId: string): Promise<string | null> {
    return batches.getWebhookSecretSalt(this.db, accountId);
  }

  claimWebhookDelivery(now: Date, until: Date): Promise<WebhookDelivery | null> {
    return batches.claimWebhookDelivery(this.db, now, until);
  }

  recordWebhookAttempt(
    id: string,
    attempt: WebhookAttempt,
    delivered: boolean,
    next: Date | null,
  ): Promise<void> {
    return batches.recordWebhookAttempt(this.db, id, attempt, delivered, next);
  }

  listWebhookDeliveries(batchId: string): Promise<WebhookDelivery[]> {
    return batches.listWebhookDeliveries(this.db, batchId);
  }
}
