/** The one body parser: `application/json` with or without `; charset=utf-8`; every other Content-Type is 400 / 10103. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an empty body (or `{}`): an empty JSON body is accepted as no body. */
    emptyBody?: boolean;
  }
}

const ACCEPTED = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/** The message of a missing or unsupported Content-Type. */
export const CONTENT_TYPE_RULE = 'Content-Type: must be application/json or application/json; charset=utf-8';

/** True when the Content-Type header is one the API accepts. */
export function isAcceptedContentType(header: string | undefined): boolean {
  return header !== undefined && ACCEPTED.test(header.trim());
}

/**
 * Replace Fastify's parsers by one JSON parser (prototype-poisoning safe) that refuses other charsets.
 * Requests of other media types fail with FST_ERR_CTP_INVALID_MEDIA_TYPE, mapped to 400 by the error handler.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (!isAcceptedContentType(request.headers['content-type'])) {
      done(apiError('INVALID_PARAMETER', CONTENT_TYPE_RULE), undefined);
      return;
    }
    // Action routes (publish, revoke…) take an empty body or {}: an empty body is no body there.
    if (body === '' && request.routeOptions.config?.emptyBody) {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, (error, parsed) => {
      // The parser refuses prototype-poisoning keys with its "not valid JSON" error: say what is wrong instead.
      if (
        error &&
        (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' &&
        isJson(body as string)
      ) {
        done(
          apiError(
            'INVALID_PARAMETER',
            'body: a key named __proto__ (or constructor.prototype) is not allowed',
          ),
          undefined,
        );
        return;
      }
      done(error, parsed);
    });
  });
  // A compressed body would reach the JSON parser as bytes: name the real problem.
  app.addHook('preParsing', async (request) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      throw apiError(
        'INVALID_PARAMETER',
        `Content-Encoding: ${encoding} is not supported; send the JSON uncompressed`,
      );
    }
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A `preValidation` hook for routes whose body is required: a request without a body and without
 * Content-Type is not parsed by Fastify, so the missing header is reported here (still after 401).
 */
export async function requireContentType(request: FastifyRequest): Promise<void> {
  if (!isAcceptedContentType(request.headers['content-type'])) {
    throw apiError('INVALID_PARAMETER', CONTENT_TYPE_RULE);
  }
}
