/** Every error and every unknown route becomes the JSON envelope; 5xx never shows internals. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiError, apiError, type ErrorKindName, toApiError } from '../errors.js';
import { CONTENT_TYPE_RULE } from './json-body.js';

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

/** Install the error handler and the 404 handler (both answer with the envelope). */
export function registerErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = toApiError(error) ?? fromFastifyError(error, bodyLimit);
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
