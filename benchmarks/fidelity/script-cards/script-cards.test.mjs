/**
 * The script cards: ≥ 18 cards in ≥ 15 scripts and features, a held-out part by the wider corpus's rule that the
 * report never names, and the font files of web-font cards served to both engines (data: URIs for Chromium, copies
 * for Pictor, removed afterwards).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isHeldOut } from '../corpus-split.mjs';
import { withFontFiles } from '../web-fonts.mjs';
import { scriptCardsReport } from './report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const cards = readdirSync(here).filter((name) => existsSync(join(here, name, 'case.json')));
const meta = (name) => JSON.parse(readFileSync(join(here, name, 'case.json'), 'utf8'));

test('at least 18 cards in at least 15 scripts and features, each with its text source and licence', () => {
  assert.ok(cards.length >= 18, `${cards.length} cards`);
  const scripts = new Set(cards.map((name) => meta(name).script));
  assert.ok(scripts.size >= 15, `${scripts.size} scripts`);
  for (const name of cards) {
    const m = meta(name);
    assert.equal(m.width, 1200);
    assert.equal(m.height, 630);
    assert.ok(m.text && m.licence && m.fonts, `${name}: text, licence and fonts recorded`);
  }
  const held = cards.filter(isHeldOut).length;
  assert.ok(held >= 5 && held < cards.length / 2, `${held} of ${cards.length} held out`);
});

test('the report gives per-script means of both columns but never names a held-out card', () => {
  const rows = cards.map((name, i) => ({
    name,
    pictor: { dssim: 0.9 + (i % 10) / 100 },
    web: { dssim: 0.91 + (i % 9) / 100 },
    baseline: { dssim: 0.5 },
  }));
  const text = scriptCardsReport(here, rows).join('\n');
  for (const name of cards.filter(isHeldOut)) assert.ok(!text.includes(name), `${name} is named`);
  assert.match(text, /\| Thai \| \d+ \| \d+\/\d+ \| 0\.\d{4} \|/);
  assert.match(text, /held out \(never tuned on; not named\)/);
  assert.match(text, /web faces within 0\.01 of local/);
});

test("a web-font card's files: data: URIs for Chromium, copies beside the page for Pictor, removed by cleanup", () => {
  const name = cards.find((card) =>
    readFileSync(join(here, card, 'index.html'), 'utf8').includes('url(fonts/'),
  );
  const html = readFileSync(join(here, name, 'index.html'), 'utf8');
  const files = withFontFiles(html, join(here, name));
  try {
    assert.doesNotMatch(files.chromiumHtml, /url\(fonts\//);
    assert.match(files.chromiumHtml, /url\(data:font\/ttf;base64,AAEAAA/);
    assert.equal(files.pictorHtml, html);
    for (const [, file] of html.matchAll(/url\(fonts\/([\w.-]+\.ttf)\)/g))
      assert.ok(existsSync(join(here, name, 'fonts', file)), `${file} copied`);
  } finally {
    files.cleanup();
  }
  assert.ok(!existsSync(join(here, name, 'fonts')), 'copies removed');
});
