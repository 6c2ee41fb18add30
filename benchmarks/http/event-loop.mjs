/**
 * The event loop under the worst bodies (issue 38): a real server (built CLI, its own process, 2 workers, default
 * limits), an account with no units signed in to the studio with its API key, and a victim account rendering one
 * small fresh card at a time through the API. Phase "quiet": the victim alone. Phase "attack": four attacker loops
 * at once, each sending the worst bodies under the limits in turn — a template save of the largest content (2 MiB of
 * text, the render content limit), a fill of 1,024 values against a pattern, a fill of sections nested over two
 * long arrays (the fill step limit), and a studio preview (refused without a package). Reported: /healthz latency
 * (one probe every 20 ms) and the victim's latency, p50/p99/max, in each phase; and what the attacker got.
 *
 *   pnpm build && node benchmarks/http/event-loop.mjs [--phase 20]
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, machineLine, markdownTable, quantile } from '../lib/report.mjs';
import { admin, startBenchServer } from './server-process.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { phase: { type: 'string', default: '20' } } });
const PHASE_MS = Number(values.phase) * 1000;

const server = await startBenchServer({
  root: join(here, '../..'),
  workers: 2,
  env: { PICTOR_BODY_LIMIT: String(5 * 1024 * 1024), PICTOR_STUDIO_PREVIEW_RATE_MAX: '100000' },
});
const { base, adminToken } = server;

// The attacker: an account with a key and no units, signed in to the studio.
const { id: attackerId } = await admin(base, adminToken, 'POST', '/accounts', { name: 'attacker' });
const { key: attackerKey } = await admin(base, adminToken, 'POST', `/accounts/${attackerId}/keys`);
const signIn = await fetch(`${base}/studio/api/session`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ apiKey: attackerKey }),
});
const cookie = /pictor_studio=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')?.[0] ?? '';
const csrf = (await signIn.json()).data.csrfToken;
const studio = (method, path, body) =>
  fetch(`${base}/studio/api${path}`, {
    method,
    headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

// Templates of the attacker's, published, for the fills (operation A fills before it reserves a unit).
async function publishedTemplate(definition) {
  const { id } = await admin(base, adminToken, 'POST', '/templates', {
    accountId: attackerId,
    ...definition,
  });
  await admin(base, adminToken, 'POST', `/templates/${id}/publish`);
  return id;
}
const patternTemplate = await publishedTemplate({
  name: 'patterns',
  content: '<div style="display:flex">{{#tags}}{{.}} {{/tags}}</div>',
  variables: { tags: { type: 'array', items: { type: 'string', pattern: '^[\\p{L}\\p{N}_-]+$' } } },
  width: 100,
  height: 100,
});
const nestedTemplate = await publishedTemplate({
  name: 'nested',
  content: '<div style="display:flex">{{#a}}{{#b}}{{x}}{{y}}{{/b}}{{/a}}</div>',
  variables: {
    a: { type: 'array', items: { type: 'integer' } },
    b: { type: 'array', items: { type: 'integer' } },
    x: { type: 'string' },
    y: { type: 'string' },
  },
  width: 100,
  height: 100,
});

const BIG_CONTENT = 'x'.repeat(2 * 1024 * 1024 - 64);
const renderAs = (key, path, body) =>
  fetch(`${base}/open/v1/images${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const worstBodies = [
  [
    'template save, 2 MiB of text',
    (n) => studio('POST', '/templates', { name: `big ${n}`, content: BIG_CONTENT, width: 100, height: 100 }),
  ],
  [
    '1,024 values against a pattern',
    () =>
      renderAs(attackerKey, `/templates/${patternTemplate}/render`, {
        variables: { tags: Array.from({ length: 1024 }, (_, i) => `${'a'.repeat(400)}${i}`) },
      }),
  ],
  [
    'sections nested over two arrays',
    () =>
      renderAs(attackerKey, `/templates/${nestedTemplate}/render`, {
        variables: {
          a: Array.from({ length: 1000 }, (_, i) => i),
          b: Array.from({ length: 1000 }, (_, i) => i),
        },
      }),
  ],
  [
    'studio preview, 2048²',
    () =>
      studio('POST', '/preview', { content: '<div style="display:flex">x</div>', width: 2048, height: 2048 }),
  ],
];

let card = 0;
const victimCard = () =>
  `<div style="display:flex;align-items:center;justify-content:center;width:100%;height:100%;background:#0f766e;color:white;font-size:28px">Order ${++card}</div>`;

/** Probe /healthz every 20 ms and render the victim's cards one at a time until `until`. */
async function measure(until) {
  const health = [];
  const victim = [];
  const probe = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await fetch(`${base}/healthz`).then((res) => res.arrayBuffer());
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const render = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const res = await renderAs(server.key, '/render', {
        content: victimCard(),
        width: 480,
        height: 240,
        format: 'webp',
      });
      await res.arrayBuffer();
      if (res.status === 200) victim.push(performance.now() - started);
    }
  })();
  await Promise.all([probe, render]);
  return { health, victim };
}

console.log(machineLine());
const quiet = await measure(performance.now() + PHASE_MS);
const outcomes = new Map();
const attackEnd = performance.now() + PHASE_MS;
const attackers = Array.from({ length: 4 }, async (_, index) => {
  let n = index;
  while (performance.now() < attackEnd) {
    const [name, send] = worstBodies[n++ % worstBodies.length];
    const res = await send(n);
    const envelope = await res.json().catch(() => ({}));
    const key = `${name}: ${res.status}/${envelope.code}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
});
const attack = await measure(attackEnd);
await Promise.all(attackers);
await server.stop();

const row = (phase, name, values) => [
  phase,
  name,
  String(values.length),
  fmt(quantile(values, 0.5), 1),
  fmt(quantile(values, 0.99), 1),
  fmt(Math.max(...values), 1),
];
console.log(
  markdownTable(
    ['phase', 'what', 'n', 'p50 ms', 'p99 ms', 'max ms'],
    [
      row('quiet', '/healthz', quiet.health),
      row('quiet', 'victim render', quiet.victim),
      row('attack', '/healthz', attack.health),
      row('attack', 'victim render', attack.victim),
    ],
  ),
);
console.log('\nWhat the attacker got:');
for (const [key, count] of [...outcomes].sort()) console.log(`- ${key} × ${count}`);
