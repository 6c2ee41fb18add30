/** Log hygiene: secrets never reach the logs (keys, tokens, link signatures). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';

/** pino `redact` paths: API keys, admin tokens and plaintext keys in any logged object. */
export const logRedactPaths = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'headers["x-api-key"]',
  'headers.authorization',
  'key',
  '*.key',
  'apiKey',
  'adminToken',
  'signingSecret',
];

/**
 * Query parameters whose values are hidden in logged URLs: link signatures, and credentials a client may wrongly
 * put in a URL (`?token=`, `?api_key=`…), which would otherwise land in every log line of the request.
 */
const SECRET_QUERY =
  /([?&](?:sign|token|access_token|auth|authorization|key|api_key|apikey|x-api-key|secret|password)=)[^&]*/gi;

/** The request as logged: method, URL with `sign` and credential-like parameters hidden, id and remote address. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    id: request.id,
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[redacted]'),
    remoteAddress: request.ip,
  };
}

/** The response as logged: its status. */
export function serializeReply(reply: FastifyReply): Record<string, unknown> {
  return { statusCode: reply.statusCode };
}

/** The service logger: pino JSON lines with request ids, secrets redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: logRedactPaths, censor: '[redacted]' },
      serializers: { req: serializeRequest, res: serializeReply, err: pino.stdSerializers.err },
    },
    destination,
  );
}
