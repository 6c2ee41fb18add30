/** Admin: templates (create, draft, publish, unpublish, archive, list, get). */
import type { FastifyInstance } from 'fastify';
import type { ServerLimits } from '../../config.js';
import { validationFormatter } from '../../http/validation-message.js';
import type { CreateTemplateInput, DraftInput, TemplateAdmin } from '../../services/template-admin.js';
import { success } from '../../schemas/envelope.js';
import { actionRoute, idParams } from './action.js';
import { adminResponses, adminRules, createTemplateBody, draftBody } from '../../schemas/admin.js';

const TEMPLATE_FIELDS = 'accountId, id, name, content, variables, width, height, format, quality';
/**
 * `?accountId=` of the routes of one template: ids are unique per account, so the same id may name templates of
 * several accounts; without it the id must be used by one account alone.
 */
const accountQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    accountId: {
      type: 'string',
      minLength: 1,
      description: 'Owner of the template (needed when several accounts use the id)',
    },
  },
};
type AccountQuery = { accountId?: string };
const refOf = (id: string, query: AccountQuery) =>
  query.accountId === undefined ? { id } : { id, accountId: query.accountId };
const DRAFT_FIELDS = 'content, variables, width, height, format, quality';

/** Register the template routes on an admin scope (prefix `/admin/v1`). */
export function registerTemplateAdminRoutes(
  app: FastifyInstance,
  admin: TemplateAdmin,
  limits: ServerLimits,
): void {
  const tags = ['admin'];
  const security = [{ adminToken: [] }];

  app.post<{ Body: CreateTemplateInput }>(
    '/templates',
    {
      schemaErrorFormatter: validationFormatter(adminRules(limits, TEMPLATE_FIELDS)),
      schema: {
        tags,
        security,
        summary: 'Create a template (status draft)',
        body: createTemplateBody(limits),
        response: adminResponses('The template'),
      },
    },
    async (request) => success(await admin.create(request.body)),
  );

  app.put<{ Params: { id: string }; Querystring: AccountQuery; Body: DraftInput }>(
    '/templates/:id/draft',
    {
      schemaErrorFormatter: validationFormatter(adminRules(limits, DRAFT_FIELDS)),
      schema: {
        tags,
        security,
        summary: 'Edit the draft of a template',
        params: idParams,
        querystring: accountQuery,
        body: draftBody(limits),
        response: adminResponses('The template'),
      },
    },
    async (request) =>
      success(await admin.updateDraft(refOf(request.params.id, request.query), request.body)),
  );

  actionRoute(
    app,
    'DELETE',
    '/templates/:id/draft',
    'Discard the draft',
    (id, query) => admin.discardDraft(refOf(id, query)),
    accountQuery,
  );
  actionRoute(
    app,
    'POST',
    '/templates/:id/publish',
    'Publish the draft',
    (id, query) => admin.publish(refOf(id, query)),
    accountQuery,
  );
  actionRoute(
    app,
    'POST',
    '/templates/:id/unpublish',
    'Unpublish',
    (id, query) => admin.setStatus(refOf(id, query), 'unpublished'),
    accountQuery,
  );
  actionRoute(
    app,
    'POST',
    '/templates/:id/archive',
    'Archive',
    (id, query) => admin.setStatus(refOf(id, query), 'archived'),
    accountQuery,
  );

  app.get<{ Querystring: { accountId?: string } }>(
    '/templates',
    {
      schema: {
        tags,
        security,
        summary: 'List templates (optionally of one account)',
        querystring: { type: 'object', properties: { accountId: { type: 'string' } } },
        response: adminResponses('{templates: [...]}'),
      },
    },
    async (request) => success({ templates: await admin.list(request.query.accountId) }),
  );

  app.get<{ Params: { id: string }; Querystring: AccountQuery }>(
    '/templates/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One template',
        params: idParams,
        querystring: accountQuery,
        response: adminResponses('The template'),
      },
    },
    async (request) => success(await admin.get(refOf(request.params.id, request.query))),
  );
}
