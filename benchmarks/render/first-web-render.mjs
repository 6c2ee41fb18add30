/**
 * The first render of a card in web faces in a fresh process: what hinting the glyphs costs before the cache has
 * them (satori change `autohint-light`: each (face, glyph, size) is hinted once per process, the face's blue zones
 * once). Each run is a new process that renders the 8-line card (growth-cases.mjs) with Inter given by the `fonts`
 * option, on this thread (`workers: 0`), after a card in the built-in faces (code warm) and one in the web faces at
 * 9 px (their bytes parsed), each card with text of its own; it prints the CPU time of the web-face render. This
 * build and `--base` (another build's packages/core) alternate run by run.
 *
 *   node benchmarks/render/first-web-render.mjs --base /work/main/packages/core [--runs 7]
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, load1, quantile } from '../lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: { base: { type: 'string' }, runs: { type: 'string', default: '7' }, child: { type: 'string' } },
});

if (args.child) {
  const { createRenderer } = await import(pathToFileURL(join(args.child, 'dist', 'index.js')).href);
  const { textCard } = await import('./growth-cases.mjs');
  const { loadInterFonts } = await import('./card.mjs');
  const fonts = loadInterFonts().map((f) => ({
    family: 'Web Inter',
    data: f.data.toString('base64'),
    weight: f.weight,
  }));
  const renderer = createRenderer({ workers: 0 });
  const inWebFaces = (card) => ({
    ...card,
    html: card.html.replace('font-family:Inter', 'font-family:Web Inter'),
    fonts,
  });
  // Code warm and the built-in faces parsed (one card), the web faces' bytes parsed (another card, at 9 px); the timed
  // render is a third card whose text no earlier render of this process shaped or hinted.
  await renderer.render({ ...textCard(1, 8), format: 'png' });
  const small = inWebFaces(textCard(2, 8));
  await renderer.render({
    ...small,
    html: small.html.replaceAll(/font-size:\d+px/g, 'font-size:9px'),
    format: 'png',
  });
  const web = inWebFaces(textCard(3, 8));
  const before = process.cpuUsage();
  await renderer.render({ ...web, format: 'png' });
  const used = process.cpuUsage(before);
  await renderer.close();
  process.stdout.write(String((used.user + used.system) / 1000));
} else {
  const ours = join(here, '..', '..', 'packages', 'core');
  const sides = [['this build', ours], ...(args.base ? [['base', args.base]] : [])];
  const times = Object.fromEntries(sides.map(([name]) => [name, []]));
  const loads = [load1()];
  for (let i = 0; i < Number(args.runs); i++)
    for (const [name, dir] of i % 2 ? sides.slice().reverse() : sides)
      times[name].push(
        Number(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', dir])),
      );
  loads.push(load1());
  console.log(
    `first-web-render.mjs · ${new Date().toISOString()} · ${args.runs} runs per side · load ${loads.map((l) => l.toFixed(1)).join(', ')}`,
  );
  for (const [name] of sides)
    console.log(
      `${name}: median ${fmt(quantile(times[name], 0.5))} ms CPU, worst ${fmt(Math.max(...times[name]))} (${times[name].map((t) => t.toFixed(0)).join(', ')})`,
    );
}
