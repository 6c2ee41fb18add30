/**
 * The second reference column of the fidelity benchmark (issue 40): each document with its faces loaded as web
 * fonts, as the source documents load theirs (Google Fonts, a CDN), instead of found locally through fontconfig.
 * Chromium on Linux keeps fractional glyph advances for web fonts and rounds those of local fonts under full hinting
 * (chromium.mjs); Pictor does the same with `textPositioning: 'auto'`. So the same page is given to both engines
 * with an `@font-face` rule for the first family of each `font-family` stack it declares, served by the built-in
 * file its stack falls back to (a serif stack → Noto Serif, a monospace one → JetBrains Mono, else Inter), in every
 * weight and style the built-in family has. Generic families (`sans-serif`…) stay local fonts in both.
 *
 * Chromium loads no fonts from file: pages, so its copy carries the files as data: URIs; Pictor's copy names
 * copies of the files in a scratch folder inside the case folder (its `baseDir`), removed afterwards.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILTIN_FONT_FILES, SCRIPT_FONT_FILES, builtinFontPath } from './chromium.mjs';

const GENERIC = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
  'emoji',
  'fangsong',
  'inherit',
  'initial',
  'unset',
  'revert',
  'revert-layer',
  '-apple-system',
  'blinkmacsystemfont',
]);

/** Every font file the references have (built-in and script faces), and its family: `Noto Sans Thai`… */
const ALL_FONT_FILES = [...BUILTIN_FONT_FILES, ...SCRIPT_FONT_FILES];
const familyOfFile = (file) => {
  const base = file.split('/').at(-1).split('_')[0];
  return base === 'JetBrainsMono' ? 'JetBrains Mono' : base.replace(/([a-z])([A-Z])/g, '$1 $2');
};

/**
 * The files of each family the web faces are served from, with their weight and style: the built-in families, and
 * each script family of Pictor's optional packages (a page naming "Noto Sans Thai" gets that face as a web font).
 */
const FAMILY_FILES = {};
for (const file of ALL_FONT_FILES) {
  const family = familyOfFile(file);
  FAMILY_FILES[family] = [...(FAMILY_FILES[family] ?? []), file];
}
const KNOWN_FAMILY = new Map(Object.keys(FAMILY_FILES).map((name) => [name.toLowerCase(), name]));

function faceOf(file) {
  const base = file.split('/').at(-1).replace('.ttf', '');
  return {
    weight: Number.parseInt(base.split('_')[1], 10),
    style: base.endsWith('_Italic') ? 'italic' : 'normal',
  };
}

/** The built-in family a stack falls back to, as chromium.mjs's fontconfig aliases generics. */
function builtinFor(stack, first) {
  const known = KNOWN_FAMILY.get(first.toLowerCase());
  if (known) return known;
  const names = stack.map((n) => n.toLowerCase());
  if (
    names.includes('monospace') ||
    names.includes('ui-monospace') ||
    /mono|courier|consol|menlo/i.test(first)
  )
    return 'JetBrains Mono';
  const serif =
    names.includes('serif') || names.includes('ui-serif') || /times|georgia|garamond|serif/i.test(first);
  if (serif && !/sans/i.test(first)) return 'Noto Serif';
  return 'Inter';
}

