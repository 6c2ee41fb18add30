#!/usr/bin/env node
/**
 * Sign an image URL of a published template with @pictor/client (no call to the service), write a page whose
 * og:image and <img> use it, and fetch it twice: the first request renders (one unit), the second is served from
 * storage (no render, no unit).
 *
 *   PICTOR_URL=http://127.0.0.1:3000 PICTOR_URL_KEY_ID=uk_... PICTOR_URL_KEY_SECRET=us_... node examples/client/og-image.mjs
 *
 * Env: PICTOR_URL (default http://127.0.0.1:3000), PICTOR_URL_KEY_ID and PICTOR_URL_KEY_SECRET (required:
 *      `pictor url-keys create <accountId>`), PICTOR_TEMPLATE_ID (default social-card; push and publish it first).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageUrl } from '@pictor/client';

const baseUrl = process.env.PICTOR_URL ?? 'http://127.0.0.1:3000';
const keyId = process.env.PICTOR_URL_KEY_ID;
const secret = process.env.PICTOR_URL_KEY_SECRET;
const template = process.env.PICTOR_TEMPLATE_ID ?? 'social-card';
if (!keyId || !secret) {
  console.error('set PICTOR_URL_KEY_ID and PICTOR_URL_KEY_SECRET (pictor url-keys create <accountId>)');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const variables = JSON.parse(
  await readFile(join(here, '..', 'templates', `${template}.variables.json`), 'utf8'),
);

// An og:image must be png or jpeg for every crawler; scale 1 is the 1200×630 crawlers expect.
const og = await imageUrl({ baseUrl, keyId, secret, template, variables, format: 'png' });
// A sharp 2× picture for the page itself, in webp.
const retina = await imageUrl({ baseUrl, keyId, secret, template, variables, format: 'webp', scale: 2 });

const page = `<!doctype html>
<html><head>
  <meta property="og:image" content="${og}">
  <meta property="og:image:width" content="1200">
  <meta property="og:image:height" content="630">
  <meta name="twitter:card" content="summary_large_image">
</head><body>
  <img src="${og}" srcset="${og} 1x, ${retina} 2x" width="600" alt="">
</body></html>
`;
const outDir = join(here, '..', 'out');
await mkdir(outDir, { recursive: true });
await writeFile(join(outDir, 'og-page.html'), page);
console.log(`og:image ${og}`);

for (const attempt of ['first (renders)', 'second (stored)']) {
  const started = performance.now();
  const response = await fetch(og);
  const bytes = Buffer.from(await response.arrayBuffer());
  const ms = (performance.now() - started).toFixed(0);
  if (response.status !== 200) {
    console.error(`${attempt}: HTTP ${response.status} ${bytes.toString('utf8')}`);
    process.exit(1);
  }
  console.log(
    `${attempt}: ${response.headers.get('content-type')} ${bytes.length} bytes in ${ms} ms, ETag ${response.headers.get('etag')}`,
  );
}
console.log(`wrote ${join(outDir, 'og-page.html')}`);
