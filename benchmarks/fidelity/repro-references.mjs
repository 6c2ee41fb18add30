/**
 * The Chromium references of the engine's repro pages (packages/core/test/repros/*.html, sizes in repros.json):
 * each page rendered by headless Chromium (Debian's) with exactly Pictor's built-in fonts, saved beside it as
 * `{name}.chromium.png`. Run on purpose when a repro is added or changed, then look at the PNGs:
 *
 *   node benchmarks/fidelity/repro-references.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../packages/core/test/repros');
const cases = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8'));
const browser = await launchChromium();
try {
  for (const [name, { width, height }] of Object.entries(cases)) {
    const png = await browser.screenshot(pathToFileURL(join(dir, `${name}.html`)).href, width, height);
    writeFileSync(join(dir, `${name}.chromium.png`), png);
    console.log(`${name}.chromium.png ${width}×${height}`);
  }
} finally {
  await browser.close();
}
