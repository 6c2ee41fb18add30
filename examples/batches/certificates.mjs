#!/usr/bin/env node
/**
 * A certificate run through the Pictor HTTP API (`@pictor/client`): one certificate per student of
 * students.ndjson as one batch, progress while it renders, then every image and the zip downloaded; with
 * `--webhook-port N` it also waits for the signed `batch.finished` webhook on 127.0.0.1:N and verifies it.
 *
 *   pictor templates push examples/templates/certificate.json --account ACCOUNT_ID --publish
 *   PICTOR_URL=http://127.0.0.1:3000 PICTOR_API_KEY=pk_... node examples/batches/certificates.mjs
 *
 * Env: PICTOR_URL (default http://127.0.0.1:3000), PICTOR_API_KEY (required), PICTOR_TEMPLATE_ID (default
 * certificate), PICTOR_WEBHOOK_SECRET (the account's whsec_…, for --webhook-port; the server must allow the
 * loopback address: PICTOR_FETCH_ALLOW_LIST=127.0.0.1).
 */
import http from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient, verifyWebhook } from '@pictor/client';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'out', 'certificates');
const apiKey = process.env.PICTOR_API_KEY;
if (!apiKey) {
  console.error('set PICTOR_API_KEY to an API key (pictor keys create <accountId>)');
  process.exit(2);
}
const portFlag = process.argv.indexOf('--webhook-port');
const webhookPort = portFlag > 0 ? Number(process.argv[portFlag + 1]) : undefined;

/** A one-shot receiver that resolves with the verified webhook. */
function receiveWebhook(port) {
  return new Promise((resolve, reject) => {
    const server = http.createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      try {
        const event = await verifyWebhook(process.env.PICTOR_WEBHOOK_SECRET ?? '', body, req.headers);
        res.end();
        server.close();
        resolve({ id: req.headers['webhook-id'], event });
      } catch (error) {
        res.statusCode = 400;
        res.end();
        server.close();
        reject(error);
      }
    });
    server.listen(port, '127.0.0.1');
  });
}

const pictor = createClient({ baseUrl: process.env.PICTOR_URL ?? 'http://127.0.0.1:3000', apiKey });
const items = (await readFile(join(here, 'students.ndjson'), 'utf8'))
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const webhook = webhookPort ? receiveWebhook(webhookPort) : undefined;
const started = performance.now();
const batch = await pictor.createBatch({
  templateId: process.env.PICTOR_TEMPLATE_ID ?? 'certificate',
  items,
  format: 'png',
  ...(webhookPort ? { webhook: { url: `http://127.0.0.1:${webhookPort}/pictor` } } : {}),
});
console.log(`batch ${batch.id}: ${batch.total} certificates queued`);
const ended = await pictor.waitForBatch(batch.id, {
  intervalMs: 500,
  onProgress: (b) =>
    process.stdout.write(`\r${b.status}: ${b.done} done, ${b.failed} failed of ${b.total}   `),
});
console.log(`\n${ended.status} in ${Math.round(performance.now() - started)} ms`);

await mkdir(outDir, { recursive: true });
for (const item of await pictor.listBatchItems(batch.id)) {
  if (item.status !== 'done') {
    console.log(`${item.id}: ${item.status} ${item.code ?? ''} ${item.message ?? ''}`);
    continue;
  }
  const image = Buffer.from(await (await fetch(item.url)).arrayBuffer());
  await writeFile(join(outDir, `${item.id}.png`), image);
  console.log(`${item.id}.png  ${item.width}×${item.height}  ${(image.length / 1024).toFixed(1)} KB`);
}
await pipeline(
  Readable.fromWeb(await pictor.batchArchive(batch.id)),
  createWriteStream(join(outDir, `${batch.id}.zip`)),
);
console.log(`zip: ${join(outDir, `${batch.id}.zip`)}`);
if (webhook) {
  const { id, event } = await webhook;
  console.log(`webhook ${id} verified: ${event.type}, ${event.data.done} done`);
}
