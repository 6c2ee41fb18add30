/**
 * Fidelity benchmark: every case of packages/core/test/fidelity rendered by Pictor, by headless Chromium
 * (the reference) and by satori-html + satori (the baseline), scored against Chromium.
 *
 * Scores, both on the images flattened over white:
 * - SSIM: ssim.js `ssim: 'fast'` (Wang et al. 2004 with a separable filter; same values as `original`): luma
 *   grayscale, 11×11 Gaussian window (σ = 1.5),
 *   K1 = 0.01, K2 = 0.03, no downsampling; mean over the image.
 * - diff: share of pixels whose largest channel difference is over 32 (of 255).
 *
 * Usage: node benchmarks/fidelity/run.mjs [case-name-filter] [--engine=auto|pipeline|stage] [--chromium=/path]
 *   writes RESULTS.md and out/<case>/{chromium,pictor,baseline}.png. Needs Debian's chromium
 *   (`apt-get update && apt-get install -y chromium`); the engine itself never uses a browser.
 *   --engine: `pipeline` = createRenderer() of packages/core/src; `stage` = its HTML + document-resources
 *   stages feeding satori + resvg; `auto` (default) = pipeline once render.ts calls loadDocumentResources.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { launchChromium } from './chromium.mjs';
import { createBaseline, createPictor } from './engines.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = join(here, '../../packages/core/test/fidelity');
const outDir = join(here, 'out');
const args = process.argv.slice(2);
const engine = args.find((a) => a.startsWith('--engine='))?.slice('--engine='.length) ?? 'auto';
const chromiumPath = args.find((a) => a.startsWith('--chromium='))?.slice('--chromium='.length);
const filter = args.find((a) => !a.startsWith('--'));

const SSIM_OPTIONS = { ssim: 'fast', windowSize: 11, k1: 0.01, k2: 0.03, bitDepth: 8, downsample: false };

/** RGBA pixels of a PNG flattened over white, at exactly width × height (cropped or padded white). */
async function pixels(png, width, height) {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .extend({ right: width, bottom: height, background: '#ffffff' })
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

function diffShare(a, b) {
  let over = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(
      Math.abs(a.data[i] - b.data[i]),
      Math.abs(a.data[i + 1] - b.data[i + 1]),
      Math.abs(a.data[i + 2] - b.data[i + 2]),
    );
    if (d > 32) over++;
  }
  return over / (a.width * a.height);
}

async function score(reference, png, width, height) {
  const a = await pixels(reference, width, height);
  const b = await pixels(png, width, height);
  return { ssim: ssim(a, b, SSIM_OPTIONS).mssim, diff: diffShare(a, b) };
}

