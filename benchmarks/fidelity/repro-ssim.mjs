/**
 * SSIM of repro pages (packages/core/test/repros/*.html) against their Chromium references, with this build of
 * @pictor/core and, side by side in the same run, another one (`PICTOR_BENCH_CORE=<a core package dir>`, e.g. a
 * build of main), scored as the fidelity benchmark scores (run.mjs: dSSIM, full-resolution SSIM):
 *
 *   PICTOR_BENCH_CORE=/tmp/base/packages/core node benchmarks/fidelity/repro-ssim.mjs vertical-rl-paragraph …
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { DSSIM_OPTIONS, SSIM_OPTIONS } from './ssim-options.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '../../packages/core/test/repros');
const cases = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8'));

async function pixels(png) {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

const builds = [['this build', join(here, '../../packages/core')]];
if (process.env.PICTOR_BENCH_CORE) builds.push(['PICTOR_BENCH_CORE', process.env.PICTOR_BENCH_CORE]);
const renderers = [];
for (const [label, root] of builds) {
  const core = await import(pathToFileURL(join(root, 'dist/index.js')).href);
  renderers.push([label, core.createRenderer({ workers: 0 })]);
}
const names = process.argv.slice(2);
if (names.length === 0) throw new Error('name the repro pages to score');
const totals = renderers.map(() => ({ dssim: 0, ssim: 0 }));
for (const name of names) {
  const { width, height } = cases[name];
  const html = readFileSync(join(dir, `${name}.html`), 'utf8');
  const reference = await pixels(readFileSync(join(dir, `${name}.chromium.png`)));
  const row = [];
  for (const [i, [label, renderer]] of renderers.entries()) {
    const { data } = await renderer.render({ html, width, height, format: 'png' });
    const ours = await pixels(data);
    const d = ssim(reference, ours, DSSIM_OPTIONS).mssim;
    const s = ssim(reference, ours, SSIM_OPTIONS).mssim;
    totals[i].dssim += d;
    totals[i].ssim += s;
    row.push(`${label}: dssim ${d.toFixed(4)} ssim ${s.toFixed(4)}`);
  }
  console.log(`${name.padEnd(28)} ${row.join(' | ')}`);
}
console.log(
  `${'mean'.padEnd(28)} ${renderers
    .map(
      ([label], i) =>
        `${label}: dssim ${(totals[i].dssim / names.length).toFixed(4)} ssim ${(totals[i].ssim / names.length).toFixed(4)}`,
    )
    .join(' | ')}`,
);
for (const [, renderer] of renderers) await renderer.close();
