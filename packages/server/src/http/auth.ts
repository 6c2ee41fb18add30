/** Authentication hooks: X-API-Key for /open/v1 (first check of every render), Bearer admin token for /admin/v1. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenMatches } from '../data-dir.js';
import { apiError } from '../errors.js';
import { authenticateApiKey } from '../services/api-keys.js';
import type { RenderCaller } from '../services/render-service.js';
import { credentialName, type SignInLimits } from '../services/sign-in-limits.js';
import type { Store } from '../db/types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API-key hook on /open/v1 routes. */
    caller?: RenderCaller;
  }
}

/**
 * An `onRequest` hook: it runs before the body is read, parsed or size-checked, so a request
 * without a valid key gets 401 whatever its body.
 */
export function apiKeyHook(store: Store) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers['x-api-key'];
    if (header === undefined || header === '')
      throw apiError('UNAUTHORIZED', 'X-API-Key: header is required');
    const record = await authenticateApiKey(store, Array.isArray(header) ? undefined : header);
    if (!record) throw apiError('UNAUTHORIZED', 'X-API-Key: unknown, revoked or malformed key');
    request.caller = { keyId: record.id, accountId: record.accountId };
  };
}

/**
 * An `onRequest` hook checking `Authorization: Bearer {admin token}` in constant time. A wrong token counts as a
 * failed sign-in of the client with the admin token (`limits`, shared with the studio's sign-in).
 */
export function adminTokenHook(adminTokenHash: Buffer, limits: SignInLimits) {
  const message = 'Authorization: must be "Bearer {admin token}" with the admin token';
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) throw apiError('UNAUTHORIZED', message);
    const credential = credentialName({ adminToken: match[1] });
    limits.check(request.ip, credential);
    if (!tokenMatches(match[1], adminTokenHash)) await limits.failed(request.ip, credential, message);
  };
}
