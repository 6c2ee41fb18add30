/**
 * Order check: a render's pixels must depend on its input alone, never on what its worker rendered before. Renders
 * every TUNING case of the `wider` corpus (held-out cases are never rendered here) once in a fresh renderer of its
 * own, then all of them in one renderer in name order and again in reverse order, and names each case whose pixels
 * differ between those three renders.
 *
 *   node benchmarks/fidelity/order-check.mjs [name-filter[,filter…]] [--workers=1]
 *
 * Needs a built packages/core (`pnpm build`). Exits 1 when some case differs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { isHeldOut } from './corpus-split.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = join(here, 'wider');
const args = process.argv.slice(2);
const filter = args.find((arg) => !arg.startsWith('--'));
const workers = Number(args.find((arg) => arg.startsWith('--workers='))?.split('=')[1] ?? 1);
const core = await import(pathToFileURL(join(here, '../../packages/core/dist/index.js')).href);

const cases = readdirSync(corpus, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(corpus, entry.name, 'index.html')))
  .map((entry) => entry.name)
  .filter((name) => !isHeldOut(name))
  .filter((name) => !filter || filter.split(',').some((part) => name.includes(part)))
  .sort();

/**
 * A case's render input, for a renderer whose baseDir is the corpus folder: relative URLs (pictures, fonts, style
 * sheets) are prefixed with the case's folder, so one renderer can draw every case.
 */
function inputOf(name) {
  const dir = join(corpus, name);
  const meta = existsSync(join(dir, 'case.json'))
    ? JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'))
    : {};
  const html = readFileSync(join(dir, 'index.html'), 'utf8')
    .replace(/\b(src|href)=(["'])(?![a-z]+:|#|\/)/gi, `$1=$2${name}/`)
    .replace(/url\((["']?)(?![a-z]+:|#|\/)/gi, `url($1${name}/`);
  return { html, width: meta.width ?? 800, height: meta.height ?? 600 };
}

/** The decoded RGBA pixels of one render, or the error's code. */
async function pixelsOf(renderer, name) {
  try {
    const result = await renderer.render({ ...inputOf(name), format: 'png' });
    return await sharp(result.data).ensureAlpha().raw().toBuffer();
  } catch (error) {
    return `failed: ${error.code ?? error.message}`;
  }
}

/** How many pixels of two renders differ at all (a string is a failed render). */
function differing(a, b) {
  if (typeof a === 'string' || typeof b === 'string') return a === b ? 0 : Number.POSITIVE_INFINITY;
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) count++;
  }
  return count;
}

const alone = new Map();
for (const name of cases) {
  const renderer = core.createRenderer({ workers, baseDir: corpus });
  alone.set(name, await pixelsOf(renderer, name));
  await renderer.close();
}
const shared = async (order) => {
  const found = new Map();
  const renderer = core.createRenderer({ workers, baseDir: corpus });
  for (const name of order) found.set(name, await pixelsOf(renderer, name));
  await renderer.close();
  return found;
};
const forward = await shared(cases);
const backward = await shared([...cases].reverse());

let bad = 0;
for (const name of cases) {
  const a = differing(alone.get(name), forward.get(name));
  const b = differing(alone.get(name), backward.get(name));
  if (a > 0 || b > 0) {
    bad++;
    console.log(`${name}: ${a} pixels differ after the cases before it, ${b} in reverse order`);
  }
}
console.log(`${cases.length} tuning cases, ${bad} differ with the order (workers: ${workers})`);
process.exitCode = bad > 0 ? 1 : 0;
