/** Envelope codes of the public API (docs/contract/decisions.md "Error codes") and the mapping from engine errors. */
import { PictorError, type PictorErrorCode, renderTimeoutMessage } from '@pictor/core';
import { LIMIT_VARIABLES } from './config.js';
import { StoreError } from './db/errors.js';

/** Envelope code for "no valid resource package". */
export const NO_RESOURCE_PACKAGE_CODE = 30101;

/** No package with units left and not expired: the HTTP layer answers 403 / 30101. */
export class NoResourcePackageError extends Error {
  override readonly name = 'NoResourcePackageError';
  readonly code = NO_RESOURCE_PACKAGE_CODE;
  readonly accountId: string;

  constructor(accountId: string) {
    super('no valid resource package: none, used up, or expired; ask for a new package');
    this.accountId = accountId;
  }
}

/** One row of the error table: envelope code, HTTP status and when it happens. */
export interface ErrorKind {
  code: number;
  status: number;
  meaning: string;
}

/** The error table of docs/contract/decisions.md "Error codes"; the one place where codes and statuses are defined. */
export const ERROR_KINDS = {
  INVALID_PARAMETER: {
    code: 10103,
    status: 400,
    meaning:
      'invalid JSON, wrong or missing Content-Type, unknown or invalid field, variable validation failure',
  },
  UNAUTHORIZED: {
    code: 10104,
    status: 401,
    meaning:
      "API key (or admin token) missing, unknown, revoked or malformed; studio: no session, or a change without the session's X-CSRF-Token or from another origin",
  },
  URL_TOO_LONG: {
    code: 10103,
    status: 414,
    meaning: 'request target (path and query) longer than the configured limit',
  },
  NOT_FOUND: { code: 10105, status: 404, meaning: 'template (or route) does not exist for this key' },
  TEMPLATE_UNAVAILABLE: {
    code: 10106,
    status: 409,
    meaning: 'template not published, archived, or draft unavailable (admin: id taken, no draft to publish)',
  },
  BODY_TOO_LARGE: { code: 10107, status: 413, meaning: 'request body larger than the configured limit' },
  RATE_LIMITED: {
    code: 10108,
    status: 429,
    meaning:
      "rate limit for this key exceeded, or the account's share of the render queue is full (Retry-After set)",
  },
  LINK_INVALID: {
    code: 10109,
    status: 403,
    meaning: "a file link's sign is missing or wrong, or the link expired",
  },
  RENDER_FAILED: {
    code: 20105,
    status: 403,
    meaning: 'image generation failed (engine, remote resource, timeout)',
  },
  NO_PACKAGE: { code: 30101, status: 403, meaning: 'no valid resource package: none, used up, or expired' },
  INTERNAL: { code: 50000, status: 500, meaning: 'unexpected server fault (details only in server logs)' },
  OVERLOADED: { code: 50000, status: 503, meaning: 'the render queue is full; retry shortly' },
} as const satisfies Record<string, ErrorKind>;

export type ErrorKindName = keyof typeof ERROR_KINDS;

/** The response envelope of every `/open/v1/*` and `/admin/v1/*` response. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data?: T;
}

/** An error that becomes an envelope response: the message is shown to the caller as is. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ErrorKindName;
  readonly code: number;
  readonly statusCode: number;
  /** Extra response headers (`Retry-After`…). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(kind: ErrorKindName, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.kind = kind;
    this.code = ERROR_KINDS[kind].code;
    this.statusCode = ERROR_KINDS[kind].status;
    this.headers = headers;
  }

  /** The envelope body of this error. */
  toEnvelope(): Envelope<never> {
    return { code: this.code, message: this.message };
  }
}

/** Shorthand: `throw apiError('NOT_FOUND', 'template "x" not found')`. */
export function apiError(kind: ErrorKindName, message: string, headers?: Record<string, string>): ApiError {
  return new ApiError(kind, message, headers);
}

