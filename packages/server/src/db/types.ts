/** The store contract: accounts, API keys, resource packages (quota), templates and stored objects. Drivers: sqlite (embedded default), postgres. */
import type { ImageFormat, TemplateVariant, VariableDefinition } from '@pictor/core';
import type { BatchStore } from './batch-types.js';

export type * from './batch-types.js';

export type TemplateStatus = 'draft' | 'published' | 'unpublished' | 'archived';

export interface Account {
  id: string;
  name: string;
  createdAt: string;
}

/** An API key as stored: only the SHA-256 hash of the secret, never the secret itself. */
export interface ApiKeyRecord {
  id: string;
  accountId: string;
  /** First characters of the key, safe to show (`pk_live_ab12…`). */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

/** A key found by its hash, with the stored hash so the caller can compare it in constant time. */
export interface StoredApiKey extends ApiKeyRecord {
  /** Hex SHA-256 of the secret, as stored. Never send it to clients. */
  secretHash: string;
}

/** A URL key of the embeddable image URLs (`uk_…`). Its secret is derived from the server's signing secret. */
export interface UrlKeyRecord {
  id: string;
  accountId: string;
  createdAt: string;
  revokedAt: string | null;
}

/** An action counted in a fixed window: its number in the window, and when the window ends. */
export interface WindowCount {
  count: number;
  resetsAt: Date;
}

export interface ResourcePackage {
  id: string;
  accountId: string;
  /** Units granted. */
  renders: number;
  /** Units left (never below zero). */
  remaining: number;
  /** ISO 8601. */
  expiresAt: string;
  createdAt: string;
}

/** One version of a template's content and defaults (the draft, or the published copy). */
export interface TemplateVersion {
  content: string;
  variables: Record<string, VariableDefinition>;
  width: number;
  height: number;
  format: ImageFormat;
  quality: number | null;
  /** Named sizes (docs/contract/decisions.md "Formats and byte budgets"); absent or `{}`: none. */
  variants?: Record<string, TemplateVariant>;
  /** Increases on every change of the draft; the published copy keeps the revision it was published from. Used as a compile-cache key. */
  revision: number;
}

export interface TemplateRecord {
  id: string;
  accountId: string;
  name: string;
  status: TemplateStatus;
  /** null once discarded (`DELETE …/draft`). */
  draft: TemplateVersion | null;
  /** null until first published. */
  published: TemplateVersion | null;
  createdAt: string;
  updatedAt: string;
}

/** What identifies a template row's state: its owner and a version that changes with every change to the row. */
export interface TemplateStamp {
  accountId: string;
  version: number;
}

export interface NewTemplate {
  id?: string;
  accountId: string;
  name: string;
  draft: Omit<TemplateVersion, 'revision'>;
}

export type DraftPatch = Partial<Omit<TemplateVersion, 'revision'>>;

/** A unit held for one render in progress. */
export interface Reservation {
  id: string;
  accountId: string;
  packageId: string;
}

export interface Usage {
  packages: ResourcePackage[];
  rendersDone: number;
}

/**
 * The store. Every method is atomic on its own. Implementations must be safe with many
 * concurrent callers and many processes sharing one database (PostgreSQL).
 */
/** A signed-in studio session. `accountId` null: the admin (every account). */
export interface StudioSession {
  /** SHA-256 (hex) of the cookie value; the value itself is never stored. */
  idHash: string;
  accountId: string | null;
  /** The API key signed in with (null for the admin). */
  keyId: string | null;
  csrfToken: string;
  createdAt: Date;
  /** Inactivity deadline. */
  expiresAt: Date;
  /** Admin sessions: fingerprint of the admin token signed in with (see {@link StudioSessionUse}); null otherwise. */
  adminTokenFingerprint: string | null;
}

/** What a studio session must still meet to be used. */
export interface StudioSessionUse {
  now: Date;
  /** Its new inactivity deadline. */
  extendTo: Date;
  /** Sessions signed in at or before this are over (the absolute lifetime). */
  signedInAfter: Date;
  /** Fingerprint of the current admin token: an admin session signed in with another token is over. */
  adminTokenFingerprint: string;
}

/** One entry of a template's publish history. */
export interface PublishedRevision {
  revision: number;
  publishedAt: string;
}

export interface Store extends BatchStore {
  /** Create tables and apply pending versioned migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;

  createAccount(name: string): Promise<Account>;
  getAccount(id: string): Promise<Account | null>;

  /** Store a key by the hash of its secret. */
  createApiKey(accountId: string, secretHash: string, prefix: string): Promise<ApiKeyRecord>;
  /** The active (not revoked) key with this hash, or null. */
  findActiveApiKey(secretHash: string): Promise<StoredApiKey | null>;
  /** Revoke at once; false when no such key. */
  revokeApiKey(keyId: string): Promise<boolean>;

