/** Server configuration: the only module that reads `process.env`. One table of settings, parsed strictly, frozen. */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import {
  DEFAULT_LIMITS as ENGINE_LIMITS,
  FETCH_DEFAULTS,
  MAX_VARIABLE_DEFINITIONS,
  MAX_VARIABLE_ENTRIES,
  WALL_TIMEOUT_FACTOR,
  type WorkerIsolation,
} from '@pictor/core';
import { parseS3Location } from './s3-location.js';

/** Every limit of docs/contract/decisions.md "Limits", each a setting. */
export interface ServerLimits {
  /** Max request body in bytes (413 / 10107 above). Default 5 MiB. */
  bodyLimit: number;
  /** Max `width` and `height`. Default 4096. */
  maxDimension: number;
  /** Max `width × height`. Default 16,777,216. */
  maxPixels: number;
  /**
   * CPU time one render may use, in ms (then 403 / 20105): what the content costs, however busy the host. Default
   * 10,000.
   */
  renderTimeoutMs: number;
  /**
   * Wall time one render may take whatever it used, in ms (then 403 / 20105): the backstop for a stuck or starved
   * worker. Default the larger of 60,000 and 6 × renderTimeoutMs.
   */
  renderWallTimeoutMs: number;
  /** Longest wait of a render for a worker, in ms (then 503 / 50000 with Retry-After). Default 60,000. */
  queueWaitMs: number;
  /** Renders one account may have waiting for a worker (429 / 10108 above). Default 250. */
  accountMaxQueued: number;
  /** Workers one account may occupy while other accounts' renders wait; 0: half the workers. Default 0. */
  accountMaxRunning: number;
  /**
   * Renders of one account stopped by the time limit within a minute before its new renders answer 429 / 10108 until
   * the minute is over (failed renders use no unit, so this is what makes failing on purpose cost). Default 5.
   */
  timeoutPenaltyMax: number;
  /** Max bytes of a remote image or font. Default 10 MiB. */
  fetchMaxBytes: number;
  /** Time limit of one remote fetch in ms. Default 5,000. */
  fetchTimeoutMs: number;
  /** Hosts, IPs or CIDR ranges allowed even when private or loopback. Default none. */
  fetchAllowList: string[];
  /** Max variable definitions of one template. Default and most 256 (the engine's limit). */
  maxTemplateVariables: number;
  /** Max entries of a request's `variables` object. Default and most 1,024 (the engine's limit). */
  maxRequestVariables: number;
  /** Templates one account may have, in every status (409 / 10106 past it). Default 500. */
  maxTemplatesPerAccount: number;
  /** Published revisions kept per template (older ones are deleted when one is published). Default 20. */
  maxRevisionsPerTemplate: number;
  /** Requests per key per window (429 / 10108 above). Default 120. */
  rateLimitMax: number;
  /** Rate-limit window in ms. Default 10,000. */
  rateLimitWindowMs: number;
  /** Validity of a file link in seconds. Default 300 (the specification's 5 minutes). */
  linkTtlSeconds: number;
  /**
   * How long an identical render whose HTML or fonts load remote resources (http/https URLs) may reuse its stored
   * object, in seconds (operations A and B): a changed image behind the same URL shows after at most this long.
   * 0: such renders are never reused. Default 300.
   */
  remoteReuseSeconds: number;
  /**
   * Longest request target (path and query) of an image URL, in bytes (414 / 10103 above). Default 8,192; at most
   * 12,288, under Node's 16 KiB limit on a request's head.
   */
  maxUrlBytes: number;
  /** `Cache-Control: max-age` of an image URL that does not pin a revision, in seconds. Default 86,400. */
  imgMaxAgeSeconds: number;
  /** How long an image rendered for an image URL is kept after it was last requested, in seconds. Default 30 days. */
  imgRetentionSeconds: number;
  /** Renders per URL key per window (429 / 10108 above; serving stored images is not counted). Default 120. */
  imgRenderRateMax: number;
  /** Window of `imgRenderRateMax` in ms. Default 10,000. */
  imgRenderRateWindowMs: number;
  /** A studio session ends after this many seconds without a request. Default 1,800 (30 minutes). */
  studioIdleSeconds: number;
  /** Studio previews per account per minute (429 / 10108 above; previews use no units). Default 60. */
  studioPreviewRateMax: number;
  /**
   * Largest studio preview, width × height in pixels (previews have no scale). Default 4,194,304 (2048 × 2048):
   * larger images are rendered through the API, where they use a unit.
   */
  studioPreviewMaxPixels: number;
  /**
   * A studio session ends this many seconds after sign-in, used or not (beside the idle limit). Default 43,200
   * (12 hours).
   */
  studioSessionMaxAgeSeconds: number;
  /**
   * Failed sign-ins (studio sign-in, the admin API's bearer token) one client may make with one credential within 5
   * minutes; then its attempts with that credential are held off with growing delays (429). Default 10.
   */
  studioSignInFailuresMax: number;
  /** Items of one batch (400 / 10103 above). Default 10,000. */
  batchMaxItems: number;
  /** Validity of the `/files` links of a batch's items listing, in seconds. Default 86,400. */
  batchLinkTtlSeconds: number;
  /** Batch items of one account rendering at once across every node (batches of accounts take turns). Default 4. */
  batchMaxRunningPerAccount: number;
  /** Batch items this node renders at once, only on workers interactive renders leave idle; 0: one per worker. Default 0. */
  batchConcurrency: number;
  /** Time a webhook receiver has to answer 2xx, in ms (then the delivery is retried). Default 10,000. */
  webhookTimeoutMs: number;
  /**
   * How long a node's claim of a batch item holds without renewal, in seconds (renewed every third of it while the
   * item renders): a dead node's items are taken over this long after it died. Default 30.
   */
  batchClaimSeconds: number;
}

