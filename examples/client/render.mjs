#!/usr/bin/env node
/**
 * Render twice through the Pictor HTTP API with fetch (Node 20+, no dependencies): operation A (a stored
 * template with variables) and operation B (an HTML string), then download both images from their signed links.
 *
 *   PICTOR_URL=http://127.0.0.1:3000 PICTOR_API_KEY=pk_... node examples/client/render.mjs
 *
 * Env: PICTOR_URL (default http://127.0.0.1:3000), PICTOR_API_KEY (required),
 *      PICTOR_TEMPLATE_ID (default social-card; push it first, see examples/README.md).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const baseUrl = (process.env.PICTOR_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const apiKey = process.env.PICTOR_API_KEY;
const templateId = process.env.PICTOR_TEMPLATE_ID ?? 'social-card';
if (!apiKey) {
  console.error('set PICTOR_API_KEY to an API key (pictor keys create <accountId>)');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'out');

/** A failed request: the envelope's code and message, and the HTTP status. */
class PictorApiError extends Error {
  constructor(status, code, message) {
    super(`HTTP ${status}, code ${code}: ${message}`);
    this.status = status;
    this.code = code;
  }
}

/** POST a body to a render operation; resolve with `data` ({url, width, height, format, ...}) on code 0. */
async function render(path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.code !== 0) throw new PictorApiError(response.status, envelope.code, envelope.message);
  return envelope.data;
}

/** Download a signed link (valid for 5 minutes) to a file; return its size. */
async function download(url, file) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  await writeFile(file, bytes);
  return bytes.length;
}

async function run(label, path, body, file) {
  const started = performance.now();
  try {
    const data = await render(path, body);
    const size = await download(data.url, file);
    const ms = (performance.now() - started).toFixed(0);
    console.log(`${label}: ${data.width}×${data.height} ${data.format}, ${size} bytes -> ${file} (${ms} ms)`);
    console.log(`  link: ${data.url}`);
  } catch (error) {
    console.error(`${label}: ${error.message}`);
    process.exitCode = 1;
  }
}

await mkdir(outDir, { recursive: true });

// Operation A: variables from the example's sample file; size and format default to the template's.
let variables = {};
try {
  variables = JSON.parse(
    await readFile(join(here, '..', 'templates', `${templateId}.variables.json`), 'utf8'),
  );
} catch {
  // not one of the examples: send no variables and let the template's defaults apply
}
await run(
  `A template ${templateId}`,
  `/open/v1/images/templates/${encodeURIComponent(templateId)}/render`,
  { variables, format: 'webp', quality: 85 },
  join(outDir, 'client-template.webp'),
);

// Operation B: an HTML string; the height follows the content because it is omitted.
const content = `
<div style="display:flex;flex-direction:column;width:800px;padding:48px;background-image:linear-gradient(120deg,#0ea5e9,#6366f1);color:white;font-family:Inter">
  <div style="font-size:48px;font-weight:800">Hello from fetch 👋</div>
  <div style="margin-top:12px;font-size:26px;opacity:0.85">Operation B: HTML in, a signed link out.</div>
</div>`;
await run(
  'B html',
  '/open/v1/images/render',
  { content, width: 800, format: 'png' },
  join(outDir, 'client-html.png'),
);
