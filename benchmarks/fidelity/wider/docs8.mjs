/**
 * Issue 41's tenth pass (docs20, session 16): fifteen more JSON Resume themes, rendered with @jsonresume/schema's
 * sample résumé exactly as docs5.mjs's were (import.mjs `fonts: true`: CDN sheets from npm with their fonts inlined,
 * Google Fonts as @fontsource faces, remote pictures → placeholders). The theme names come from a published list of
 * npm search results for `jsonresume-theme` (thomasdavis/lordajax.com apps/themes/pages/api/npm.js) and from the
 * public index of `jsonresume-theme-*` repositories; every one the npm registry here has, under a permissive
 * licence, that renders the sample, was taken before any rendering in a browser; the repository is the package's
 * `repository`.
 *
 * Icon-font sheets import.mjs does not map are inlined here, from npm, with their fonts as data: URIs:
 * use.fontawesome.com's Font Awesome 5.0.12 (the registry's @fortawesome/fontawesome-free starts at 5.1.0: that
 * version's same all.css is used, recorded in the case) and cdnjs's Font Awesome 6.1.1.
 *
 * The npm packages are installed in $WIDER_TOOLS (here /tmp/docs20-tools: `npm i @jsonresume/schema@1.3.1`, the
 * themes below at their versions, `font-awesome-4.1.0@npm:font-awesome@4.1.0 font-awesome-4.3.0@npm:font-awesome@4.3.0
 * font-awesome@4.7.0 bootstrap-3.2.0@npm:bootstrap@3.2.0 fontawesome-free-5.1.0@npm:@fortawesome/fontawesome-free@5.1.0
 * fontawesome-free-6.1.1@npm:@fortawesome/fontawesome-free@6.1.1 @fontsource/{open-sans,roboto,lato,montserrat,
 * patrick-hand}@5`); run `WIDER_TOOLS=/tmp/docs20-tools WIDER_PASS=docs8 node benchmarks/fidelity/wider/import.mjs`.
 *
 * Tried and not imported (never rendered in a browser): jsonresume-theme-material@1.3.1, -apage@1.0.2,
 * -foxyboxy@0.1.6, -riga@1.0.16 and -lowmess@0.0.11 (render() throws on the sample résumé: fields it expects in
 * another form), -coffee@0.0.1 (a sheet missing from the published package), -hydejack@0.6.0 (GPL-3.0); about forty
 * more names of the index and the list have no package in the registry here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const TOOLS = process.env.WIDER_TOOLS ?? '/tmp/docs20-tools';
const toolRequire = createRequire(join(TOOLS, 'package.json'));
const DOCUMENT = 'document';

/** JSON Resume themes of this pass: [theme, repository, version, licence]. */
const THEMES = [
  ['moon', 'adamjmoon/jsonresume-theme-moon', '1.7.22', 'MIT'],
  ['fullmoon', 'IsFilimonov/jsonresume-theme-fullmoon', '0.1.2', 'MIT'],
  ['hexagon', 'nricardo/jsonresume-theme-hexagon', '1.0.0', 'MIT'],
  ['curzy', 'Curzy/jsonresume-theme-curzy', '1.0.8', 'MIT'],
  ['print-flexbox', 'vasileboris/jsonresume-theme-print-flexbox', '1.0.0', 'MIT'],
  ['fresh', 'assimovt/jsonresume-theme-fresh', '0.0.3', 'MIT'],
  ['simple', 'bmullan91/jsonresume-theme-simple', '1.0.0', 'MIT'],
  ['pumpkin', 'bvosk/jsonresume-theme-pumpkin', '1.1.4', 'MIT'],
  ['smart', 'jalooc/jsonresume-theme-smart', '1.0.2', 'MIT'],
  ['contempo', 'yesdevnull/jsonresume-theme-contempo', '0.0.3', 'MIT'],
  ['printclassy', 'reubenkcoutinho/jsonresume-theme-printclassy', '1.1.1', 'MIT'],
  ['kate', 'kneeki/jsonresume-theme-Kate', '2.0.0', 'MIT'],
  ['dave', 'kneeki/jsonresume-theme-Dave', '1.0.1', 'MIT'],
  ['lemonlabs', 'theon/cv', '1.0.0', 'MIT'],
  ['eloquent-mod', 'constructorfleet/jsonresume-theme-eloquent-mod', '4.24.0', 'MIT'],
];