/** Each engine error code maps to exactly one kind (and so one envelope code and status). */
export const CORE_ERROR_KINDS: Readonly<Record<PictorErrorCode, ErrorKindName>> = Object.freeze({
  INVALID_INPUT: 'INVALID_PARAMETER',
  VARIABLE_INVALID: 'INVALID_PARAMETER',
  TEMPLATE_INVALID: 'INVALID_PARAMETER',
  FONT_ERROR: 'RENDER_FAILED',
  FETCH_ERROR: 'RENDER_FAILED',
  RENDER_TIMEOUT: 'RENDER_FAILED',
  RENDER_FAILED: 'RENDER_FAILED',
  SAVE_FAILED: 'INTERNAL',
  OVERLOADED: 'OVERLOADED',
  TENANT_BUSY: 'RATE_LIMITED',
  ABORTED: 'OVERLOADED',
  CLOSED: 'OVERLOADED',
});

/** Caller-facing messages of the 5xx kinds: never the engine's own text. */
const SERVER_FAULT_MESSAGES: Partial<Record<PictorErrorCode, string>> = {
  OVERLOADED: 'the server is busy: too many renders are waiting; retry shortly',
  CLOSED: 'the server is shutting down; retry on another instance or shortly',
  ABORTED: 'the render was abandoned before it started; retry',
};

/** Caller-facing messages of the 429 kinds from the engine. */
const TENANT_BUSY_MESSAGE = (error: PictorError) =>
  `too many renders of this account are waiting (at most ${String(error.details?.maxQueuedPerTenant ?? 'its share')}); retry when some have finished`;

/**
 * Convert an engine error into an ApiError: 400 messages and 20105 messages keep the engine's
 * text (it says what to fix); 5xx messages are fixed texts.
 */
export function fromPictorError(error: PictorError): ApiError {
  const kind = CORE_ERROR_KINDS[error.code] ?? 'INTERNAL';
  const fixed = SERVER_FAULT_MESSAGES[error.code];
  if (fixed) return new ApiError(kind, fixed, kind === 'OVERLOADED' ? { 'retry-after': '1' } : {});
  if (error.code === 'TENANT_BUSY')
    return new ApiError(kind, TENANT_BUSY_MESSAGE(error), { 'retry-after': '2' });
  if (error.code === 'RENDER_TIMEOUT')
    return new ApiError(kind, `image generation failed: ${timeoutMessage(error)}`);
  if (kind === 'RENDER_FAILED') return new ApiError(kind, `image generation failed: ${error.message}`);
  return new ApiError(kind, error.message);
}

/** A RENDER_TIMEOUT in an HTTP caller's terms: the server's setting, not the library's option. */
function timeoutMessage(error: PictorError): string {
  const { reason, limit } = error.details ?? {};
  const limitMs = error.details?.[limit as string];
  if ((reason !== 'cpu' && reason !== 'clock' && reason !== 'stuck') || typeof limitMs !== 'number')
    return error.message;
  const setting =
    limit === 'wallTimeoutMs' ? LIMIT_VARIABLES.renderWallTimeoutMs : LIMIT_VARIABLES.renderTimeoutMs;
  const subject = error.details?.subject === 'template' ? 'template' : 'render';
  return renderTimeoutMessage(reason, limitMs, `ask this server's operator to raise ${setting}`, subject);
}

function isUnexplainedFault(error: PictorError): boolean {
  return CORE_ERROR_KINDS[error.code] === 'INTERNAL' && SERVER_FAULT_MESSAGES[error.code] === undefined;
}

/** True for a PictorError, also one from another copy of the engine module (duck-typed on name and code). */
export function isPictorError(error: unknown): error is PictorError {
  if (error instanceof PictorError) return true;
  const e = error as { name?: unknown; code?: unknown } | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    e.name === 'PictorError' &&
    typeof e.code === 'string' &&
    e.code in CORE_ERROR_KINDS
  );
}

/** ApiError as is; PictorError, NoResourcePackageError, StoreError mapped; anything else null (an unexpected fault: log it, answer 50000). */
export function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  // An engine error that is a server fault with no caller-facing text (SAVE_FAILED: the disk) is unexpected here.
  if (isPictorError(error)) return isUnexplainedFault(error) ? null : fromPictorError(error);
  if (error instanceof NoResourcePackageError) return new ApiError('NO_PACKAGE', error.message);
  if (error instanceof StoreError)
    return new ApiError(error.kind === 'conflict' ? 'TEMPLATE_UNAVAILABLE' : 'NOT_FOUND', error.message);
  return null;
}
