/**
 * `GET /`: a small page for a person who opens the server's address in a browser (it answered a JSON 404): what this
 * is, and links to the studio (when on), the API's description and the health check. Not part of the API contract.
 */
import type { FastifyInstance } from 'fastify';
import { SERVER_VERSION } from '../version.js';

/** The page: no script, no external resource, styles inline. */
export function homePage(options: { studio: boolean }): string {
  const studio = options.studio
    ? '<li><a href="/studio">Studio</a>: write templates while looking at them (sign in with an API key or the admin token)</li>'
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pictor</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#0f172a}code{font-size:.9em}a{color:#1d4ed8}</style>
</head>
<body>
<main>
<h1>Pictor ${SERVER_VERSION}</h1>
<p>This server turns HTML and stored templates into PNG, JPEG and WebP images.</p>
<ul>
${studio}<li><a href="/openapi.json">/openapi.json</a>: the HTTP API, described in OpenAPI 3</li>
<li><a href="/healthz">/healthz</a>: liveness and the render pool's counters</li>
</ul>
<p>Render with <code>POST /open/v1/images/render</code> (HTML) or <code>POST /open/v1/images/templates/{id}/render</code>
(a template and its variables), with your key in <code>X-API-Key</code>; <code>pictor serve --demo</code> prints both as
curl commands. The guide is <code>docs/api.md</code> in Pictor's repository.</p>
</main>
</body>
</html>
`;
}

/** Register `GET /` (and HEAD). */
export function registerHomeRoute(app: FastifyInstance, options: { studio: boolean }): void {
  const page = homePage(options);
  app.get('/', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-cache')
      .send(page),
  );
}