  grantPackage(accountId: string, renders: number, expiresAt: Date): Promise<ResourcePackage>;
  /** Packages with units left and not expired at `now` (expiring first first), and renders done. */
  usage(accountId: string, now: Date): Promise<Usage>;
  /** Every package of the account, expired and used up ones too, expiring first first. */
  listPackages(accountId: string): Promise<ResourcePackage[]>;

  /**
   * Atomically take one unit from the account's package that expires first among those with
   * units left and not expired at `now`. null when there is none. The reservation expires at
   * `holdUntil`: a reservation neither committed nor released by then is released by
   * `releaseExpiredReservations` (crash recovery).
   */
  reserveUnit(accountId: string, now: Date, holdUntil: Date): Promise<Reservation | null>;
  /** The render succeeded: the unit is spent for good and counted as a render done. */
  commitReservation(reservationId: string): Promise<void>;
  /** The render failed: the unit goes back to its package. */
  releaseReservation(reservationId: string): Promise<void>;
  /** Give back the units of reservations whose hold expired before `now`; returns how many. */
  releaseExpiredReservations(now: Date): Promise<number>;
  /** Units of the account held by renders in progress (held reservations whose hold has not ended at `now`). */
  countHeldUnits(accountId: string, now: Date): Promise<number>;
  /** Delete up to `limit` committed or released reservations created before `before` (housekeeping); returns how many. */
  purgeFinishedReservations(before: Date, limit: number): Promise<number>;

  /**
   * A new template in status `draft`. Ids are unique within an account (another account may use the same id).
   * StoreError `conflict` when the account already has a template with this id, `not-found` without the account.
   */
  createTemplate(template: NewTemplate): Promise<TemplateRecord>;
  /** Template `id` of account `accountId`, or null. */
  getTemplate(accountId: string, id: string): Promise<TemplateRecord | null>;
  /** Every account's template with this id, oldest first (the admin addresses templates by id). */
  findTemplates(id: string): Promise<TemplateRecord[]>;
  /** The template's owner and row version (a small read: no contents), or null when there is no such template. */
  getTemplateStamp(accountId: string, id: string): Promise<TemplateStamp | null>;
  listTemplates(accountId?: string): Promise<TemplateRecord[]>;
  /** How many templates the account has, in every status. */
  countTemplates(accountId: string): Promise<number>;
  /** Edit the draft (creates it again when it was discarded); bumps the revision. null when no such template. */
  updateDraft(accountId: string, id: string, patch: DraftPatch): Promise<TemplateRecord | null>;
  discardDraft(accountId: string, id: string): Promise<TemplateRecord | null>;
  /**
   * Copy the draft to published and set status `published`; of the template's published revisions only the newest
   * `keepRevisions` (default all) are kept, never fewer than the one published now.
   */
  publishTemplate(accountId: string, id: string, keepRevisions?: number): Promise<TemplateRecord | null>;
  setTemplateStatus(
    accountId: string,
    id: string,
    status: 'unpublished' | 'archived',
  ): Promise<TemplateRecord | null>;
  /** A kept revision of the template as it was published, or null. */
  getPublishedRevision(accountId: string, id: string, revision: number): Promise<TemplateVersion | null>;
  /** The template's kept published revisions, newest first. */
  listPublishedRevisions(accountId: string, id: string): Promise<PublishedRevision[]>;
  /** Every account, oldest first. */
  listAccounts(): Promise<Account[]>;

