/** Admin: templates (create, draft, publish, unpublish, archive, list, get). */
import type { FastifyInstance } from 'fastify';
import type { ServerLimits } from '../../config.js';
import { validationFormatter } from '../../http/validation-message.js';
import type { CreateTemplateInput, DraftInput, TemplateAdmin } from '../../services/template-admin.js';
import { success } from '../envelope-schemas.js';
import { actionRoute, idParams } from './action.js';
import { adminResponses, adminRules, createTemplateBody, draftBody } from './schemas.js';

const TEMPLATE_FIELDS = 'accountId, id, name, content, variables, width, height, format, quality';
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

  app.put<{ Params: { id: string }; Body: DraftInput }>(
    '/templates/:id/draft',
    {
      schemaErrorFormatter: validationFormatter(adminRules(limits, DRAFT_FIELDS)),
      schema: {
        tags,
        security,
        summary: 'Edit the draft of a template',
        params: idParams,
        body: draftBody(limits),
        response: adminResponses('The template'),
      },
    },
    async (request) => success(await admin.updateDraft(request.params.id, request.body)),
  );

  actionRoute(app, 'DELETE', '/templates/:id/draft', 'Discard the draft', (id) => admin.discardDraft(id));
  actionRoute(app, 'POST', '/templates/:id/publish', 'Publish the draft', (id) => admin.publish(id));
  actionRoute(app, 'POST', '/templates/:id/unpublish', 'Unpublish', (id) =>
    admin.setStatus(id, 'unpublished'),
  );
  actionRoute(app, 'POST', '/templates/:id/archive', 'Archive', (id) => admin.setStatus(id, 'archived'));

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

  app.get<{ Params: { id: string } }>(
    '/templates/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One template',
        params: idParams,
        response: adminResponses('The template'),
      },
    },
    async (request) => success(await admin.get(request.params.id)),
  );
}