/** The parsed environment. Secrets kept in the data dir are resolved later by `resolveSecrets`. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the data dir (SQLite file, rendered objects, generated secrets). */
  dataDir: string;
  /** Origin the links in `data.url` start with, without a trailing slash; undefined: `http://{host}:{port}` of the listening socket. */
  publicUrl: string | undefined;
  /** From `PICTOR_SIGNING_SECRET`; undefined: generated and kept in the data dir. */
  signingSecret: string | undefined;
  /** From `PICTOR_ADMIN_TOKEN`; undefined: generated at first start, printed once, kept hashed. */
  adminToken: string | undefined;
  /** undefined: embedded SQLite in the data dir; `postgres://…`: PostgreSQL. */
  databaseUrl: string | undefined;
  /** undefined: files in the data dir; `s3://bucket/prefix`: S3-compatible storage. */
  storage: string | undefined;
  /** Endpoint of S3-compatible storage (`PICTOR_S3_ENDPOINT`). */
  s3Endpoint: string | undefined;
  /** Region of S3 storage (`AWS_REGION`, then `AWS_DEFAULT_REGION`); unset: `us-east-1`. */
  s3Region?: string | undefined;
  /** Render workers; undefined: one per core. */
  workers: number | undefined;
  /** Nice value of the render workers (`PICTOR_WORKER_NICE`, 0–19); undefined: the engine's default, 0. */
  workerNice: number | undefined;
  /** What a render worker is (`PICTOR_WORKER_ISOLATION`); undefined: the engine's default, `process`. */
  workerIsolation: WorkerIsolation | undefined;
  /** A worker process over this resident memory (MB) is replaced after its render (`PICTOR_WORKER_MAX_RSS_MB`, 0: never); undefined: the engine's default, 512. */
  workerMaxRssMb: number | undefined;
  /** glibc malloc arenas per worker process (`PICTOR_WORKER_MALLOC_ARENAS`, 0: glibc's own); undefined: the engine's default, 2. */
  workerMallocArenas: number | undefined;
  /** Purge delay (ms) of resvg's allocator in worker processes (`PICTOR_WORKER_RESVG_PURGE_DELAY_MS`, `never`: -1); undefined: the engine's default, 0. */
  workerResvgPurgeDelayMs: number | undefined;
  /** glibc's mmap threshold (KiB) of worker processes (`PICTOR_WORKER_MALLOC_MMAP_THRESHOLD_KB`, 0: glibc's own); undefined: the engine's default, 256. */
  workerMallocMmapThresholdKb: number | undefined;
  /** Rasters of renders of this many megapixels freed at once (`PICTOR_WORKER_GC_AFTER_MEGAPIXELS`, 0: never); undefined: the engine's default, 2. */
  workerGcAfterMegapixels: number | undefined;
  /** V8's marking started early during large renders, in percent of the way to its limit (`PICTOR_WORKER_EARLY_MARKING_PERCENT`, 0: V8's own); undefined: the engine's default, 60. */
  workerEarlyMarkingPercent: number | undefined;
  /** MB of raster buffers each worker keeps for its next renders (`PICTOR_WORKER_KEPT_CANVAS_MB`, 0: none); undefined: the engine's default, 4. */
  workerKeptCanvasMb: number | undefined;
  /** V8's heap growing factor (%) of the workers (`PICTOR_WORKER_HEAP_GROWING_PERCENT`, 0: V8's own); undefined: the engine's default, 100. */
  workerHeapGrowingPercent: number | undefined;
  /** pino level. Default `info`. */
  logLevel: string;
  /** Serve the template studio at `/studio` (`PICTOR_STUDIO`, true/false). Default true. */
  studio: boolean;
  /**
   * Fastify's `trustProxy` (`PICTOR_TRUST_PROXY`): which proxies' `X-Forwarded-For` and `X-Forwarded-Proto` are
   * believed for the client address and the protocol. `false` (default): none; `true`: any (only for a server no
   * client reaches directly); a list of addresses, CIDR ranges or `loopback`, `linklocal`, `uniquelocal`.
   */
  trustProxy: boolean | string[];
  limits: ServerLimits;
  /** What the environment sets that no longer has an effect, one sentence each; logged as warnings at start. */
  warnings?: readonly string[];
}

