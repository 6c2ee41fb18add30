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

/** The request as logged: method, URL with `sign` hidden, id and remote address. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    id: request.id,
    method: request.method,
    url: request.url.replace(/([?&]sign=)[^&]*/g, '$1[redacted]'),
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
