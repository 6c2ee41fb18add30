/** Admin action routes (publish, revoke…): an empty body or `{}`, an id in the path, the object in `data`. */
import type { FastifyInstance } from 'fastify';
import { apiError } from '../../errors.js';
import { success } from '../../schemas/envelope.js';
import { adminResponses } from '../../schemas/admin.js';

/** `{id}` path parameter. */
export const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };

function checkEmptyBody(body: unknown): void {
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length > 0) {
    throw apiError('INVALID_PARAMETER', 'body: must be empty or {}');
  }
}

/** Register `METHOD url` whose handler takes the `:id` parameter (and the query, when `querystring` says one). */
export function actionRoute(
  app: FastifyInstance,
  method: 'POST' | 'DELETE',
  url: string,
  summary: string,
  act: (id: string, query: Record<string, string | undefined>) => Promise<unknown>,
  querystring?: Record<string, unknown>,
): void {
  app.route<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>({
    method,
    url,
    config: { emptyBody: true },
    schema: {
      tags: ['admin'],
      security: [{ adminToken: [] }],
      summary,
      params: idParams,
      ...(querystring ? { querystring } : {}),
      response: adminResponses('The changed object'),
    },
    handler: async (request) => {
      checkEmptyBody(request.body);
      return success(await act(request.params.id, request.query ?? {}));
    },
  });
}
