/**
 * `GET|HEAD /files/{key}.{ext}?expires&sign`: rendered images behind signed, expiring links
 * (docs/contract/decisions.md "Links").
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors.js';
import { type LinkCheck, readLinkQuery, verifyFileLink } from '../services/links.js';
import { parseObjectKey } from '../services/object-keys.js';
import type { ObjectStorage, StoredObjectInfo } from '../storage/types.js';
import { errorEnvelope } from '../schemas/envelope.js';
import { CONTENT_TYPE_LIST } from '../schemas/render.js';

export interface FileRoutesOptions {
  storage: ObjectStorage;
  signingSecret: string;
  /** Current time in ms. */
  now: () => number;
}

const REASONS: Record<Exclude<LinkCheck, { ok: true }>['reason'], string> = {
  missing: 'link: expires and sign are required; use the url returned by the render request',
  malformed:
    'link: expires or sign is malformed (a link is served only as issued: ?expires={unix seconds}&sign={signature}); use the url returned by the render request',
  'bad-signature': 'link: sign does not match; use the url returned by the render request',
  expired: 'link: expired; send the render request again for a new link',
};

/** Register the file route (GET and HEAD). */
export function registerFileRoutes(app: FastifyInstance, options: FileRoutesOptions): void {
  app.route<{ Params: { name: string } }>({
    method: ['GET', 'HEAD'],
    url: '/files/:name',
    exposeHeadRoute: false,
    schema: {
      operationId: 'getFile',
      tags: ['files'],
      summary: 'A rendered image, behind the signed link returned in data.url',
      params: { type: 'object', properties: { name: { type: 'string', description: '{key}.{ext}' } } },
      querystring: {
        type: 'object',
        properties: {
          expires: { description: 'Unix seconds when the link expires' },
          sign: { description: 'base64url HMAC-SHA256 of "{path}\\n{expires}"' },
        },
      },
      response: {
        200: {
          description: `The image bytes (${CONTENT_TYPE_LIST})`,
          type: 'string',
          format: 'binary',
        },
        '4xx': errorEnvelope,
      },
    },
    handler: async (request, reply) => {
      const questionMark = request.url.indexOf('?');
      const path = questionMark === -1 ? request.url : request.url.slice(0, questionMark);
      const values = readLinkQuery(questionMark === -1 ? '' : request.url.slice(questionMark + 1));
      const check: LinkCheck = values
        ? verifyFileLink({ secret: options.signingSecret, path, ...values, now: options.now })
        : { ok: false, reason: 'malformed' };
      if (!check.ok) throw apiError('LINK_INVALID', REASONS[check.reason]);
      const key = request.params.name;
      const etag = `"${key}"`;
      const isHead = request.method === 'HEAD';
      const valid = parseObjectKey(key) !== null;
      const found: (StoredObjectInfo & { body?: Readable }) | null = !valid
        ? null
        : isHead
          ? await options.storage.head(key)
          : await options.storage.get(key);
      if (!found) throw apiError('NOT_FOUND', 'file: no longer stored; send the render request again');
      reply.headers({
        'content-type': found.contentType,
        'cache-control': `public, max-age=${check.remainingSeconds}`,
        etag,
      });
      const body = found.body;
      if (request.headers['if-none-match'] === etag) {
        body?.destroy();
        return reply.code(304).send();
      }
      reply.header('content-length', String(found.size));
      return reply.send(body);
    },
  });
}
