/** Admin: URL keys of the embeddable image URLs (the secret is shown once, at creation). */
import type { FastifyInstance } from 'fastify';
import type { UrlKeyAdmin } from '../../services/url-keys.js';
import { success } from '../../schemas/envelope.js';
import { actionRoute, idParams } from './action.js';
import { adminResponses } from '../../schemas/admin.js';

/** Register `POST|GET /accounts/:id/url-keys` and `DELETE /url-keys/:id` on an admin scope (prefix `/admin/v1`). */
export function registerUrlKeyAdminRoutes(app: FastifyInstance, urlKeys: UrlKeyAdmin): void {
  actionRoute(
    app,
    'POST',
    '/accounts/:id/url-keys',
    'Create a URL key for signing image URLs: {id: "uk_…", secret} (the secret is shown once)',
    (id) => urlKeys.create(id),
  );
  actionRoute(app, 'DELETE', '/url-keys/:id', 'Revoke a URL key at once: its URLs stop working', (id) =>
    urlKeys.revoke(id),
  );
  app.get<{ Params: { id: string } }>(
    '/accounts/:id/url-keys',
    {
      schema: {
        tags: ['admin'],
        security: [{ adminToken: [] }],
        summary: "The account's URL keys (ids, creation and revocation times; never secrets)",
        params: idParams,
        response: adminResponses('{accountId, urlKeys: [{id, accountId, createdAt, revokedAt}]}'),
      },
    },
    async (request) => success(await urlKeys.list(request.params.id)),
  );
}
