/**
 * Fidelity benchmark: every case of a corpus rendered by Pictor, by headless Chromium (the reference) and by
 * satori-html + satori (the baseline), scored against Chromium.
 *
 * Corpora: `own` = packages/core/test/fidelity (written by the project), `real-world` =
 * benchmarks/fidelity/real-world (documents from public repositories nobody here wrote; source and licence in
 * each case.json, see real-world/README.md), `wider` = benchmarks/fidelity/wider (e-mails of other builders,
 * framework pages, documents, right-to-left and complex scripts; split into a tuning and a HELD-OUT part by a fixed
 * rule, see wider/README.md — never tune against the held-out part), `scripts` = benchmarks/fidelity/script-cards
 * (Open Graph cards in 15 scripts and features, issue 40's outside check; held-out part by the same rule, see its
 * README.md; a whole run with --web-fonts writes RESULTS-scripts.md). `all` = own + real-world.
 *
 * Scores, all on the images flattened over white:
 * - dSSIM (downsampled SSIM, the SSIM authors' reference method `ssim.m`): luma (Matlab rgb2gray weights),
 *   f×f block-average filter (symmetric padding) then every f-th pixel, f = max(1, round(min(W, H) / 256)),
 *   11×11 Gaussian window σ = 1.5 ('valid' filtering), K1 = 0.01, K2 = 0.03, L = 255; mean of the map.
 *   ssim.js with `ssim: 'original', downsample: 'original'`.
 * - SSIM (full resolution, the metric this benchmark reported first): ssim.js `ssim: 'fast'`, same window and
 *   constants, no downsampling.
 * - diff: share of pixels whose largest channel difference is over 32 (of 255).
 *
 * Usage: node benchmarks/fidelity/run.mjs [case-name-filter[,filter…]] [--corpus=all|own|real-world|wider|scripts]
 *          [--engine=auto|pipeline|stage] [--chromium=/path] [--no-gallery]
 *          [--kind=card|e-mail|framework page|document|<script>] [--held-out=only|exclude]
 *   writes RESULTS.md (only for a run of both whole corpora), out/<corpus>/<case>/{chromium,pictor,baseline}.png,
 *   out/results-<corpus>.json and the gallery gallery/index.html (reference | Pictor | difference, worst first;
 *   images in gallery/images/, both git-ignored). Needs Debian's chromium
 *   (`apt-get update && apt-get install -y chromium`); the engine itself never uses a browser.
 *   --pictor-only: render only Pictor (the baseline's saved scores are kept); --reuse-reference: score against the
 *   Chromium images a previous run saved in out/ (for quick runs while changing Pictor; a full run takes neither).
 *   --pictor-workers=1: Pictor renders in a worker (a resvg panic fails the case, not the run; slower).
 *   The baseline's resvg runs in a child process (baseline-raster-child.mjs): an SVG that aborts it fails that
 *   case's baseline, not the run.
 *   --kind: only cases of that kind (case.json `group`, or derived from `kind`) or script; --held-out: only the
 *   held-out part or without it (the `wider` corpus; the others have none). Every run prints per-kind and
 *   per-script means (report-kinds.mjs); a whole `--corpus=wider` run writes RESULTS-wider.md.
 *   --web-fonts: also the second reference column (web-fonts.mjs): each page with its families loaded as web fonts
 *   by both engines (`row.web`, images chromium-web.png and pictor-web.png), and mean dSSIM per kind for both columns.
 *   --engine: `pipeline` = createRenderer() of packages/core/src; `stage` = its HTML + document-resources
 *   stages feeding satori + resvg; `auto` (default) = pipeline once render.ts calls loadDocumentResources.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { DSSIM_OPTIONS, SSIM_OPTIONS } from './ssim-options.mjs';
import { chromiumSource, launchChromium } from './chromium.mjs';
import { createBaseline, createPictor } from './engines.mjs';
import { writeGallery } from './gallery.mjs';
import { classify, kindReport, selected } from './report-kinds.mjs';
import { webFontColumn, webFontReport, withFontFiles } from './web-fonts.mjs';
import { scriptCardsReport } from './script-cards/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CORPORA = {
  own: join(here, '../../packages/core/test/fidelity'),
  'real-world': join(here, 'real-world'),
  wider: join(here, 'wider'),
  scripts: join(here, 'script-cards'),
};
const ALL = ['own', 'real-world'];
const outDir = join(here, 'out');
const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
// An option this script does not know is refused: ignored, a mistyped filter (`--case=x`) ran the whole corpus.
const KNOWN_OPTIONS = ['engine=', 'chromium=', 'corpus=', 'kind=', 'held-out=', 'pictor-workers='];
const KNOWN_FLAGS = ['no-gallery', 'rescore', 'report', 'pictor-only', 'reuse-reference', 'web-fonts'];
for (const arg of args.filter((a) => a.startsWith('--'))) {
  const name = arg.slice(2);
  if (!KNOWN_FLAGS.includes(name) && !KNOWN_OPTIONS.some((known) => name.startsWith(known)))
    throw new Error(`${arg}: unknown option (cases are chosen by a bare name filter: run.mjs NAME[,NAME] …)`);
}
const engine = option('engine') ?? 'auto';
const chromiumPath = option('chromium');
const corpusOption = option('corpus') ?? 'all';
const gallery = !args.includes('--no-gallery');
const rescore = args.includes('--rescore');
const reportOnly = rescore || args.includes('--report');
const filter = args.find((a) => !a.startsWith('--'));
const pictorOnly = args.includes('--pictor-only');
const reuseReference = args.includes('--reuse-reference');
const selection = { kind: option('kind'), heldOut: option('held-out') };
if (corpusOption !== 'all' && !CORPORA[corpusOption])
  throw new Error(`--corpus: all, ${Object.keys(CORPORA).join(', ')}`);
if (selection.heldOut && !['only', 'exclude'].includes(selection.heldOut))
  throw new Error('--held-out: only or exclude');
const corpora = corpusOption === 'all' ? ALL : [corpusOption];
// A run limited by name, kind or part updates its cases in the saved results and writes no RESULTS file.
const partial = Boolean(filter || selection.kind || selection.heldOut);
const webFonts = args.includes('--web-fonts');

/** RGBA pixels of a PNG flattened over white, at exactly width × height (cropped or padded white). */
async function pixels(png, width, height) {
  // Two pipelines: sharp applies `extend` after `extract` whatever the call order, so in one pipeline the image
  // came out padded to 2W × 2H (three quarters white, which inflated every score).
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
  return {
    dssim: ssim(a, b, DSSIM_OPTIONS).mssim,
    ssim: ssim(a, b, SSIM_OPTIONS).mssim,
    diff: diffShare(a, b),
  };
}

