/**
 * The engines compared: Pictor (its public `render`, or — while the pipeline is not built — its HTML stage
 * bundled from source feeding the same satori + resvg), and the baseline satori-html + satori.
 */
import { fork } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { html as satoriHtml } from 'satori-html';
import { BUILTIN_FONT_FILES, builtinFontPath } from './chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const coreDir = join(here, '../../packages/core');

const NAMES = {
  Inter: ['Inter', 'sans-serif', 'system-ui', 'ui-sans-serif'],
  NotoSerif: ['Noto Serif', 'serif', 'ui-serif'],
  JetBrainsMono: ['JetBrains Mono', 'monospace', 'ui-monospace'],
  NotoSansSC: ['Noto Sans SC'],
  NotoSansJP: ['Noto Sans JP'],
};

/** The built-in fonts as satori takes them (same files as Chromium gets), one Buffer per file. */
function builtinFonts() {
  const fonts = [];
  for (const file of BUILTIN_FONT_FILES) {
    const base = file.split('/').at(-1).replace('.ttf', '');
    const [family, variant] = base.split('_');
    const weight = Number.parseInt(variant, 10);
    const style = variant.endsWith('Italic') ? 'italic' : 'normal';
    const data = readFileSync(builtinFontPath(file));
    for (const name of NAMES[family]) fonts.push({ name, data, weight, style });
  }
  return fonts;
}

function rasterize(svg) {
  const r = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  return { png: r.asPng(), width: r.width, height: r.height };
}

/**
 * The baseline's SVG rasterised in a child process (baseline-raster-child.mjs), started again when an SVG aborts it
 * (a resvg panic): that case's baseline fails alone instead of the run. The child is unreferenced while idle, so it
 * does not keep the run alive at its end.
 */
function isolatedRasterizer() {
  let child;
  const start = () => {
    child = fork(fileURLToPath(new URL('./baseline-raster-child.mjs', import.meta.url)), { stdio: 'ignore' });
    const ready = new Promise((resolve) => child.once('message', resolve));
    return ready.then(() => idle());
  };
  const idle = () => {
    child.unref();
    child.channel?.unref();
  };
  let ready = start();
  return async (svg) => {
    await ready;
    child.ref();
    child.channel?.ref();
    const answer = await new Promise((resolve) => {
      const exit = (code, signal) =>
        resolve({
          error: `the baseline's rasteriser aborted (${signal ?? code}; a resvg panic)`,
          exited: true,
        });
      child.once('exit', exit);
      child.once('message', (message) => {
        child.off('exit', exit);
        resolve(message);
      });
      child.send({ svg });
    });
    if (answer.exited) ready = start();
    else idle();
    if (answer.error) throw new Error(answer.error);
    return Buffer.from(answer.png, 'base64');
  };
}

/** satori-html + satori: what people use today (its SVG rasterised by resvg-js in a child process). */
export function createBaseline() {
  const fonts = builtinFonts();
  const rasterizeApart = isolatedRasterizer();
  return {
    name: 'satori-html + satori',
    async render(html, { width, height }) {
      const strings = Object.assign([html], { raw: [html] });
      const tree = satoriHtml(strings);
      const svg = await satori(tree, { width, height, fonts });
      return rasterizeApart(svg);
    },
  };
}

async function bundle(entry, name) {
  // Inside packages/core/node_modules so the bundle resolves parse5, sharp... from there.
  const out = join(coreDir, `node_modules/.cache/pictor-fidelity/${name}.mjs`);
  const esbuild = await import(
    pathToFileURL(
      createRequire(join(coreDir, '../../node_modules/.pnpm/node_modules/esbuild/package.json')).resolve(
        'esbuild',
      ),
    ).href
  );
  // Our satori (packages/satori, built: `pnpm build`) bundled with Pictor, as the package build does
  // (packages/core/tsup.config.ts); PICTOR_SATORI_DIST names another build's dist/index.js (a package folder with
  // satori's layout.wasm and node_modules beside its dist/), to try a change while packages/satori/dist is in use.
  const satoriDir = process.env.PICTOR_SATORI_DIST
    ? dirname(dirname(process.env.PICTOR_SATORI_DIST))
    : join(coreDir, '../satori');
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
    plugins: [
      {
        name: 'satori-from-core',
        setup(build) {
          build.onResolve({ filter: /^@pictor\/satori$/ }, () => ({
            path: join(satoriDir, 'dist/index.js'),
          }));
          // Pictor's own imports stay outside; satori's (from node_modules or its package) go in with it.
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.importer.includes('/node_modules/') || args.importer.startsWith(satoriDir)
              ? undefined
              : { external: true },
          );
        },
      },
    ],
  });
  // The bundle looks for the built-in fonts beside itself (`./assets/`): point that at the built package's.
  const assets = join(dirname(out), 'assets');
  if (!existsSync(assets) && existsSync(join(coreDir, 'dist/assets'))) {
    symlinkSync(join(coreDir, 'dist/assets'), assets, 'dir');
  }
  return import(pathToFileURL(out).href);
}

/**
 * Pictor from its current source: the public `createRenderer` once the pipeline loads document resources
 * (`@font-face`, `<link>`); until then its HTML stage + resources stage feeding the same satori + resvg.
 */
export async function createPictor({ engine = 'auto', workers = 0 } = {}) {
  const renderSource = readFileSync(join(coreDir, 'src/render.ts'), 'utf8');
  const usePipeline =
    engine === 'pipeline' || (engine === 'auto' && renderSource.includes('loadDocumentResources'));
  if (usePipeline) {
    // Worker threads need the built package (its worker file sits beside dist/index.js): `pnpm build` first.
    const core =
      workers > 0
        ? await import(pathToFileURL(join(coreDir, 'dist/index.js')).href)
        : await bundle(join(coreDir, 'src/index.ts'), 'core');
    return {
      name: 'Pictor',
      note:
        workers > 0
          ? `\`createRenderer({ workers: ${workers}, baseDir })\` of packages/core/dist (the last \`pnpm build\`)`
          : '`createRenderer({ workers: 0, baseDir })` of packages/core/src (bundled fresh by the script)',
      async render(html, { width, height, dir, textPositioning }) {
        const renderer = core.createRenderer({ workers, baseDir: dir });
        try {
          const result = await renderer.render({
            html,
            width,
            height,
            format: 'png',
            ...(textPositioning ? { textPositioning } : {}),
          });
          return { png: result.data, warnings: result.warnings };
        } finally {
          await renderer.close();
        }
      },
    };
  }
  const stage = await bundle(join(here, 'html-stage-entry.ts'), 'html-stage');
  const fonts = builtinFonts();
  return {
    name: 'Pictor',
    note: 'the HTML and document-resources stages of packages/core/src (`parseHtml`, `loadDocumentResources`) feeding satori + resvg with the built-in fonts, as render() will once it calls loadDocumentResources (run with --engine=pipeline for render() as it is)',
    async render(html, { width, height, dir }) {
      const warnings = [];
      const parsed = stage.parseHtml(html, { defaultFontFamily: 'sans-serif' });
      const resources = await stage.loadDocumentResources(parsed, { baseDir: dir, fetcher: null });
      warnings.push(...parsed.warnings, ...resources.warnings);
      const svg = await satori(parsed.root, {
        width,
        height,
        fonts: [...fonts, ...resources.fonts],
        onStyleError: (e) => {
          const w = stage.describeStyleError(e);
          if (w) warnings.push(w);
        },
      });
      return { png: rasterize(svg).png, warnings };
    },
  };
}
