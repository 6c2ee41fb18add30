/**
 * `GET|HEAD /img/…`: embeddable image URLs, signed by the template owner's URL key (docs/contract/decisions.md
 * "Embeddable image URLs").
 */
import type { FastifyInstance } from 'fastify';
import type { ImageUrlService } from '../services/image-urls.js';
import { errorEnvelope } from '../schemas/envelope.js';
import { CONTENT_TYPE_LIST } from '../schemas/render.js';

/** Register the image URL route in both forms (GET and HEAD). */
export function registerImageUrlRoutes(app: FastifyInstance, images: ImageUrlService): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/img/*',
    exposeHeadRoute: false,
    schema: {
      operationId: 'getImageUrl',
      tags: ['images'],
      summary:
        'An image of a published template, rendered on the first request and served from storage afterwards. Query form /img/{urlKeyId}/{templateId}.{png|jpg|webp|avif|auto}?{variables and _w, _h, _q, _bytes, _scale, _v}&sign={signature}; path form /img/{urlKeyId}/{templateId}/{q}/{signature}.{ext}. .auto answers AVIF, WebP or the template format by the Accept header (Vary: Accept). X-Pictor-Cache says hit (served from storage) or miss (rendered for this request); Server-Timing the stages.',
      response: {
        200: {
          description: `The image bytes (${CONTENT_TYPE_LIST})`,
          type: 'string',
          format: 'binary',
        },
        304: { description: 'Not modified (If-None-Match matched the ETag)', type: 'null' },
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    // An error is about this request only: never let a CDN or browser keep it.
    onSend: async (_request, reply, payload) => {
      if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
      return payload;
    },
    handler: async (request, reply) => {
      const ifNoneMatch = request.headers['if-none-match'];
      const answer = await images.answer({
        target: request.raw.url ?? request.url,
        head: request.method === 'HEAD',
        ifNoneMatch: typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined,
        accept: request.headers.accept,
      });
      reply.headers(answer.headers);
      if (answer.status === 304) {
        reply.removeHeader('content-type');
        return reply.code(304).send();
      }
      return reply.send(answer.body);
    },
  });
}
