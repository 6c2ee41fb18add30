/** The one error of the render calls: the service's envelope code and message, and the HTTP status. */

/** A render request the service refused (or an answer that was not Pictor's envelope). */
export class PictorApiError extends Error {
  override readonly name = 'PictorApiError';
  /** The envelope's code: 10103 invalid parameter, 10104 bad key, 30101 no units… (50000 when not an envelope). */
  readonly code: number;
  /** The HTTP status. */
  readonly status: number;
  /** Seconds to wait before retrying, from `Retry-After` (429, 503), when given. */
  readonly retryAfter: number | undefined;

  constructor(code: number, message: string, status: number, retryAfter?: number) {
    super(message);
    this.code = code;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}