/** Variables earlier versions read that are now ignored, with what to do instead. */
const RETIRED_VARIABLES: Readonly<Record<string, string>> = {
  PICTOR_PIN_WORKERS:
    "PICTOR_PIN_WORKERS is no longer read: render workers are left to the kernel's scheduler (pinning made a lone render 11-16% slower). Remove the variable.",
};

/** A configuration error; the message names the variable and what it accepts. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Longest `content` of operation B and of a template: the engine's HTML length limit. */
export const MAX_CONTENT_LENGTH = ENGINE_LIMITS.maxHtmlLength;

/** Default limits of docs/contract/decisions.md "Limits": the engine's own where the engine has the limit. */
export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  bodyLimit: 5 * 1024 * 1024,
  maxDimension: ENGINE_LIMITS.maxDimension,
  maxPixels: ENGINE_LIMITS.maxPixels,
  renderTimeoutMs: ENGINE_LIMITS.timeoutMs,
  renderWallTimeoutMs: ENGINE_LIMITS.wallTimeoutMs,
  queueWaitMs: 60_000,
  accountMaxQueued: 250,
  accountMaxRunning: 0,
  timeoutPenaltyMax: 5,
  fetchMaxBytes: FETCH_DEFAULTS.maxBytes,
  fetchTimeoutMs: FETCH_DEFAULTS.timeoutMs,
  fetchAllowList: [],
  maxTemplateVariables: MAX_VARIABLE_DEFINITIONS,
  maxRequestVariables: MAX_VARIABLE_ENTRIES,
  maxTemplatesPerAccount: 500,
  maxRevisionsPerTemplate: 20,
  rateLimitMax: 120,
  rateLimitWindowMs: 10_000,
  linkTtlSeconds: 300,
  remoteReuseSeconds: 300,
  maxUrlBytes: 8_192,
  imgMaxAgeSeconds: 86_400,
  imgRetentionSeconds: 30 * 86_400,
  imgRenderRateMax: 120,
  imgRenderRateWindowMs: 10_000,
  studioIdleSeconds: 1_800,
  studioPreviewRateMax: 60,
  studioPreviewMaxPixels: 4_194_304,
  studioSessionMaxAgeSeconds: 43_200,
  studioSignInFailuresMax: 10,
  batchMaxItems: 10_000,
  batchLinkTtlSeconds: 86_400,
  batchMaxRunningPerAccount: 4,
  batchConcurrency: 0,
  webhookTimeoutMs: 10_000,
  batchClaimSeconds: 30,
});