  /** Keep a new studio session. */
  createStudioSession(session: StudioSession): Promise<void>;
  /**
   * The session of `idHash` with its inactivity deadline moved to `use.extendTo`, or null: unknown, idle past its
   * deadline, signed in before `use.signedInAfter`, signed in with an API key revoked since, or with an admin token
   * other than the current one.
   */
  useStudioSession(idHash: string, use: StudioSessionUse): Promise<StudioSession | null>;
  /** Sign a session out. */
  deleteStudioSession(idHash: string): Promise<void>;
  /** Forget sessions that expired before `before`; returns how many. */
  purgeStudioSessions(before: Date): Promise<number>;

  /** A new URL key of the account. StoreError `not-found` when the account does not exist. */
  createUrlKey(accountId: string): Promise<UrlKeyRecord>;
  /** The URL key with this id, revoked or not, or null. */
  getUrlKey(id: string): Promise<UrlKeyRecord | null>;
  /** The account's URL keys, revoked ones included, oldest first. */
  listUrlKeys(accountId: string): Promise<UrlKeyRecord[]>;
  /** Revoke at once; false when there is no such key. */
  revokeUrlKey(id: string): Promise<boolean>;

  /**
   * Record that a stored object is linked until `expiresAt` (keeps the latest). Resolves true when the object's
   * row already existed (no removal of it can have been under way), false when it was created.
   */
  touchObject(key: string, expiresAt: Date): Promise<boolean>;
  /**
   * Claim the render of object `key` until `until`, so that of many processes asked for the same new image only one
   * renders it: true when this caller holds the claim now (there was none, or it had expired at `now`).
   */
  claimRender(key: string, now: Date, until: Date): Promise<boolean>;
  /** Give up a claim of `claimRender` (the render finished or failed). */
  releaseRenderClaim(key: string): Promise<void>;
  /**
   * Count one action of `key` in its fixed window of `windowMs` (a window that ended by `now` starts again), atomically
   * across every process on the database: rate limits that hold for many nodes together.
   */
  countInWindow(key: string, now: Date, windowMs: number): Promise<WindowCount>;
  /** Forget rate windows that started before `before`; returns how many. */
  purgeRateWindows(before: Date): Promise<number>;
  /** Take or renew lease `name` for `holder` until `until`: true when `holder` has it now. */
  acquireLease(name: string, holder: string, now: Date, until: Date): Promise<boolean>;
  /** Give lease `name` up if `holder` has it. */
  releaseLease(name: string, holder: string): Promise<void>;
  /** When the object's last link expires, or null when the store does not know the object (never linked, or taken). */
  getObjectExpiry(key: string): Promise<Date | null>;
  /** Keys of objects whose last link expired before `before`, oldest first, at most `limit` (nothing changes). */
  listExpiredObjects(before: Date, limit: number): Promise<string[]>;
  /**
   * Remove one object safely against renders that link it again: if its last link still expired
   * before `before`, forget it and run `remove` (delete it from storage) while holding its row, so
   * a concurrent `touchObject` waits and then finds the object gone. Returns false when the object
   * was linked again or is unknown; when `remove` throws, the object is kept and the error rethrown.
   */
  removeExpiredObject(key: string, before: Date, remove: () => Promise<void>): Promise<boolean>;
  /**
   * Keys of objects whose last link expired before `before`; they are forgotten by the store.
   * Prefer `removeExpiredObject`: between this call and a storage delete a render may link the object again.
   */
  takeExpiredObjects(before: Date, limit: number): Promise<string[]>;
}
