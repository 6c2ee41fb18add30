/** Every error and every unknown route becomes the JSON envelope; 5xx never shows internals. */
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiError, apiError, type ErrorKindName, isPictorError, toApiError } from '../errors.js';
import { CONTENT_TYPE_RULE } from './json-body.js';
import { CallerGoneError } from '../services/quota.js';

const BY_STATUS: Record<number, ErrorKindName> = {
  400: 'INVALID_PARAMETER',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'INVALID_PARAMETER',
  429: 'RATE_LIMITED',
};

/** Fastify's own request errors (parsing, limits), in caller terms. */
function fromFastifyError(error: FastifyError, bodyLimit: number): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return apiError('INVALID_PARAMETER', CONTENT_TYPE_RULE);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return apiError('BODY_TOO_LARGE', `body: must be at most ${bodyLimit} bytes`);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return apiError('INVALID_PARAMETER', 'Content-Length: must match the length of the body');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return apiError('INVALID_PARAMETER', 'body: must be a JSON object, got an empty body');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return apiError('INVALID_PARAMETER', 'body: must be valid JSON');
    default:
      break;
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const kind = BY_STATUS[status] ?? 'INVALID_PARAMETER';
    return apiError(kind, kind === 'INVALID_PARAMETER' ? `request: ${error.message}` : error.message);
  }
  return null;
}

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  reply.headers(error.headers);
  return reply.code(error.statusCode).send(error.toEnvelope());
}

/** The most of an over-limit body read (and discarded) so that its client can read the 413: 8 × the body limit. */
export const DRAIN_FACTOR = 8;

/**
 * Read and discard what is left of a request body, up to `maxBytes`. Fastify answers a body over the limit at once
 * and closes the connection; a client still sending then fails with EPIPE and never sees the 413 (Node's fetch
 * does). Once the body has arrived, the answer is read by every client.
 */
export function drainRequest(raw: IncomingMessage, maxBytes: number): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) {
        raw.pause();
        finish();
      }
    };
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('error', finish);
    raw.once('close', finish);
    raw.resume();
  });
}

/** Install the error handler and the 404 handler (both answer with the envelope). */
export function registerErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      await drainRequest(request.raw, DRAIN_FACTOR * bodyLimit);
    const abandoned = error instanceof CallerGoneError || (isPictorError(error) && error.code === 'ABORTED');
    if (abandoned) {
      // Nobody is left to read the answer and nothing was charged: not a fault of the server. (A finished render
      // is already on the log as "rendered for a client that left".)
      if (!request.renderLog)
        request.log.info('render dropped: the client left before it started; nothing charged');
      return sendError(
        reply,
        apiError('OVERLOADED', 'the client closed the connection; nothing was charged'),
      );
    }
    const known = toApiError(error) ?? fromFastifyError(error, bodyLimit);
    if (known && isPictorError(error) && known.kind === 'RENDER_FAILED') {
      const { stage, timings, limit, reason } = error.details ?? {};
      request.renderFailure = {
        code: known.code,
        engineCode: error.code,
        engineMessage: error.message,
        ...(stage === undefined ? {} : { stage }),
        ...(timings === undefined ? {} : { timings }),
        ...(limit === undefined ? {} : { limit, reason }),
      };
    }
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, known);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, apiError('INTERNAL', `internal server error (request id ${request.id})`));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return sendError(reply, apiError('NOT_FOUND', `route not found: ${request.method} ${path}`));
  });
}
