/**
 * The studio page: static files built with the package (`dist/studio`, each also pre-compressed as .br and .gz),
 * served with a strict Content-Security-Policy: scripts only from this server, no inline script, so neither a
 * template's content nor a variable's value can ever run in the page.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError } from '../errors.js';

/** The page's Content-Security-Policy. Styles may be inline: CodeMirror writes its theme into `<style>` elements. */
export const STUDIO_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Where the built page is: beside the bundled server (`dist/studio`), or the package's `dist/studio` from `src/`. */
export function studioAssetDir(): string | undefined {
  const candidates = [new URL('./studio/', import.meta.url), new URL('../../dist/studio/', import.meta.url)];
  for (const candidate of candidates) {
    const dir = fileURLToPath(candidate);
    if (existsSync(`${dir}index.html`)) return dir;
  }
  return undefined;
}

function pageHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', STUDIO_CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cross-origin-opener-policy', 'same-origin');
}

/** Serve the page at `/studio` and its files under `/studio/assets/`. */
export async function registerStudioPage(app: FastifyInstance): Promise<void> {
  const root = studioAssetDir();
  if (!root) {
    app.get('/studio', async () => {
      throw apiError('NOT_FOUND', 'the studio page is not built: run "pnpm build" in packages/server');
    });
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/studio/',
    preCompressed: true,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.header('content-security-policy', STUDIO_CSP);
      res.header('x-content-type-options', 'nosniff');
      // Hashed file names never change: cache them; the page itself is revalidated.
      res.header(
        'cache-control',
        /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const page = async (_request: unknown, reply: FastifyReply) => {
    pageHeaders(reply);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/studio', page);
  app.get('/studio/', page);
}
