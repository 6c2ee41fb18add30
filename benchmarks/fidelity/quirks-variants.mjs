/**
 * The real-world e-mails in quirks mode: each e-mail of `real-world/` with its doctype taken out (many e-mails come
 * without one), drawn by Chromium and by Pictor, scored with the fidelity benchmark's dSSIM. With `--base=<checkout>`
 * (another checkout of this repository, built, with its packages' node_modules), Pictor of that checkout is scored
 * beside this one's, in the same run.
 *
 *   node benchmarks/fidelity/quirks-variants.mjs [name-filter] [--base=/path/to/checkout]
 *
 * Writes out/quirks-variants/<case>/{index.html,chromium.png,pictor.png,base.png} and results.json.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ssim } from 'ssim.js';
import { launchChromium } from './chromium.mjs';
import { createPictor } from './engines.mjs';
import { flattenedPixels } from './flattened-pixels.mjs';
import { DSSIM_OPTIONS } from './ssim-options.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const realWorld = join(here, 'real-world');
const out = join(here, 'out/quirks-variants');
const args = process.argv.slice(2);
const basePath = args.find((a) => a.startsWith('--base='))?.slice(7);
const filter = args.find((a) => !a.startsWith('--'));
const names = readdirSync(realWorld, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'LICENSES')
  .map((d) => d.name)
  .filter((name) => /e-mail/.test(JSON.parse(readFileSync(join(realWorld, name, 'case.json'), 'utf8')).kind))
  .filter((name) => !filter || name.includes(filter));
const engines = [['pictor', await createPictor({ engine: 'pipeline' })]];
if (basePath) {
  const base = await import(pathToFileURL(join(basePath, 'benchmarks/fidelity/engines.mjs')).href);
  engines.push(['base', await base.createPictor({ engine: 'pipeline' })]);
}
const browser = await launchChromium();
const rows = [];
try {
  for (const name of names) {
    const spec = JSON.parse(readFileSync(join(realWorld, name, 'case.json'), 'utf8'));
    const html = readFileSync(join(realWorld, name, 'index.html'), 'utf8').replace(/<!doctype[^>]*>/i, '');
    const dir = join(out, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), html);
    const reference = await browser.screenshot(
      pathToFileURL(join(dir, 'index.html')).href,
      spec.width,
      spec.height,
    );
    writeFileSync(join(dir, 'chromium.png'), reference);
    const ref = await flattenedPixels(reference, spec.width, spec.height);
    const row = { name, kind: spec.kind };
    for (const [tag, engine] of engines) {
      const { png } = await engine.render(html, {
        width: spec.width,
        height: spec.height,
        dir: join(realWorld, name),
      });
      writeFileSync(join(dir, `${tag}.png`), png);
      row[tag] = ssim(ref, await flattenedPixels(png, spec.width, spec.height), DSSIM_OPTIONS).mssim;
    }
    rows.push(row);
    console.log(`${name.padEnd(44)} ${engines.map(([tag]) => `${tag} ${row[tag].toFixed(4)}`).join(' ')}`);
  }
} finally {
  await browser.close();
}
const mean = (tag, list) => list.reduce((sum, r) => sum + r[tag], 0) / Math.max(1, list.length);
for (const kind of [...new Set(rows.map((r) => r.kind)), undefined]) {
  const list = kind ? rows.filter((r) => r.kind === kind) : rows;
  console.log(
    `${kind ?? 'all'} (${list.length}): ${engines.map(([tag]) => `${tag} ${mean(tag, list).toFixed(4)}`).join(' ')}`,
  );
}
writeFileSync(join(out, 'results.json'), `${JSON.stringify(rows, null, 1)}\n`);