/** A fragment is shown by Chromium inside a margin-less body (Pictor gives fragments no implicit margin). */
function chromiumSource(html) {
  if (/^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype|html|head|body)[\s>/]/i.test(html)) return html;
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body>${html}</body></html>`;
}

const cases = readdirSync(corpus, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(corpus, d.name, 'index.html')))
  .map((d) => d.name)
  .filter((name) => !filter || name.includes(filter))
  .sort();

const chromium = await launchChromium(chromiumPath);
const pictor = await createPictor({ engine });
const baseline = createBaseline();
const rows = [];
for (const name of cases) {
  const dir = join(corpus, name);
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const meta = existsSync(join(dir, 'case.json'))
    ? JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'))
    : {};
  const width = meta.width ?? 800;
  const height = meta.height ?? 600;
  const caseOut = join(outDir, name);
  mkdirSync(caseOut, { recursive: true });

  // Loaded from the case folder so relative URLs (fonts, images) resolve as for Pictor's baseDir. A case whose
  // markup needs something a browser lacks (bare Tailwind classes) gives Chromium reference.html instead.
  const refFile = join(dir, 'reference.html');
  const tmpPage = join(dir, '.chromium-source.html');
  writeFileSync(tmpPage, chromiumSource(existsSync(refFile) ? readFileSync(refFile, 'utf8') : html));
  const reference = await chromium.screenshot(pathToFileURL(tmpPage).href, width, height);
  writeFileSync(join(caseOut, 'chromium.png'), reference);

  const row = { name, description: meta.description ?? '', missing: meta.missing ?? '' };
  for (const [key, contender] of [
    ['pictor', pictor],
    ['baseline', baseline],
  ]) {
    const started = performance.now();
    try {
      const result = await contender.render(html, { width, height, dir });
      const png = Buffer.isBuffer(result) ? result : result.png;
      writeFileSync(join(caseOut, `${key}.png`), png);
      row[key] = { ...(await score(reference, png, width, height)), ms: performance.now() - started };
      if (result.warnings?.length) row[`${key}Warnings`] = result.warnings;
    } catch (error) {
      row[key] = {
        error: String(error?.message ?? error)
          .split('\n')[0]
          .slice(0, 120),
      };
    }
  }
  rows.push(row);
  const fmt = (r) =>
    r.error ? `FAILED (${r.error})` : `ssim ${r.ssim.toFixed(4)} diff ${(r.diff * 100).toFixed(2)}%`;
  console.log(`${name.padEnd(28)} pictor ${fmt(row.pictor)} | baseline ${fmt(row.baseline)}`);
}
await chromium.close();
for (const name of cases) rmSync(join(corpus, name, '.chromium-source.html'), { force: true });

const ok = (k) => rows.filter((r) => !r[k].error);
const mean = (k, f) => ok(k).reduce((s, r) => s + r[k][f], 0) / Math.max(1, ok(k).length);
const min = (k) => Math.min(...ok(k).map((r) => r[k].ssim));
const cell = (r) =>
  r.error
    ? `fails: ${r.error.replace(/\|/g, '/').slice(0, 70)} | –`
    : `${r.ssim.toFixed(4)} | ${(r.diff * 100).toFixed(2)}%`;
const lines = [
  '# Fidelity against Chromium',
  '',
  `Generated by \`node benchmarks/fidelity/run.mjs\` on ${new Date().toISOString().slice(0, 10)}: ${rows.length} cases of`,
  '`packages/core/test/fidelity/`, each rendered by Pictor, by Chromium (Debian `chromium`, headless through',
  "playwright-core, deviceScaleFactor 1, same viewport, only Pictor's built-in fonts through a private fontconfig,",
  'generic families mapped as in Pictor) and by satori-html + satori (same fonts), all flattened over white.',
  '',
  `Pictor engine: ${pictor.note}.`,
  '',
  'SSIM: ssim.js `fast` (Wang et al. 2004, separable filtering; equal to `original` to 1e-9) on luma grayscale,',
  '11×11 Gaussian window σ = 1.5, K1 = 0.01,',
  'K2 = 0.03, no downsampling. diff: share of pixels whose largest channel difference exceeds 32/255.',
  '',
  '| | Pictor | satori-html + satori |',
  '|---|---|---|',
  `| renders | ${ok('pictor').length}/${rows.length} | ${ok('baseline').length}/${rows.length} |`,
  `| mean SSIM (of those rendered) | ${mean('pictor', 'ssim').toFixed(4)} | ${mean('baseline', 'ssim').toFixed(4)} |`,
  `| lowest SSIM | ${min('pictor').toFixed(4)} | ${min('baseline').toFixed(4)} |`,
  `| mean diff > 32 | ${(mean('pictor', 'diff') * 100).toFixed(2)}% | ${(mean('baseline', 'diff') * 100).toFixed(2)}% |`,
  '',
  '| case | Pictor SSIM | Pictor diff | baseline SSIM | baseline diff | what differs |',
  '|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.name} | ${cell(r.pictor)} | ${cell(r.baseline)} | ${r.missing} |`),
  '',
];
writeFileSync(join(here, 'RESULTS.md'), lines.join('\n'));
writeFileSync(join(outDir, 'results.json'), JSON.stringify(rows, null, 2));
console.log(
  `mean SSIM pictor ${mean('pictor', 'ssim').toFixed(4)} (min ${min('pictor').toFixed(4)}), baseline ${mean('baseline', 'ssim').toFixed(4)}`,
);
