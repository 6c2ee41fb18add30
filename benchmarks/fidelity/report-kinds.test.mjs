/** The wider corpus's held-out rule stays fixed, and the per-kind report never names a held-out case. */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { groupOf, isHeldOut } from './corpus-split.mjs';
import { classify, kindReport, selected } from './report-kinds.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const wider = join(here, 'wider');
const cases = readdirSync(wider).filter((name) => existsSync(join(wider, name, 'case.json')));

test('the held-out rule is the one written in wider/README.md (changing it would leak tuned cases)', () => {
  // SHA-256 first four bytes, big-endian, modulo 5: 0 or 1 = held out.
  assert.equal(isHeldOut('cerberus-fluid'), true);
  assert.equal(isHeldOut('cerberus-hybrid'), false);
  assert.equal(isHeldOut('keycloak-execute-actions-ar'), true);
  assert.equal(isHeldOut('keycloak-password-reset-ar'), false);
  assert.equal(isHeldOut('ghost-signin-he'), true);
  assert.equal(isHeldOut('ghost-signin-hi'), false);
});

test('at least a third of the wider corpus is held out', () => {
  const held = cases.filter(isHeldOut).length;
  assert.ok(cases.length >= 80, `${cases.length} cases`);
  assert.ok(held * 3 >= cases.length, `${held} of ${cases.length} held out`);
});

test('the report gives means per kind and per script but never a held-out case by name', () => {
  const rows = cases.map((name, i) => ({
    name,
    pictor: i % 7 === 0 ? { error: 'x' } : { dssim: 0.5 + (i % 10) / 20 },
    baseline: { dssim: 0.5 },
  }));
  const text = kindReport('wider', wider, rows).join('\n');
  // Names appear as "(name)" in the lowest column and "name 0.1234" in the list of low cases.
  for (const name of cases.filter(isHeldOut))
    assert.doesNotMatch(text, new RegExp(`[(\\s]${name}[)\\s]`), `${name} is named`);
  for (const kind of ['e-mail', 'framework page', 'document', 'Arabic', 'Thai', 'Devanagari'])
    assert.match(text, new RegExp(`\\| ${kind} \\| tuning \\|`));
  assert.match(text, /\| \*\*all\*\* \| held out \| \d+ \|/);
  // A tuning case under 0.85 is listed by name.
  const low = rows.find((r) => !isHeldOut(r.name) && r.pictor.dssim < 0.85);
  assert.ok(text.includes(`${low.name} ${low.pictor.dssim.toFixed(4)}`));
});

test('--kind and --held-out select by group, script and part', () => {
  const ar = classify('wider', wider, 'keycloak-password-reset-ar');
  assert.deepEqual(ar, { group: 'e-mail', script: 'Arabic', heldOut: false });
  assert.equal(selected(ar, { kind: 'Arabic' }), true);
  assert.equal(selected(ar, { kind: 'document' }), false);
  assert.equal(selected(ar, { heldOut: 'only' }), false);
  assert.equal(selected(ar, { heldOut: 'exclude' }), true);
  assert.equal(classify('real-world', wider, 'cerberus-fluid').heldOut, false);
  assert.equal(groupOf({ kind: 'Tailwind component (compiled to CSS)' }), 'card');
  assert.equal(groupOf({ kind: 'transactional e-mail' }), 'e-mail');
});
