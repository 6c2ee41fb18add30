/** Admin: accounts, API keys, resource packages and usage. */
import type { FastifyInstance } from 'fastify';
import type { ServerLimits } from '../../config.js';
import { validationFormatter } from '../../http/validation-message.js';
import type { AccountAdmin } from '../../services/account-admin.js';
import { success } from '../../schemas/envelope.js';
import { actionRoute, idParams } from './action.js';
import {
  adminResponses,
  adminRules,
  type CreateAccountBody,
  createAccountBody,
  type GrantPackageBody,
  grantPackageBody,
} from '../../schemas/admin.js';

/** Register the account routes on an admin scope (prefix `/admin/v1`). */
export function registerAccountAdminRoutes(
  app: FastifyInstance,
  admin: AccountAdmin,
  limits: ServerLimits,
): void {
  const tags = ['admin'];
  const security = [{ adminToken: [] }];

  app.post<{ Body: CreateAccountBody }>(
    '/accounts',
    {
      schemaErrorFormatter: validationFormatter(adminRules(limits, 'name')),
      schema: {
        tags,
        security,
        summary: 'Create an account',
        body: createAccountBody,
        response: adminResponses('{id, name, createdAt}'),
      },
    },
    async (request) => success(await admin.createAccount(request.body.name)),
  );

  actionRoute(app, 'POST', '/accounts/:id/keys', 'Create an API key (the key is shown once)', (id) =>
    admin.createKey(id),
  );
  actionRoute(
    app,
    'POST',
    '/accounts/:id/webhook-secret',
    "Create the account's webhook secret (shown once; replaces the old one)",
    (id) => admin.createWebhookSecret(id),
  );
  actionRoute(app, 'DELETE', '/keys/:id', 'Revoke an API key at once', (id) => admin.revokeKey(id));

  app.post<{ Params: { id: string }; Body: GrantPackageBody }>(
    '/accounts/:id/packages',
    {
      schemaErrorFormatter: validationFormatter(adminRules(limits, 'renders, expiresAt')),
      schema: {
        tags,
        security,
        summary: 'Grant a resource package',
        params: idParams,
        body: grantPackageBody,
        response: adminResponses('The package'),
      },
    },
    async (request) =>
      success(await admin.grantPackage(request.params.id, request.body.renders, request.body.expiresAt)),
  );

  app.get<{ Params: { id: string } }>(
    '/accounts/:id/usage',
    {
      schema: {
        tags,
        security,
        summary: 'Packages with units left, and renders done',
        params: idParams,
        response: adminResponses('{packages, rendersDone}'),
      },
    },
    async (request) => success(await admin.usage(request.params.id)),
  );
}
