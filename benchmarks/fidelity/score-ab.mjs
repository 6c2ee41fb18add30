/**
 * Fidelity A/B: two built @pictor/core packages (their `dist/index.js`, `createRenderer({ workers: 0 })`) render the
 * same cases in one process and are scored (dSSIM, as run.mjs scores) against the Chromium references that run.mjs
 * saved in out/<corpus>/<case>/chromium.png — make those first with a run of run.mjs on the same cases. For a change
 * whose effect on a few documents is wanted beside the build it changes (e.g. /work/wt/base/packages/core).
 *
 * Usage: node benchmarks/fidelity/score-ab.mjs <core-a-dir> <core-b-dir> <corpus> <case…>
 *   corpus: real-world | wider | scripts (the folders of run.mjs); held-out cases of a split corpus are refused
 *   unread (corpus-split.mjs). Prints one line per case (A, B, B − A) and the means.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { isHeldOut } from './corpus-split.mjs';
import { SPLIT_CORPORA } from './report-kinds.mjs';
import { DSSIM_OPTIONS } from './ssim-options.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [coreA, coreB, corpus, ...names] = process.argv.slice(2);
const folders = { 'real-world': 'real-world', wider: 'wider', scripts: 'script-cards' };
if (!coreA || !coreB || !folders[corpus] || names.length === 0) {
  console.error('usage: node benchmarks/fidelity/score-ab.mjs <core-a-dir> <core-b-dir> <corpus> <case…>');
  process.exit(2);
}
if (SPLIT_CORPORA.has(corpus) && names.some((name) => isHeldOut(name))) {
  console.error('held-out cases are not scored here (wider/README.md)');
  process.exit(2);
}

/** RGBA pixels over white, cut or padded to the case's size (as run.mjs's `pixels`). */
async function pixels(png, width, height) {
  const padded = await sharp(png)
    .flatten({ background: '#ffffff' })
    .extend({ right: width, bottom: height, background: '#ffffff' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const { data, info } = await sharp(padded)
    .extract({ left: 0, top: 0, width, height })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

const load = (dir) => import(pathToFileURL(join(resolve(dir), 'dist/index.js')).href);
const cores = [await load(coreA), await load(coreB)];
const sums = [0, 0];
for (const name of names) {
  const dir = join(here, folders[corpus], name);
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const meta = existsSync(join(dir, 'case.json'))
    ? JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'))
    : {};
  const width = meta.width ?? 800;
  const height = meta.height ?? 600;
  const referenceFile = join(here, 'out', corpus, name, 'chromium.png');
  if (!existsSync(referenceFile)) throw new Error(`${name}: no reference; run run.mjs on it first`);
  const reference = await pixels(readFileSync(referenceFile), width, height);
  const scores = [];
  for (const core of cores) {
    const renderer = core.createRenderer({ workers: 0, baseDir: dir });
    try {
      const result = await renderer.render({ html, width, height, format: 'png' });
      scores.push(ssim(reference, await pixels(result.data, width, height), DSSIM_OPTIONS).mssim);
    } finally {
      await renderer.close();
    }
  }
  sums[0] += scores[0];
  sums[1] += scores[1];
  const delta = scores[1] - scores[0];
  console.log(
    `${name.padEnd(36)} A ${scores[0].toFixed(4)}  B ${scores[1].toFixed(4)}  ${delta >= 0 ? '+' : ''}${delta.toFixed(4)}`,
  );
}
console.log(
  `mean of ${names.length}: A ${(sums[0] / names.length).toFixed(4)}  B ${(sums[1] / names.length).toFixed(4)}`,
);