const causesOf = (corpusName) =>
  existsSync(join(CORPORA[corpusName], 'causes.json'))
    ? JSON.parse(readFileSync(join(CORPORA[corpusName], 'causes.json'), 'utf8'))
    : {};
const results = {};
let pictorNote = '';
if (reportOnly) {
  // Rewrites RESULTS.md and the gallery from the last run's out/results-<corpus>.json, with causes.json re-read.
  for (const corpusName of corpora) {
    const saved = JSON.parse(readFileSync(join(outDir, `results-${corpusName}.json`), 'utf8'));
    const causes = causesOf(corpusName);
    results[corpusName] = (Array.isArray(saved) ? saved : saved.rows).map((r) => ({
      ...r,
      missing: causes[r.name] ?? r.missing,
    }));
    if (rescore) {
      // Scores recomputed from the saved images (out/<corpus>/<case>/*.png) with the current metrics.
      for (const r of results[corpusName]) {
        const dir = join(outDir, corpusName, r.name);
        const reference = readFileSync(join(dir, 'chromium.png'));
        for (const key of ['pictor', 'baseline']) {
          if (r[key].error) continue;
          r[key] = {
            ...r[key],
            ...(await score(reference, readFileSync(join(dir, `${key}.png`)), r.width, r.height)),
          };
        }
      }
      writeFileSync(
        join(outDir, `results-${corpusName}.json`),
        JSON.stringify({ pictorNote: saved.pictorNote, rows: results[corpusName] }, null, 2),
      );
    }
    pictorNote =
      saved.pictorNote ??
      '`createRenderer({ workers: 0, baseDir })` of packages/core/src (bundled fresh by the script)';
  }
} else {
  const chromium = await launchChromium(chromiumPath);
  // --pictor-workers=1 renders each case in a worker thread, so a crash of the rasteriser (a resvg panic aborts the
  // process) is one failed case instead of the end of the run.
  const pictor = await createPictor({ engine, workers: Number(option('pictor-workers') ?? 0) });
  pictorNote = pictor.note;
  const baseline = createBaseline();
  for (const corpusName of corpora) {
    const corpus = CORPORA[corpusName];
    const cases = readdirSync(corpus, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(corpus, d.name, 'index.html')))
      .map((d) => d.name)
      .filter((name) => !filter || filter.split(',').some((f) => name.includes(f)))
      .filter((name) => selected(classify(corpusName, corpus, name), selection))
      .sort();
    const causes = causesOf(corpusName);
    const savedFile = join(outDir, `results-${corpusName}.json`);
    const previousRows = existsSync(savedFile) ? JSON.parse(readFileSync(savedFile, 'utf8')) : [];
    const previous = new Map(
      (Array.isArray(previousRows) ? previousRows : previousRows.rows).map((r) => [r.name, r]),
    );
    const rows = [];
    for (const name of cases) {
      const dir = join(corpus, name);
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const meta = existsSync(join(dir, 'case.json'))
        ? JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'))
        : {};
      const width = meta.width ?? 800;
      const height = meta.height ?? 600;
      const caseOut = join(outDir, corpusName, name);
      mkdirSync(caseOut, { recursive: true });

      // Loaded from the case folder so relative URLs (fonts, images) resolve as for Pictor's baseDir. A case whose
      // markup needs something a browser lacks (bare Tailwind classes) gives Chromium reference.html instead.
      const refFile = join(dir, 'reference.html');
      const savedReference = join(caseOut, 'chromium.png');
      // Font files named as url(fonts/<file>.ttf) (the script cards' @font-face rules): data: URIs for Chromium,
      // copies in the case folder for Pictor.
      const fontFiles = withFontFiles(html, dir);
      let reference;
      if (reuseReference && existsSync(savedReference)) reference = readFileSync(savedReference);
      else {
        const tmpPage = join(dir, '.chromium-source.html');
        writeFileSync(
          tmpPage,
          chromiumSource(existsSync(refFile) ? readFileSync(refFile, 'utf8') : fontFiles.chromiumHtml),
        );
        reference = await chromium.screenshot(pathToFileURL(tmpPage).href, width, height);
        rmSync(tmpPage, { force: true });
        writeFileSync(savedReference, reference);
      }

      const row = {
        name,
        width,
        height,
        description: meta.description ?? '',
        ...(meta.kind ? { kind: meta.kind } : {}),
        missing: causes[name] ?? meta.missing ?? '',
      };
      if (pictorOnly)
        row.baseline = previous.get(name)?.baseline ?? { error: 'not rendered (--pictor-only)' };
      for (const [key, contender] of pictorOnly
        ? [['pictor', pictor]]
        : [
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
      fontFiles.cleanup();
      if (webFonts) {
        const page = { html, dir, caseOut, width, height, chromium, pictor, score, chromiumSource };
        row.web = await webFontColumn(page);
      }
      rows.push(row);
      const fmt = (r) =>
        r.error
          ? `FAILED (${r.error})`
          : `dssim ${r.dssim.toFixed(4)} ssim ${r.ssim.toFixed(4)} diff ${(r.diff * 100).toFixed(2)}%`;
      console.log(
        `${name.padEnd(40)} pictor ${fmt(row.pictor)} | baseline ${fmt(row.baseline)}${row.web ? ` | web faces ${fmt(row.web)}${row.web.wholePixel ? ` (whole-pixel ${row.web.wholePixel.dssim.toFixed(4)})` : ''}` : ''}`,
      );
    }
    results[corpusName] = rows;
    // A filtered run updates its cases in the saved results and keeps the others (--report reads them all).
    const saved = partial ? [...previous.values()].filter((r) => !cases.includes(r.name)) : [];
    const merged = [...saved, ...rows].sort((a, b) => a.name.localeCompare(b.name));
    writeFileSync(savedFile, JSON.stringify({ pictorNote, rows: merged }, null, 2));
  }
  await chromium.close();
}

const ok = (rows, k) => rows.filter((r) => !r[k].error);
const mean = (rows, k, f) => ok(rows, k).reduce((s, r) => s + r[k][f], 0) / Math.max(1, ok(rows, k).length);
const min = (rows, k, f) => Math.min(...ok(rows, k).map((r) => r[k][f]));
const cell = (r) =>
  r.error
    ? `fails: ${r.error.replace(/\|/g, '/').slice(0, 70)} | – | –`
    : `${r.dssim.toFixed(4)} | ${r.ssim.toFixed(4)} | ${(r.diff * 100).toFixed(2)}%`;

function summary(rows) {
  const both = rows.filter((r) => !r.pictor.error && !r.baseline.error);
  return [
    '| | Pictor | satori-html + satori |',
    '|---|---|---|',
    `| renders | ${ok(rows, 'pictor').length}/${rows.length} | ${ok(rows, 'baseline').length}/${rows.length} |`,
    `| mean dSSIM (of those rendered) | ${mean(rows, 'pictor', 'dssim').toFixed(4)} | ${mean(rows, 'baseline', 'dssim').toFixed(4)} |`,
    `| lowest dSSIM | ${min(rows, 'pictor', 'dssim').toFixed(4)} | ${min(rows, 'baseline', 'dssim').toFixed(4)} |`,
    `| mean SSIM, full resolution | ${mean(rows, 'pictor', 'ssim').toFixed(4)} | ${mean(rows, 'baseline', 'ssim').toFixed(4)} |`,
    `| lowest SSIM, full resolution | ${min(rows, 'pictor', 'ssim').toFixed(4)} | ${min(rows, 'baseline', 'ssim').toFixed(4)} |`,
    `| mean diff > 32 | ${(mean(rows, 'pictor', 'diff') * 100).toFixed(2)}% | ${(mean(rows, 'baseline', 'diff') * 100).toFixed(2)}% |`,
    `| mean dSSIM on the ${both.length} cases both render | ${mean(both, 'pictor', 'dssim').toFixed(4)} | ${mean(both, 'baseline', 'dssim').toFixed(4)} |`,
    `| cases under 0.95 dSSIM | ${ok(rows, 'pictor').filter((r) => r.pictor.dssim < 0.95).length} | ${ok(rows, 'baseline').filter((r) => r.baseline.dssim < 0.95).length} |`,
  ];
}

function table(rows) {
  return [
    '| case | Pictor dSSIM | Pictor SSIM | Pictor diff | baseline dSSIM | baseline SSIM | baseline diff | what differs |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${cell(r.pictor)} | ${cell(r.baseline)} | ${r.missing} |`),
  ];
}

if (gallery) {
  await writeGallery(
    join(here, 'gallery'),
    Object.entries(results).flatMap(([corpusName, rows]) =>
      rows.map((r) => ({ ...r, corpus: corpusName, dir: join(outDir, corpusName, r.name) })),
    ),
  );
  console.log(`gallery: ${join(here, 'gallery/index.html')}`);
}

for (const [corpusName, rows] of Object.entries(results)) {
  if (rows.some((r) => r.web))
    console.log([`${corpusName}, local and web faces:`, ...webFontReport(rows)].join('\n'));
  console.log(
    `${corpusName}: ${rows.length} cases; mean dSSIM pictor ${mean(rows, 'pictor', 'dssim').toFixed(4)} (min ${min(rows, 'pictor', 'dssim').toFixed(4)}), baseline ${mean(rows, 'baseline', 'dssim').toFixed(4)} (min ${min(rows, 'baseline', 'dssim').toFixed(4)}); SSIM pictor ${mean(rows, 'pictor', 'ssim').toFixed(4)}, baseline ${mean(rows, 'baseline', 'ssim').toFixed(4)}`,
  );
}

for (const [corpusName, rows] of Object.entries(results)) {
  const report = kindReport(corpusName, CORPORA[corpusName], rows);
  console.log(`\n${report.join('\n')}`);
  if (corpusName === 'scripts') {
    const cards = scriptCardsReport(CORPORA.scripts, rows);
    console.log(`\n${cards.join('\n')}`);
    // The results file from a run of every card (a filtered run only prints).
    if (!partial)
      writeFileSync(
        join(here, 'RESULTS-scripts.md'),
        [
          '# Fidelity on the script cards (issue 40)',
          '',
          `Generated by \`node benchmarks/fidelity/run.mjs --corpus=scripts --web-fonts\` on ${new Date().toISOString().slice(0, 10)}: ${rows.length} Open Graph cards of`,
          '`benchmarks/fidelity/script-cards/` (texts, sources, licences and the held-out rule in its README.md), each',
          'scored by dSSIM against two Chromium references: the card with its faces as it names them (local faces by',
          'family, or its own `@font-face`), and with every named family loaded as a web font. Pictor engine:',
          `${pictorNote}.`,
          '',
          ...cards,
        ].join('\n'),
      );
  }
  if (corpusName === 'wider' && !partial) {
    const preface = existsSync(join(here, 'RESULTS-wider-preface.md'))
      ? readFileSync(join(here, 'RESULTS-wider-preface.md'), 'utf8').trim().split('\n')
      : [];
    const realWorld = existsSync(join(outDir, 'results-real-world.json'))
      ? JSON.parse(readFileSync(join(outDir, 'results-real-world.json'), 'utf8'))
      : undefined;
    writeFileSync(
      join(here, 'RESULTS-wider.md'),
      [
        '# Fidelity on the wider corpus (issues 40 and 41)',
        '',
        `Generated by \`node benchmarks/fidelity/run.mjs --corpus=wider\` on ${new Date().toISOString().slice(0, 10)}: ${rows.length} documents of`,
        '`benchmarks/fidelity/wider/` (sources, licences and the held-out rule in its README.md), scored as in RESULTS.md',
        `(dSSIM against Chromium). Pictor engine: ${pictorNote}.`,
        '',
        ...preface,
        '',
        ...report,
        '',
        ...(realWorld
          ? [
              '## The real-world corpus per kind (from the last saved run, out/results-real-world.json)',
              '',
              ...kindReport(
                'real-world',
                CORPORA['real-world'],
                Array.isArray(realWorld) ? realWorld : realWorld.rows,
              ).slice(2),
              '',
            ]
          : []),
        '## Every tuning case',
        '',
        '| case | Pictor dSSIM | Pictor SSIM | Pictor diff | baseline dSSIM | baseline SSIM | baseline diff | what differs |',
        '|---|---|---|---|---|---|---|---|',
        ...rows
          .filter((r) => !classify('wider', CORPORA.wider, r.name).heldOut)
          .map((r) => `| ${r.name} | ${cell(r.pictor)} | ${cell(r.baseline)} | ${r.missing} |`),
        '',
      ].join('\n'),
    );
  }
}

// RESULTS.md only from a whole run of both corpora: a filtered run must not overwrite the record.
if (!partial && corpora.length === 2) {
  const real = results['real-world'];
  const own = results.own;
  const preface = existsSync(join(here, 'RESULTS-preface.md'))
    ? readFileSync(join(here, 'RESULTS-preface.md'), 'utf8').trim().split('\n')
    : [];
  const lines = [
    '# Fidelity against Chromium',
    '',
    `Generated by \`node benchmarks/fidelity/run.mjs\` (= \`--corpus=all\`) on ${new Date().toISOString().slice(0, 10)}: ${real.length} real-world`,
    `documents of \`benchmarks/fidelity/real-world/\` (public sources, see its README.md) and the project's own ${own.length} cases`,
    'of `packages/core/test/fidelity/`, each rendered by Pictor, by Chromium (Debian `chromium`, headless through',
    "playwright-core, deviceScaleFactor 1, same viewport, only Pictor's built-in fonts through a private fontconfig,",
    'generic families mapped as in Pictor) and by satori-html + satori (same fonts), all flattened over white.',
    'The gallery (reference | Pictor | difference, worst first) is written to `benchmarks/fidelity/gallery/index.html`',
    'by the same command (git-ignored; `--corpus=real-world` for one corpus, a name filter for some cases;',
    '`--report` rewrites this file and the gallery from the last run without rendering again, `--rescore` also',
    'recomputes the scores from the saved images).',
    '',
    `Pictor engine: ${pictorNote}.`,
    '',
    "- **dSSIM**: downsampled SSIM, the SSIM authors' reference method (Wang et al. 2004, `ssim.m`): luma (Matlab",
    '  `rgb2gray`), block average over f×f with f = max(1, round(min(W, H)/256)) then every f-th pixel, 11×11 Gaussian',
    "  window σ = 1.5, K1 = 0.01, K2 = 0.03; ssim.js `original` with `downsample: 'original'`.",
    '- **SSIM**: the metric reported first here: ssim.js `fast` on luma at full resolution, same window and',
    '  constants, no downsampling.',
    '- **diff**: share of pixels whose largest channel difference exceeds 32/255.',
    '',
    `## Real-world corpus (${real.length} documents)`,
    '',
    ...summary(real),
    '',
    ...preface,
    '',
    ...table(real),
    '',
    `## Own corpus (${own.length} cases)`,
    '',
    ...summary(own),
    '',
    ...table(own),
    '',
  ];
  writeFileSync(join(here, 'RESULTS.md'), lines.join('\n'));
}
