/** A studio client for tests: signs in over HTTP, keeps the session cookie and CSRF token like the page does. */
import { call, type JsonResponse } from './http-server.js';

export interface StudioClient {
  cookie: string;
  csrf: string;
  /** A studio API call with the session cookie, and the CSRF token unless `csrf: false`. */
  api(
    method: string,
    path: string,
    body?: unknown,
    options?: { csrf?: boolean; headers?: Record<string, string> },
  ): Promise<JsonResponse>;
}

/** `pictor_studio=…` of a Set-Cookie header. */
export function sessionCookieOf(response: JsonResponse): string {
  const header = response.headers.get('set-cookie') ?? '';
  const match = /pictor_studio=([^;]+)/.exec(header);
  if (!match) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return `pictor_studio=${match[1]}`;
}

/** Sign in with an API key or the admin token. */
export async function signIn(
  base: string,
  credentials: { apiKey: string } | { adminToken: string },
): Promise<StudioClient> {
  const response = await call(base, 'POST', '/studio/api/session', { body: credentials });
  if (response.status !== 200)
    throw new Error(`sign-in: ${response.status} ${JSON.stringify(response.body)}`);
  const cookie = sessionCookieOf(response);
  const csrf = String(response.body.data?.csrfToken);
  return {
    cookie,
    csrf,
    api: (method, path, body, options = {}) =>
      call(base, method, `/studio/api${path}`, {
        body,
        headers: {
          cookie,
          ...(options.csrf === false ? {} : { 'x-csrf-token': csrf }),
          ...options.headers,
        },
      }),
  };
}
