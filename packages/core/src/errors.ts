/** The one error type of the engine, with stable codes the server maps to envelope codes. */

/**
 * Stable error codes. Each maps to exactly one envelope code in the server:
 * - `INVALID_INPUT`     a render option is invalid (size, format, quality, html, font spec)  → 400 / 10103
 * - `VARIABLE_INVALID`  a template variable is missing, of the wrong type or breaks a rule    → 400 / 10103
 * - `TEMPLATE_INVALID`  a template definition itself is invalid (bad variable definitions)    → 400 / 10103
 * - `FONT_ERROR`        a font could not be fetched or parsed                                 → 403 / 20105
 * - `FETCH_ERROR`       a remote resource (image, stylesheet) could not be fetched or is refused → 403 / 20105
 * - `RENDER_TIMEOUT`    the render took longer than the time limit and was stopped            → 403 / 20105
 * - `RENDER_FAILED`     the engine failed on this input (layout, raster, encode, too large)   → 403 / 20105
 * - `SAVE_FAILED`       the image could not be written to the file of `saveTo` (disk full...) → 500 / 50000
 * - `OVERLOADED`        the render queue is full, or a render waited too long for a worker    → 503 / 50000
 * - `TENANT_BUSY`       the tenant (RenderOptions.tenant) has its share of the queue waiting  → 429 / 10108
 * - `ABORTED`           the caller's AbortSignal fired before the render started              → (caller gone)
 * - `CLOSED`            the renderer was closed, or is shutting down and the render never started → 503 / 50000
 */
export const ERROR_CODES = [
  'INVALID_INPUT',
  'VARIABLE_INVALID',
  'TEMPLATE_INVALID',
  'FONT_ERROR',
  'FETCH_ERROR',
  'RENDER_TIMEOUT',
  'RENDER_FAILED',
  'SAVE_FAILED',
  'OVERLOADED',
  'TENANT_BUSY',
  'ABORTED',
  'CLOSED',
] as const;

export type PictorErrorCode = (typeof ERROR_CODES)[number];

/** Machine-readable context of an error: which field or variable, which rule. */
export interface PictorErrorDetails {
  /** Dotted path of the offending input field, e.g. `width`, `fonts[0].url`, `variables.title`. */
  field?: string;
  /** The rule that was broken, e.g. `maxLength`, `type`, `required`. */
  rule?: string;
  /** Anything else worth knowing (URL of a failed resource, font family...). */
  [key: string]: unknown;
}

/** Plain-object form of a PictorError, as it crosses worker-thread boundaries. */
export interface SerializedPictorError {
  name: 'PictorError';
  code: PictorErrorCode;
  message: string;
  details?: PictorErrorDetails;
}

/**
 * Every failure the engine reports is a PictorError with a stable `code`.
 * The message says what to fix; it never contains secrets or stack traces.
 *
 * @example
 * try { await render({ html, width: 0 }) } catch (e) {
 *   if (e instanceof PictorError && e.code === 'INVALID_INPUT') console.log(e.message) // "width: must be an integer from 1 to 4096"
 * }
 */
export class PictorError extends Error {
  override readonly name = 'PictorError';
  readonly code: PictorErrorCode;
  readonly details: PictorErrorDetails | undefined;

  constructor(
    code: PictorErrorCode,
    message: string,
    details?: PictorErrorDetails,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = code;
    this.details = details;
  }

  /** Plain object for postMessage / JSON. */
  toJSON(): SerializedPictorError {
    return { name: 'PictorError', code: this.code, message: this.message, details: this.details };
  }

  /** Rebuild an error that crossed a thread boundary. */
  static fromJSON(value: SerializedPictorError): PictorError {
    // `new this`, not `new PictorError`: a class that names itself inside its body is renamed by the bundler
    // (`class _PictorError`), which Node then shows in stack traces and util.inspect.
    return new this(value.code, value.message, value.details);
  }

  /** True for objects produced by `toJSON` (after structured cloning). */
  static isSerialized(value: unknown): value is SerializedPictorError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { name?: unknown }).name === 'PictorError' &&
      ERROR_CODES.includes((value as { code: PictorErrorCode }).code)
    );
  }
}

/** Wrap anything thrown by a third-party stage into a PictorError, keeping PictorErrors as they are. */
export function toPictorError(error: unknown, code: PictorErrorCode, context: string): PictorError {
  if (error instanceof PictorError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new PictorError(code, `${context}: ${reason}`, undefined, { cause: error });
}