/** Environment variable of each limit. */
export const LIMIT_VARIABLES: Readonly<Record<keyof ServerLimits, string>> = Object.freeze({
  bodyLimit: 'PICTOR_BODY_LIMIT',
  maxDimension: 'PICTOR_MAX_DIMENSION',
  maxPixels: 'PICTOR_MAX_PIXELS',
  renderTimeoutMs: 'PICTOR_RENDER_TIMEOUT_MS',
  renderWallTimeoutMs: 'PICTOR_RENDER_WALL_TIMEOUT_MS',
  queueWaitMs: 'PICTOR_QUEUE_WAIT_MS',
  accountMaxQueued: 'PICTOR_ACCOUNT_MAX_QUEUED',
  accountMaxRunning: 'PICTOR_ACCOUNT_MAX_RUNNING',
  timeoutPenaltyMax: 'PICTOR_TIMEOUT_PENALTY_MAX',
  fetchMaxBytes: 'PICTOR_FETCH_MAX_BYTES',
  fetchTimeoutMs: 'PICTOR_FETCH_TIMEOUT_MS',
  fetchAllowList: 'PICTOR_FETCH_ALLOW_LIST',
  maxTemplateVariables: 'PICTOR_MAX_TEMPLATE_VARIABLES',
  maxRequestVariables: 'PICTOR_MAX_REQUEST_VARIABLES',
  maxTemplatesPerAccount: 'PICTOR_MAX_TEMPLATES_PER_ACCOUNT',
  maxRevisionsPerTemplate: 'PICTOR_MAX_REVISIONS_PER_TEMPLATE',
  rateLimitMax: 'PICTOR_RATE_LIMIT_MAX',
  rateLimitWindowMs: 'PICTOR_RATE_LIMIT_WINDOW_MS',
  linkTtlSeconds: 'PICTOR_LINK_TTL_SECONDS',
  remoteReuseSeconds: 'PICTOR_REMOTE_REUSE_SECONDS',
  maxUrlBytes: 'PICTOR_MAX_URL_BYTES',
  imgMaxAgeSeconds: 'PICTOR_IMG_MAX_AGE',
  imgRetentionSeconds: 'PICTOR_IMG_RETENTION_SECONDS',
  imgRenderRateMax: 'PICTOR_IMG_RENDER_RATE_MAX',
  imgRenderRateWindowMs: 'PICTOR_IMG_RENDER_RATE_WINDOW_MS',
  studioIdleSeconds: 'PICTOR_STUDIO_IDLE_SECONDS',
  studioPreviewRateMax: 'PICTOR_STUDIO_PREVIEW_RATE_MAX',
  studioPreviewMaxPixels: 'PICTOR_STUDIO_PREVIEW_MAX_PIXELS',
  studioSessionMaxAgeSeconds: 'PICTOR_STUDIO_SESSION_MAX_AGE',
  studioSignInFailuresMax: 'PICTOR_STUDIO_SIGN_IN_FAILURES_MAX',
  batchMaxItems: 'PICTOR_BATCH_MAX_ITEMS',
  batchLinkTtlSeconds: 'PICTOR_BATCH_LINK_TTL_SECONDS',
  batchMaxRunningPerAccount: 'PICTOR_BATCH_MAX_RUNNING_PER_ACCOUNT',
  batchConcurrency: 'PICTOR_BATCH_CONCURRENCY',
  webhookTimeoutMs: 'PICTOR_WEBHOOK_TIMEOUT_MS',
  batchClaimSeconds: 'PICTOR_BATCH_CLAIM_SECONDS',
});

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw))
    throw new ConfigError(`${name}: must be an integer from ${min} to ${max}, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${name}: must be an integer from ${min} to ${max}, got ${raw}`);
  }
  return value;
}

/** One of `choices`, or undefined when unset. */
function readChoice<T extends string>(env: Env, name: string, choices: readonly T[]): T | undefined {
  const raw = readString(env, name);
  if (raw === undefined) return undefined;
  if (!(choices as readonly string[]).includes(raw))
    throw new ConfigError(`${name}: must be one of ${choices.join(', ')}, got "${raw}"`);
  return raw as T;
}

/** `true` or `false`, or undefined when unset. */
function readBoolean(env: Env, name: string): boolean | undefined {
  const raw = readChoice(env, name, ['true', 'false'] as const);
  return raw === undefined ? undefined : raw === 'true';
}

