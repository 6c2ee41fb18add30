/**
 * The two render operations (docs/contract/specification.md 4.1 and 4.2). Thin: auth and schemas here, the work in
 * the render service.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerLimits } from '../config.js';
import { apiKeyHook } from '../http/auth.js';
import { clientGoneSignal } from '../http/client-gone.js';
import { requireContentType } from '../http/json-body.js';
import { validationFormatter } from '../http/validation-message.js';
import type { RenderCaller, RenderService } from '../services/render-service.js';
import type { Store } from '../db/types.js';
import { serverTiming } from '../services/server-timing.js';
import { responses, success } from '../schemas/envelope.js';
import { CONTENT_TYPE_LIST } from '../schemas/render.js';
import { FORMATS } from '@pictor/core';
import {
  HTML_RENDER_FIELDS,
  type HtmlRenderRequest,
  htmlRenderBody,
  rulesFor,
  TEMPLATE_RENDER_FIELDS,
  type TemplateRenderRequest,
  templateRenderBody,
} from '../schemas/render.js';

export interface RenderRoutesOptions {
  store: Store;
  renderService: RenderService;
  limits: ServerLimits;
}

/** `data` of a successful render. */
export const renderedImageSchema = {
  type: 'object',
  properties: {
    url: {
      type: 'string',
      description: 'Signed link to the image, valid for PICTOR_LINK_TTL_SECONDS (default 300: 5 minutes)',
    },
    width: { type: 'integer', description: 'Width of the image in pixels' },
    height: { type: 'integer', description: 'Height of the image in pixels' },
    format: { type: 'string', enum: [...FORMATS] },
    contentType: { type: 'string', description: CONTENT_TYPE_LIST },
    expiresAt: { type: 'string', format: 'date-time', description: 'When the link stops working' },
    bytes: { type: 'integer', description: 'With maxBytes: the size of the image in bytes' },
    quality: { type: 'integer', description: 'With maxBytes (jpeg, webp, avif): the quality used' },
    colours: {
      type: 'integer',
      description: 'With maxBytes (png): the palette colours used, when the lossless image did not fit',
    },
  },
  required: ['url', 'width', 'height', 'format', 'contentType', 'expiresAt'],
};

/** `data` of operation A with `variants`: one image per variant. */
export const renderedVariantsSchema = {
  type: 'object',
  properties: {
    images: {
      type: 'array',
      items: {
        ...renderedImageSchema,
        properties: { variant: { type: 'string' }, ...renderedImageSchema.properties },
        required: ['variant', ...renderedImageSchema.required],
      },
    },
  },
  required: ['images'],
};

/** The authenticated caller, with its render reported on the request's log line (see http/logging.ts). */
function callerOf(request: FastifyRequest, reply: FastifyReply): RenderCaller {
  return {
    ...request.caller!,
    signal: clientGoneSignal(reply),
    report: (render) => {
      // storedAt: ms from the request's arrival to the object stored and linked (the rest is commit and reply).
      const storedAt = Math.round(reply.elapsedTime * 100) / 100;
      request.renderLog = { ...render, server: { ...render.server, storedAt } };
      reply.header('server-timing', serverTiming({ render: render.timings, service: render.server }));
      // No `request completed` line will say what a client that already left had rendered (and paid for).
      if (reply.raw.destroyed)
        request.log.info({ req: request, render: request.renderLog }, 'rendered for a client that left');
    },
  };
}

/** Register `POST /open/v1/images/templates/:id/render` and `POST /open/v1/images/render`. */
export function registerRenderRoutes(app: FastifyInstance, options: RenderRoutesOptions): void {
  const { renderService, limits } = options;
  const common = {
    onRequest: apiKeyHook(options.store),
    preValidation: requireContentType,
    config: { rateLimit: {} },
  };

  app.post<{ Params: { id: string }; Body: TemplateRenderRequest }>(
    '/open/v1/images/templates/:id/render',
    {
      ...common,
      schemaErrorFormatter: validationFormatter(rulesFor(limits, TEMPLATE_RENDER_FIELDS)),
      schema: {
        operationId: 'renderTemplate',
        tags: ['render'],
        summary: 'Render a stored template with variables (operation A)',
        security: [{ apiKey: [] }],
        params: {
          type: 'object',
          properties: { id: { type: 'string', description: 'Template id' } },
          required: ['id'],
        },
        body: templateRenderBody(limits),
        response: responses({ anyOf: [renderedVariantsSchema, renderedImageSchema] }),
      },
    },
    async (request, reply) => {
      const image = await renderService.renderTemplate(
        callerOf(request, reply),
        request.params.id,
        request.body,
      );
      return success(image);
    },
  );

  app.post<{ Body: HtmlRenderRequest }>(
    '/open/v1/images/render',
    {
      ...common,
      schemaErrorFormatter: validationFormatter(rulesFor(limits, HTML_RENDER_FIELDS)),
      schema: {
        operationId: 'renderHtml',
        tags: ['render'],
        summary: 'Render an HTML string (operation B)',
        security: [{ apiKey: [] }],
        body: htmlRenderBody(limits),
        response: responses(renderedImageSchema),
      },
    },
    async (request, reply) => success(await renderService.renderHtml(callerOf(request, reply), request.body)),
  );
}