/** Icon-font CDN sheets import.mjs does not map: the link's pattern → the installed package and its file. */
const ICON_SHEETS = [
  [
    /^https?:\/\/use\.fontawesome\.com\/releases\/v5\.0\.12\/(css\/all\.css)$/,
    'fontawesome-free-5.1.0',
    'use.fontawesome.com Font Awesome 5.0.12 (not in the registry here): the same file of @fortawesome/fontawesome-free@5.1.0',
  ],
  [
    /^https?:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/font-awesome\/6\.1\.1\/(css\/[\w.]+\.css)$/,
    'fontawesome-free-6.1.1',
    'cdnjs Font Awesome 6.1.1: the same file of @fortawesome/fontawesome-free@6.1.1',
  ],
];

/** A sheet's `@font-face` sources: the woff2 file (what Chromium picks) inlined as a data: URI. */
function inlineWoff2(css, sheetPath) {
  return css.replace(/@font-face\s*\{[^}]*\}/gi, (block) => {
    const url = /url\(\s*['"]?([^'")]+\.woff2)[^'")]*['"]?\s*\)/i.exec(block)?.[1];
    const file = url && join(dirname(sheetPath), url);
    if (!file || !existsSync(file)) return '';
    const data = readFileSync(file).toString('base64');
    return block.replace(
      /src\s*:[^;}]*(;|(?=\}))(?:\s*src\s*:[^;}]*(;|(?=\})))*/i,
      `src:url(data:font/woff2;base64,${data}) format("woff2")$1`,
    );
  });
}

/** The theme's links to icon-font CDNs of ICON_SHEETS replaced by the npm file, its fonts inlined. */
function inlineIconSheets(html, changes) {
  return html.replace(/<link\b[^>]*>/gi, (tag) => {
    const href = /href\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1] ?? '';
    for (const [re, pkg, note] of ICON_SHEETS) {
      const m = re.exec(href);
      if (!m) continue;
      const path = join(TOOLS, 'node_modules', pkg, m[1]);
      changes.push(`${note} (${m[1]}), its woff2 fonts inlined as data: URIs`);
      return `<style>\n${inlineWoff2(readFileSync(path, 'utf8'), path)}\n</style>`;
    }
    return tag;
  });
}

/**
 * A JSON Resume theme's render() of @jsonresume/schema's sample résumé, loaded and run with the tool directory as
 * the working directory (jsonresume-theme-smart's Nunjucks loader only finds templates below it, as under a
 * project that installed the theme).
 */
async function jsonResume(pkg) {
  const sample = JSON.parse(
    readFileSync(toolRequire.resolve('@jsonresume/schema/sample.resume.json'), 'utf8'),
  );
  const dir = join(TOOLS, 'node_modules', pkg);
  const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const cwd = process.cwd();
  process.chdir(TOOLS);
  try {
    const theme =
      meta.type === 'module'
        ? await import(pathToFileURL(join(dir, meta.module ?? meta.main)).href)
        : toolRequire(pkg);
    return await (theme.render ?? theme.default.render)(sample);
  } finally {
    process.chdir(cwd);
  }
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs8Documents() {
  return THEMES.map(([theme, repo, version, licence]) => {
    const pkg = `jsonresume-theme-${theme}`;
    const buildChanges = [];
    return {
      name: `resume-${theme}`,
      repo,
      npm: `${pkg}@${version}`,
      placeholders: true,
      fonts: true,
      path: `npm ${pkg}@${version}`,
      commit: `npm:${pkg}@${version}`,
      licence,
      group: DOCUMENT,
      kind: 'résumé (JSON Resume theme)',
      width: 800,
      buildChanges,
      build: async () => inlineIconSheets(await jsonResume(pkg), buildChanges),
      note: `${pkg}@${version}'s render() of @jsonresume/schema 1.3.1's sample.resume.json`,
    };
  });
}

/** Licence texts of the npm packages whose files are in this pass's documents. */
export function docs8Licences() {
  const out = new Map();
  const packages = [
    ...THEMES.map(([t]) => `jsonresume-theme-${t}`),
    'font-awesome-4.1.0',
    'font-awesome-4.3.0',
    'font-awesome',
    'bootstrap-3.2.0',
    'fontawesome-free-5.1.0',
    'fontawesome-free-6.1.1',
    ...['open-sans', 'roboto', 'lato', 'montserrat', 'patrick-hand'].map((f) => `@fontsource/${f}`),
  ];
  for (const pkg of packages) {
    const dir = join(TOOLS, 'node_modules', pkg);
    if (!existsSync(dir)) continue;
    const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    out.set(
      `npm+${meta.name.replace('/', '+')}@${meta.version}-LICENSE`,
      file
        ? readFileSync(join(dir, file))
        : `${meta.name}@${meta.version}: package.json declares "license": "${meta.license}"; the package ships no licence file.\n`,
    );
  }
  return out;
}