function readString(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

function readUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = readString(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name}: must be a URL (${protocols.join(', ')}), got "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      `${name}: must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${raw}"`,
    );
  }
  return raw;
}

/** Names proxy-addr (Fastify's `trustProxy`) accepts beside addresses and ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** True for an IP address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or an address with a netmask. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

/** `PICTOR_TRUST_PROXY`: `true`/`false`, or comma-separated addresses, ranges and names. */
function readTrustProxy(env: Env, name: string): boolean | string[] {
  const raw = readString(env, name);
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    // Fastify ignores a hop count (it trusts no proxy then): refuse it rather than silently trust nobody.
    throw new ConfigError(
      `${name}: a number of hops cannot tell a proxy from a client that sends the headers itself; list the proxies' addresses or CIDR ranges instead, got "${raw}"`,
    );
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `${name}: must be true, false, or comma-separated IP addresses, CIDR ranges or ${PROXY_RANGE_NAMES.join(', ')}; "${bad}" is none of them`,
    );
  }
  return entries;
}

/** `PICTOR_STORAGE` as given, after checking an `s3://bucket/prefix` URL's bucket and prefix. */
function readStorage(storage: string | undefined): string | undefined {
  if (storage?.startsWith('s3:')) {
    try {
      parseS3Location(storage);
    } catch (error) {
      throw new ConfigError(`PICTOR_STORAGE: ${(error as Error).message}`);
    }
  }
  return storage;
}

function readLimits(env: Env): ServerLimits {
  const d = DEFAULT_LIMITS;
  const v = LIMIT_VARIABLES;
  const allow = readString(env, v.fetchAllowList);
  const renderTimeoutMs = readInt(env, v.renderTimeoutMs, d.renderTimeoutMs, 100, 600_000);
  return {
    bodyLimit: readInt(env, v.bodyLimit, d.bodyLimit, 1024, 1024 * 1024 * 1024),
    maxDimension: readInt(env, v.maxDimension, d.maxDimension, 1, 16_384),
    maxPixels: readInt(env, v.maxPixels, d.maxPixels, 1, 268_435_456),
    renderTimeoutMs,
    renderWallTimeoutMs: readInt(
      env,
      v.renderWallTimeoutMs,
      Math.max(d.renderWallTimeoutMs, WALL_TIMEOUT_FACTOR * renderTimeoutMs),
      100,
      3_600_000,
    ),
    queueWaitMs: readInt(env, v.queueWaitMs, d.queueWaitMs, 100, 3_600_000),
    accountMaxQueued: readInt(env, v.accountMaxQueued, d.accountMaxQueued, 1, 1_000_000),
    accountMaxRunning: readInt(env, v.accountMaxRunning, d.accountMaxRunning, 0, 1_024),
    timeoutPenaltyMax: readInt(env, v.timeoutPenaltyMax, d.timeoutPenaltyMax, 1, 1_000_000),
    fetchMaxBytes: readInt(env, v.fetchMaxBytes, d.fetchMaxBytes, 1024, 1024 * 1024 * 1024),
    fetchTimeoutMs: readInt(env, v.fetchTimeoutMs, d.fetchTimeoutMs, 100, 600_000),
    fetchAllowList: allow
      ? allow
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    // The engine refuses more whatever the setting says: a setting can only lower them.
    maxTemplateVariables: readInt(
      env,
      v.maxTemplateVariables,
      d.maxTemplateVariables,
      1,
      MAX_VARIABLE_DEFINITIONS,
    ),
    maxRequestVariables: readInt(env, v.maxRequestVariables, d.maxRequestVariables, 1, MAX_VARIABLE_ENTRIES),
    maxTemplatesPerAccount: readInt(env, v.maxTemplatesPerAccount, d.maxTemplatesPerAccount, 1, 10_000_000),
    maxRevisionsPerTemplate: readInt(env, v.maxRevisionsPerTemplate, d.maxRevisionsPerTemplate, 1, 1_000_000),
    rateLimitMax: readInt(env, v.rateLimitMax, d.rateLimitMax, 1, 100_000_000),
    rateLimitWindowMs: readInt(env, v.rateLimitWindowMs, d.rateLimitWindowMs, 1, 86_400_000),
    linkTtlSeconds: readInt(env, v.linkTtlSeconds, d.linkTtlSeconds, 1, 604_800),
    remoteReuseSeconds: readInt(env, v.remoteReuseSeconds, d.remoteReuseSeconds, 0, 30 * 86_400),
    maxUrlBytes: readInt(env, v.maxUrlBytes, d.maxUrlBytes, 256, 12_288),
    imgMaxAgeSeconds: readInt(env, v.imgMaxAgeSeconds, d.imgMaxAgeSeconds, 0, 31_536_000),
    imgRetentionSeconds: readInt(env, v.imgRetentionSeconds, d.imgRetentionSeconds, 60, 3_650 * 86_400),
    imgRenderRateMax: readInt(env, v.imgRenderRateMax, d.imgRenderRateMax, 1, 100_000_000),
    imgRenderRateWindowMs: readInt(env, v.imgRenderRateWindowMs, d.imgRenderRateWindowMs, 1, 86_400_000),
    studioIdleSeconds: readInt(env, v.studioIdleSeconds, d.studioIdleSeconds, 60, 7 * 86_400),
    studioPreviewRateMax: readInt(env, v.studioPreviewRateMax, d.studioPreviewRateMax, 1, 100_000),
    studioPreviewMaxPixels: readInt(env, v.studioPreviewMaxPixels, d.studioPreviewMaxPixels, 1, 268_435_456),
    studioSessionMaxAgeSeconds: readInt(
      env,
      v.studioSessionMaxAgeSeconds,
      d.studioSessionMaxAgeSeconds,
      60,
      30 * 86_400,
    ),
    studioSignInFailuresMax: readInt(env, v.studioSignInFailuresMax, d.studioSignInFailuresMax, 1, 100_000),
    batchMaxItems: readInt(env, v.batchMaxItems, d.batchMaxItems, 1, 1_000_000),
    batchLinkTtlSeconds: readInt(env, v.batchLinkTtlSeconds, d.batchLinkTtlSeconds, 1, 604_800),
    batchMaxRunningPerAccount: readInt(
      env,
      v.batchMaxRunningPerAccount,
      d.batchMaxRunningPerAccount,
      1,
      100_000,
    ),
    batchConcurrency: readInt(env, v.batchConcurrency, d.batchConcurrency, 0, 1_024),
    webhookTimeoutMs: readInt(env, v.webhookTimeoutMs, d.webhookTimeoutMs, 100, 600_000),
    batchClaimSeconds: readInt(env, v.batchClaimSeconds, d.batchClaimSeconds, 3, 3_600),
  };
}

