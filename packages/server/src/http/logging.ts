/** Request logs: one line per request, secrets never in it (keys, tokens, link signatures). */
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';
import type { RenderReport } from '../services/render-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the request rendered, logged on its line (set by the render routes). */
    renderLog?: RenderReport & { server: { storedAt: number } };
    /** Why its render failed, logged on its line at warn (set by the error handler). */
    renderFailure?: RenderFailure;
  }
}

/** A failed render as an operator needs it: both codes, the engine's own message, where it stopped, its timings. */
export interface RenderFailure {
  /** Envelope code of the answer (20105…). */
  code: number;
  /** The engine's error code (RENDER_TIMEOUT, FONT_ERROR…). */
  engineCode: string;
  /** The engine's message (in library terms). */
  engineMessage: string;
  /** The stage the render stopped in, where the engine knows it. */
  stage?: unknown;
  /** The render's timings so far (ms), where the engine knows them. */
  timings?: unknown;
  /** For a time-out: which limit, and why (cpu, clock, stuck). */
  limit?: unknown;
  reason?: unknown;
}

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

/**
 * One line per request instead of Fastify's two (one on arrival, one on completion; each line is JSON
 * serialisation, redaction and a write on the event loop): `request completed` when the response has gone out,
 * with the request, status, responseTime and, for a render, what it did. The arrival line is kept at level debug.
 * Fastify's other lines (errors, broken streams) stay as they are.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line: Record<string, unknown> = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (request.renderLog) line.render = request.renderLog;
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (request.renderFailure)
      reply.log.warn({ ...line, failure: request.renderFailure }, 'render failed');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * A response that never completes (the client left first) gets no `request completed` line: log `request aborted`
 * when its connection closes, so every request leaves a line.
 */
export function registerAbortLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) {
        request.log.info({ req: request, responseTime: reply.elapsedTime }, 'request aborted');
      }
    });
  });
}
