/** The admin API under `/admin/v1`, behind `Authorization: Bearer {admin token}`. */
import type { FastifyInstance } from 'fastify';
import type { ServerLimits } from '../../config.js';
import { adminTokenHook } from '../../http/auth.js';
import type { SignInLimits } from '../../services/sign-in-limits.js';
import type { AccountAdmin } from '../../services/account-admin.js';
import type { TemplateAdmin } from '../../services/template-admin.js';
import type { UrlKeyAdmin } from '../../services/url-keys.js';
import { registerAccountAdminRoutes } from './accounts.js';
import { registerTemplateAdminRoutes } from './templates.js';
import { registerUrlKeyAdminRoutes } from './url-keys.js';

export interface AdminRoutesOptions {
  adminTokenHash: Buffer;
  /** Failed admin tokens count here, with the studio's failed sign-ins. */
  signInLimits: SignInLimits;
  accounts: AccountAdmin;
  templates: TemplateAdmin;
  urlKeys: UrlKeyAdmin;
  limits: ServerLimits;
}

/** Register every admin route in its own scope with the token check as its first hook. */
export async function registerAdminRoutes(app: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', adminTokenHook(options.adminTokenHash, options.signInLimits));
      registerAccountAdminRoutes(scope, options.accounts, options.limits);
      registerUrlKeyAdminRoutes(scope, options.urlKeys);
      registerTemplateAdminRoutes(scope, options.templates, options.limits);
    },
    { prefix: '/admin/v1' },
  );
}
