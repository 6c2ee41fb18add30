/**
 * Do two satori builds lay out the same? Renders every case of both fidelity corpora through @pictor/core's source
 * (createRenderer, workers: 0) once with each build and compares the SVG documents satori returns, case by case
 * (a hash of each), and the PNGs. For an upstream merge or a change meant to be behaviour-neutral
 * (docs/layout-engine.md).
 *
 * Usage: node benchmarks/fidelity/svg-identity.mjs <satori-entry-a.js> <satori-entry-b.js> [case-name-filter]
 *          [--wider] [--save-svg DIR]
 *   an entry is a built ES module (e.g. packages/satori/dist/index.js, or the published satori's dist/index.js).
 *   `--wider` adds the TUNING cases of benchmarks/fidelity/wider (held-out cases skipped unread, corpus-split.mjs);
 *   `--save-svg DIR` writes each case's SVG documents as DIR/<a|b>/<case>.svg.
 *   Prints one line per case that differs and a summary; exit code 1 when any differs.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isHeldOut } from './corpus-split.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const coreDir = join(here, '../../packages/core');
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { wider: { type: 'boolean', default: false }, 'save-svg': { type: 'string' } },
});
const corpora = [join(coreDir, 'test/fidelity'), join(here, 'real-world')];
if (options.wider) corpora.push(join(here, 'wider'));
const [entryA, entryB, filter] = positionals;
if (!entryA || !entryB) {
  console.error(
    'usage: node benchmarks/fidelity/svg-identity.mjs <satori-entry-a.js> <satori-entry-b.js> [filter]',
  );
  process.exit(2);
}

const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 16);

/** @pictor/core's source bundled with satori taken from `entry`, each SVG it returns recorded in `svgs`. */
async function coreWith(entry, name) {
  const esbuild = await import(
    pathToFileURL(
      createRequire(join(coreDir, '../../node_modules/.pnpm/node_modules/esbuild/package.json')).resolve(
        'esbuild',
      ),
    ).href
  );
  const dir = join(coreDir, 'node_modules/.cache/pictor-svg-identity');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${name}.mjs`);
  // satori's own imports (a workspace build is not under node_modules) are bundled with it.
  const satoriDir = dirname(resolve(entry));
  const shim = `import satori from ${JSON.stringify(resolve(entry))};
export * from ${JSON.stringify(resolve(entry))};
export default async function recorded(...args) { const svg = await satori(...args); globalThis.__svgs.push(svg); return svg; }`;
  await esbuild.build({
    entryPoints: [join(coreDir, 'src/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
    plugins: [
      {
        name: 'satori-entry',
        setup(build) {
          build.onResolve({ filter: /^(satori|@pictor\/satori)$/ }, () => ({
            path: 'shim',
            namespace: 'satori-shim',
          }));
          build.onLoad({ filter: /.*/, namespace: 'satori-shim' }, () => ({
            contents: shim,
            resolveDir: here,
          }));
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.importer.includes('/node_modules/') ||
            args.importer.startsWith(satoriDir) ||
            args.importer === 'shim'
              ? undefined
              : { external: true },
          );
        },
      },
    ],
  });
  const assets = join(dir, 'assets');
  if (!existsSync(assets)) symlinkSync(join(coreDir, 'dist/assets'), assets, 'dir');
  return import(pathToFileURL(out).href);
}

async function renderAll(core, side) {
  const results = new Map();
  for (const corpus of corpora) {
    for (const name of readdirSync(corpus).sort()) {
      if (corpus.endsWith('wider') && isHeldOut(name)) continue;
      const dir = join(corpus, name);
      if (!existsSync(join(dir, 'index.html')) || (filter && !name.includes(filter))) continue;
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const meta = existsSync(join(dir, 'case.json'))
        ? JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'))
        : {};
      globalThis.__svgs = [];
      const renderer = core.createRenderer({ workers: 0, baseDir: dir });
      let png = '';
      try {
        const result = await renderer.render({
          html,
          width: meta.width ?? 800,
          height: meta.height ?? 600,
          format: 'png',
        });
        png = hash(result.data);
      } catch (error) {
        png = `error: ${error.message}`;
      } finally {
        await renderer.close();
      }
      if (options['save-svg']) {
        const out = join(options['save-svg'], side);
        mkdirSync(out, { recursive: true });
        writeFileSync(join(out, `${name}.svg`), globalThis.__svgs.join('\n'));
      }
      results.set(name, { svg: globalThis.__svgs.map(hash).join(','), png });
    }
  }
  return results;
}

const a = await renderAll(await coreWith(entryA, 'a'), 'a');
const b = await renderAll(await coreWith(entryB, 'b'), 'b');
let svgDiffer = 0;
let pngDiffer = 0;
for (const [name, ra] of a) {
  const rb = b.get(name);
  if (ra.svg !== rb.svg) svgDiffer++;
  if (ra.png !== rb.png) pngDiffer++;
  if (ra.svg !== rb.svg || ra.png !== rb.png)
    console.log(
      `${name}: svg ${ra.svg === rb.svg ? 'same' : 'DIFFERS'}, png ${ra.png === rb.png ? 'same' : 'DIFFERS'}`,
    );
}
console.log(
  `${a.size} cases: SVG identical in ${a.size - svgDiffer}, PNG identical in ${a.size - pngDiffer}`,
);
process.exit(svgDiffer || pngDiffer ? 1 : 0);