/** Values given in code (CLI flags, tests) take precedence over the environment. */
export type ConfigOverrides = Partial<Omit<ServerConfig, 'limits'>> & { limits?: Partial<ServerLimits> };

/**
 * Parse the environment into a frozen config; fail fast with a message naming the variable.
 * @throws ConfigError
 * @example const config = loadConfig(process.env, { port: 0 });
 */
export function loadConfig(env: Env = process.env, overrides: ConfigOverrides = {}): Readonly<ServerConfig> {
  const port = overrides.port ?? readInt(env, 'PICTOR_PORT', 3000, 0, 65_535);
  const host = overrides.host ?? readString(env, 'PICTOR_HOST') ?? '127.0.0.1';
  const dataDir = resolve(overrides.dataDir ?? readString(env, 'PICTOR_DATA_DIR') ?? './.pictor');
  const givenUrl = overrides.publicUrl ?? readUrl(env, 'PICTOR_PUBLIC_URL', ['http:', 'https:']);
  const publicUrl = givenUrl === undefined ? undefined : givenUrl.replace(/\/+$/, '');
  const logLevel = overrides.logLevel ?? readString(env, 'PICTOR_LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`PICTOR_LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const signingSecret = overrides.signingSecret ?? readString(env, 'PICTOR_SIGNING_SECRET');
  if (signingSecret !== undefined && signingSecret.length < 16) {
    throw new ConfigError('PICTOR_SIGNING_SECRET: must be at least 16 characters');
  }
  const adminToken = overrides.adminToken ?? readString(env, 'PICTOR_ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < 16) {
    throw new ConfigError('PICTOR_ADMIN_TOKEN: must be at least 16 characters');
  }
  const workersRaw = readString(env, 'PICTOR_WORKERS');
  const workerNiceRaw = readString(env, 'PICTOR_WORKER_NICE');
  const maxRssRaw = readString(env, 'PICTOR_WORKER_MAX_RSS_MB');
  const arenasRaw = readString(env, 'PICTOR_WORKER_MALLOC_ARENAS');
  const purgeRaw = readString(env, 'PICTOR_WORKER_RESVG_PURGE_DELAY_MS');
  const mmapRaw = readString(env, 'PICTOR_WORKER_MALLOC_MMAP_THRESHOLD_KB');
  const gcRaw = readString(env, 'PICTOR_WORKER_GC_AFTER_MEGAPIXELS');
  const earlyMarkingRaw = readString(env, 'PICTOR_WORKER_EARLY_MARKING_PERCENT');
  const keptCanvasRaw = readString(env, 'PICTOR_WORKER_KEPT_CANVAS_MB');
  const heapGrowingRaw = readString(env, 'PICTOR_WORKER_HEAP_GROWING_PERCENT');
  const config: ServerConfig = {
    port,
    host,
    dataDir,
    publicUrl,
    signingSecret,
    adminToken,
    databaseUrl: overrides.databaseUrl ?? readUrl(env, 'PICTOR_DATABASE_URL', ['postgres:', 'postgresql:']),
    storage: readStorage(overrides.storage ?? readUrl(env, 'PICTOR_STORAGE', ['s3:', 'file:'])),
    s3Endpoint: overrides.s3Endpoint ?? readUrl(env, 'PICTOR_S3_ENDPOINT', ['http:', 'https:']),
    s3Region: overrides.s3Region ?? readString(env, 'AWS_REGION') ?? readString(env, 'AWS_DEFAULT_REGION'),
    workers:
      overrides.workers ?? (workersRaw === undefined ? undefined : readInt(env, 'PICTOR_WORKERS', 1, 0, 256)),
    workerNice:
      overrides.workerNice ??
      (workerNiceRaw === undefined ? undefined : readInt(env, 'PICTOR_WORKER_NICE', 0, 0, 19)),
    workerIsolation:
      overrides.workerIsolation ?? readChoice(env, 'PICTOR_WORKER_ISOLATION', ['process', 'thread'] as const),
    workerMaxRssMb:
      overrides.workerMaxRssMb ??
      (maxRssRaw === undefined ? undefined : readInt(env, 'PICTOR_WORKER_MAX_RSS_MB', 0, 0, 1_048_576)),
    workerMallocArenas:
      overrides.workerMallocArenas ??
      (arenasRaw === undefined ? undefined : readInt(env, 'PICTOR_WORKER_MALLOC_ARENAS', 0, 0, 1024)),
    workerResvgPurgeDelayMs:
      overrides.workerResvgPurgeDelayMs ??
      (purgeRaw === undefined
        ? undefined
        : purgeRaw === 'never'
          ? -1
          : readInt(env, 'PICTOR_WORKER_RESVG_PURGE_DELAY_MS', 0, 0, 60_000)),
    workerMallocMmapThresholdKb:
      overrides.workerMallocMmapThresholdKb ??
      (mmapRaw === undefined
        ? undefined
        : readInt(env, 'PICTOR_WORKER_MALLOC_MMAP_THRESHOLD_KB', 0, 0, 32_768)),
    workerGcAfterMegapixels:
      overrides.workerGcAfterMegapixels ??
      (gcRaw === undefined ? undefined : readInt(env, 'PICTOR_WORKER_GC_AFTER_MEGAPIXELS', 0, 0, 1000)),
    workerEarlyMarkingPercent:
      overrides.workerEarlyMarkingPercent ??
      (earlyMarkingRaw === undefined
        ? undefined
        : readInt(env, 'PICTOR_WORKER_EARLY_MARKING_PERCENT', 0, 0, 100)),
    workerKeptCanvasMb:
      overrides.workerKeptCanvasMb ??
      (keptCanvasRaw === undefined ? undefined : readInt(env, 'PICTOR_WORKER_KEPT_CANVAS_MB', 0, 0, 1024)),
    workerHeapGrowingPercent:
      overrides.workerHeapGrowingPercent ??
      (heapGrowingRaw === undefined
        ? undefined
        : readInt(env, 'PICTOR_WORKER_HEAP_GROWING_PERCENT', 0, 0, 1000)),
    logLevel,
    studio: overrides.studio ?? readBoolean(env, 'PICTOR_STUDIO') ?? true,
    trustProxy: overrides.trustProxy ?? readTrustProxy(env, 'PICTOR_TRUST_PROXY'),
    limits: { ...readLimits(env), ...overrides.limits },
    warnings: Object.freeze(
      Object.entries(RETIRED_VARIABLES)
        .filter(([name]) => env[name] !== undefined)
        .map(([, warning]) => warning),
    ),
  };
  Object.freeze(config.limits.fetchAllowList);
  Object.freeze(config.limits);
  return Object.freeze(config);
}

/** The public URL of a server listening on `host:port` when `PICTOR_PUBLIC_URL` is unset. */
export function defaultPublicUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
