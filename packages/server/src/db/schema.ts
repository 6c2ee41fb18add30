/** Table types of the store as Kysely sees them. Times are integer milliseconds since the epoch; JSON is text. */
import type { Generated } from 'kysely';

export interface AccountsTable {
  id: string;
  name: string;
  renders_done: Generated<number>;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  /** Hex SHA-256 of the secret. */
  hash: string;
  prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface PackagesTable {
  id: string;
  account_id: string;
  renders: number;
  remaining: number;
  expires_at: number;
  created_at: number;
}

export type ReservationState = 'held' | 'committed' | 'released';

export interface ReservationsTable {
  id: string;
  package_id: string;
  account_id: string;
  hold_until: number;
  state: ReservationState;
  created_at: number;
}

/** A template; its id is unique within its account (the key is account_id, id). */
export interface TemplatesTable {
  id: string;
  account_id: string;
  name: string;
  status: string;
  /** JSON of the draft TemplateVersion; kept after a discard so the next edit has a base. */
  draft: string;
  /** 1 once the draft was discarded and not edited since. */
  draft_discarded: number;
  /** JSON of the published TemplateVersion, or null until first published. */
  published: string | null;
  /** Row version for optimistic concurrency: every update is conditional on it. */
  version: number;
  created_at: number;
  updated_at: number;
}

export interface ObjectsTable {
  key: string;
  expires_at: number;
}

/** A URL key of the embeddable image URLs. Its secret is derived from the server's signing secret, never stored. */
export interface UrlKeysTable {
  id: string;
  account_id: string;
  created_at: number;
  revoked_at: number | null;
}

/** Every published revision of a template: JSON of the TemplateVersion as it was published. */
export interface TemplateRevisionsTable {
  account_id: string;
  template_id: string;
  revision: number;
  content: string;
  published_at: number;
}

/** A render in progress somewhere: the object key being rendered, and until when the claim holds. */
export interface RenderClaimsTable {
  key: string;
  claimed_until: number;
}

/** A fixed rate-limit window: when it started and how many actions it has counted. */
export interface RateWindowsTable {
  key: string;
  window_start: number;
  count: number;
}

/** A lease: which process holds `name` until when (the janitor's, so one node sweeps at a time). */
export interface LeasesTable {
  name: string;
  holder: string;
  until: number;
}

/** A studio session: the SHA-256 of its cookie value, who signed in (account and key, or null for the admin). */
export interface StudioSessionsTable {
  id_hash: string;
  account_id: string | null;
  key_id: string | null;
  csrf_token: string;
  created_at: number;
  /** Inactivity deadline: moved forward on use. */
  expires_at: number;
  /** Admin sessions: fingerprint of the admin token signed in with; null for key sessions. */
  admin_token_fingerprint: string | null;
}

/** A batch (docs/contract/decisions.md "Batches"): options is JSON of {format?, quality?, scale?}. */
export interface BatchesTable {
  id: string;
  account_id: string;
  template_id: string;
  use_draft: number;
  options: string;
  webhook_url: string | null;
  /** queued, running, done or cancelled. */
  status: string;
  total: number;
  /** When the account's batches were last given an item (a clock in ms): the account served longest ago goes first. */
  turn: number;
  created_at: number;
  finished_at: number | null;
}

/** One item of a batch, in submission order (`seq`); `claim` names the node's attempt that holds it until `claimed_until`. */
export interface BatchItemsTable {
  batch_id: string;
  seq: number;
  item_id: string;
  account_id: string;
  /** JSON of {variables, width?, height?, format?, quality?, maxBytes?, scale?}. */
  request: string;
  /** pending, done, failed or cancelled. */
  status: string;
  claim: string | null;
  claimed_until: number | null;
  attempts: Generated<number>;
  object_key: string | null;
  width: number | null;
  height: number | null;
  format: string | null;
  /** A done item's image size in bytes (migration 008; null before it). */
  bytes: number | null;
  code: number | null;
  message: string | null;
  finished_at: number | null;
}

/** A webhook to deliver (one per batch end), with its attempts so far (`log`: JSON array). */
export interface WebhookDeliveriesTable {
  id: string;
  batch_id: string;
  account_id: string;
  url: string;
  payload: string;
  /** pending, delivered or failed (no attempt left). */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_until: number | null;
  log: string;
  created_at: number;
}

/** An account's webhook secret, as the salt it is derived from with the signing secret. */
export interface WebhookSecretsTable {
  account_id: string;
  salt: string;
  created_at: number;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  packages: PackagesTable;
  reservations: ReservationsTable;
  templates: TemplatesTable;
  objects: ObjectsTable;
  url_keys: UrlKeysTable;
  template_revisions: TemplateRevisionsTable;
  render_claims: RenderClaimsTable;
  rate_windows: RateWindowsTable;
  leases: LeasesTable;
  studio_sessions: StudioSessionsTable;
  batches: BatchesTable;
  batch_items: BatchItemsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_secrets: WebhookSecretsTable;
}