/** The first non-generic family of each `font-family` stack in the document, with the built-in family serving it. */
export function webFamilies(html) {
  const found = new Map();
  // Families the page loads by its own @font-face rules are web fonts already.
  for (const rule of html.matchAll(/@font-face\s*{[^}]*font-family\s*:\s*["']?([^;"'}]+)/gi))
    found.set(rule[1].trim().toLowerCase(), undefined);
  for (const match of html.replace(/&quot;/g, '"').matchAll(/font-family\s*:\s*([^;}<>]+)/gi)) {
    const stack = match[1]
      .replace(/!important/i, '')
      .split(',')
      .map((n) =>
        n
          .trim()
          .replace(/^["']|["']$/g, '')
          .trim(),
      )
      .filter(Boolean);
    // Emoji and symbol fonts in a stack (Tailwind's default) are not the text's face.
    const first = stack.find(
      (n) => !GENERIC.has(n.toLowerCase()) && !n.startsWith('var(') && !/emoji|symbol/i.test(n),
    );
    if (!first || /[{}()]/.test(first) || found.has(first.toLowerCase())) continue;
    found.set(first.toLowerCase(), { name: first, builtin: builtinFor(stack, first) });
  }
  return [...found.values()].filter(Boolean);
}

const FONT_FILE_URL = /url\((['"]?)fonts\/([\w.-]+\.ttf)\1\)/g;

/** The reference font file a page names as `url(fonts/<file>.ttf)` (script cards' `@font-face` rules). */
function fontFileEntry(file) {
  const entry = ALL_FONT_FILES.find((f) => f.endsWith(`/${file}`));
  if (!entry) throw new Error(`fonts/${file} is not a built-in or script font file`);
  return entry;
}

/**
 * A page that loads font files as `url(fonts/<file>.ttf)` (the script cards' web-font cards), for each engine:
 * Chromium's copy with the files as data: URIs (it loads no fonts from file: pages), and for Pictor the files
 * copied into `<caseDir>/fonts/` (its `baseDir`), removed by `cleanup()`. A page without such URLs is unchanged.
 * @returns {{ chromiumHtml: string, pictorHtml: string, cleanup: () => void }}
 */
export function withFontFiles(html, caseDir) {
  const files = [...new Set([...html.matchAll(FONT_FILE_URL)].map((m) => m[2]))];
  if (files.length === 0) return { chromiumHtml: html, pictorHtml: html, cleanup: () => {} };
  const folder = join(caseDir, 'fonts');
  const created = !existsSync(folder);
  mkdirSync(folder, { recursive: true });
  for (const file of files) copyFileSync(builtinFontPath(fontFileEntry(file)), join(folder, file));
  const chromiumHtml = html.replace(
    FONT_FILE_URL,
    (_, _quote, file) =>
      `url(data:font/ttf;base64,${readFileSync(builtinFontPath(fontFileEntry(file))).toString('base64')})`,
  );
  return {
    chromiumHtml,
    pictorHtml: html,
    cleanup: () => {
      if (created) rmSync(folder, { recursive: true, force: true });
      else for (const file of files) rmSync(join(folder, file), { force: true });
    },
  };
}

/**
 * The page for each engine with the web faces added before its own styles; `cleanup()` removes Pictor's copies.
 * @returns {{ chromiumHtml: string, pictorHtml: string, families: string[], cleanup: () => void }}
 */
export function withWebFonts(html, caseDir) {
  const families = webFamilies(html);
  const scratch = join(caseDir, '.web-fonts');
  const rules = (url) =>
    families
      .flatMap(({ name, builtin }) =>
        FAMILY_FILES[builtin].map((file) => {
          const { weight, style } = faceOf(file);
          return `@font-face{font-family:"${name.replace(/"/g, '')}";src:url(${url(file)});font-weight:${weight};font-style:${style}}`;
        }),
      )
      .join('\n');
  const used = new Set(families.flatMap(({ builtin }) => FAMILY_FILES[builtin]));
  if (used.size > 0) mkdirSync(scratch, { recursive: true });
  for (const file of used) copyFileSync(builtinFontPath(file), join(scratch, file.split('/').at(-1)));
  const dataUrl = (file) => `data:font/ttf;base64,${readFileSync(builtinFontPath(file)).toString('base64')}`;
  const inject = (css) => {
    if (!css) return html;
    const style = `<style>${css}</style>`;
    // Before the document's own styles (in its head when it has one), so its rules still apply as written.
    if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}${style}`);
    if (/<html[^>]*>/i.test(html))
      return html.replace(/<html[^>]*>/i, (tag) => `${tag}<head>${style}</head>`);
    if (/^\s*<!doctype[^>]*>/i.test(html)) return html.replace(/^\s*<!doctype[^>]*>/i, (d) => `${d}${style}`);
    return `${style}${html}`;
  };
  return {
    chromiumHtml: inject(rules(dataUrl)),
    pictorHtml: inject(rules((file) => `.web-fonts/${file.split('/').at(-1)}`)),
    families: families.map(({ name, builtin }) => `${name} → ${builtin}`),
    cleanup: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

/**
 * The web-font column of one case: Chromium's reference and Pictor's image of the page with web faces
 * (`chromium-web.png`, `pictor-web.png` in `caseOut`), scored by `score(reference, png, width, height)`.
 * A page that declares no family of its own gets the same images as the local column, marked `same: true`.
 */
export async function webFontColumn({
  html,
  dir,
  caseOut,
  width,
  height,
  chromium,
  pictor,
  score,
  chromiumSource,
}) {
  const pages = withWebFonts(html, dir);
  const files = withFontFiles(pages.chromiumHtml, dir);
  const tmpPage = join(dir, '.chromium-web-source.html');
  try {
    writeFileSync(tmpPage, chromiumSource(files.chromiumHtml));
    const reference = await chromium.screenshot(pathToFileURL(tmpPage).href, width, height);
    writeFileSync(join(caseOut, 'chromium-web.png'), reference);
    const result = await pictor.render(pages.pictorHtml, { width, height, dir });
    writeFileSync(join(caseOut, 'pictor-web.png'), result.png);
    // Side by side: every advance in whole pixels, as Pictor set them before issue 40.
    const whole = await pictor.render(pages.pictorHtml, {
      width,
      height,
      dir,
      textPositioning: 'whole-pixel',
    });
    return {
      ...(await score(reference, result.png, width, height)),
      wholePixel: await score(reference, whole.png, width, height),
      families: pages.families,
      ...(pages.families.length === 0 ? { same: true } : {}),
    };
  } catch (error) {
    return {
      error: String(error?.message ?? error)
        .split('\n')[0]
        .slice(0, 120),
      families: pages.families,
    };
  } finally {
    rmSync(tmpPage, { force: true });
    files.cleanup();
    pages.cleanup();
  }
}

/** Markdown lines: mean dSSIM per kind of document for the local-font and web-font columns. */
export function webFontReport(rows) {
  const kinds = new Map();
  for (const row of rows) {
    if (!row.web || row.web.error || row.pictor.error) continue;
    const kind = row.kind || 'other';
    const entry = kinds.get(kind) ?? { n: 0, local: 0, web: 0, whole: 0, withFaces: 0 };
    entry.n++;
    entry.local += row.pictor.dssim;
    entry.web += row.web.dssim;
    entry.whole += row.web.wholePixel?.dssim ?? Number.NaN;
    if (!row.web.same) entry.withFaces++;
    kinds.set(kind, entry);
  }
  const all = [...kinds.values()].reduce(
    (a, e) => ({
      n: a.n + e.n,
      local: a.local + e.local,
      web: a.web + e.web,
      whole: a.whole + e.whole,
      withFaces: a.withFaces + e.withFaces,
    }),
    { n: 0, local: 0, web: 0, whole: 0, withFaces: 0 },
  );
  const line = (name, e) =>
    `| ${name} | ${e.n} | ${e.withFaces} | ${(e.local / e.n).toFixed(4)} | ${(e.web / e.n).toFixed(4)} | ${(e.whole / e.n).toFixed(4)} |`;
  return [
    '| kind | cases | with web faces | mean dSSIM, local faces | mean dSSIM, web faces | web faces, every advance whole pixels |',
    '|---|---|---|---|---|---|',
    ...[...kinds.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([kind, e]) => line(kind, e)),
    line('all', all),
  ];
}
