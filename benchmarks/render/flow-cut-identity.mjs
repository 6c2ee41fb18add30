/**
 * flow-cut's identity check: every TUNING case of the wider corpus (held-out cases are skipped by corpus-split.mjs'
 * rule, never rendered) and of the own corpus rendered in one process with the tuning on and off
 * (`tunings: { flowCut: false }`), the two PNGs' pixels compared exactly, and whether the cut was kept (what satori reports of the cut) printed:
 * per case satori's decisions (`1 kept K of T slack S; accepted`: a cut at the first size keeping K of the T characters
 * laid out; `redone`: it ended above the image and was laid out again), and at the end the cases whose cut was kept
 * and those laid out more than once (the same decisions satori counts in `pictorLayoutStats()`' flowCutsKept and
 * flowCutsRedone).
 *
 *   node benchmarks/render/flow-cut-identity.mjs [name-filter[,filter…]] [--corpus wider,own]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { isHeldOut } from '../fidelity/corpus-split.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CORPORA = {
  wider: join(here, '../fidelity/wider'),
  own: join(here, '../../packages/core/test/fidelity'),
};
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { corpus: { type: 'string', default: 'wider,own' } },
});
const filters = positionals.length ? positionals.join(',').split(',') : [];
const core = await import(pathToFileURL(join(here, '../../packages/core/dist/index.js')).href);
// satori reports each cut it makes on stderr with PICTOR_FLOW_CUT_DEBUG set (pictor-flow-cut.ts); kept here.
process.env.PICTOR_FLOW_CUT_DEBUG = '1';
let cutLines = [];
const consoleError = console.error;
console.error = (...parts) =>
  parts[0] === 'flow-cut' ? cutLines.push(parts.slice(1).join(' ')) : consoleError(...parts);

async function pixels(png) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

let same = 0;
let differ = 0;
const kept = [];
const redone = [];
for (const corpus of args.corpus.split(',')) {
  const root = CORPORA[corpus];
  for (const name of readdirSync(root).sort()) {
    if (corpus === 'wider' && isHeldOut(name)) continue;
    if (filters.length && !filters.some((f) => name.includes(f))) continue;
    const dir = join(root, name);
    const file = ['index.html', 'input.html'].map((f) => join(dir, f)).find(existsSync);
    if (!file) continue;
    const metaFile = ['case.json', 'meta.json'].map((f) => join(dir, f)).find(existsSync);
    const meta = metaFile ? JSON.parse(readFileSync(metaFile, 'utf8')) : {};
    const html = readFileSync(file, 'utf8');
    const width = meta.width ?? 800;
    const height = meta.height ?? 600;
    const results = [];
    let cut = '';
    for (const tunings of [{}, { flowCut: false }]) {
      const renderer = core.createRenderer({
        workers: 0,
        baseDir: dir,
        tunings,
        limits: { timeoutMs: 600_000, wallTimeoutMs: 1_200_000 },
      });
      cutLines = [];
      try {
        const result = await renderer.render({ html, width, height, format: 'png' });
        results.push(await pixels(result.image ?? result.data ?? result.buffer));
      } catch (error) {
        results.push({ error: String(error?.message ?? error).slice(0, 120) });
      } finally {
        await renderer.close();
      }
      if (tunings.flowCut !== false) cut = [...new Set(cutLines)].join('; ');
    }
    const [a, b] = results;
    const equal =
      !a.error &&
      !b.error &&
      a.info.width === b.info.width &&
      a.info.height === b.info.height &&
      a.data.equals(b.data);
    if (equal) same++;
    else differ++;
    if (/accepted/.test(cut)) kept.push(name);
    if (/redone/.test(cut)) redone.push(name);
    console.log(
      `${corpus}/${name}: ${equal ? 'identical' : 'DIFFERENT'}${cut ? ` (${cut})` : ''}${a.error || b.error ? ` on: ${a.error ?? 'rendered'}; off: ${b.error ?? 'rendered'}` : ''}`,
    );
  }
}
console.log(
  `${same + differ} cases: identical ${same}, different ${differ}; cut kept in ${kept.length}, laid out again (a cut ended above the image) in ${redone.length}`,
);
