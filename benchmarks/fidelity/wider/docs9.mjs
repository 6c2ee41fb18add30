/**
 * Issue 41's pass docs9 (session 16, docs21): hand-written HTML/CSS résumé and CV templates (not JSON Resume
 * themes) from seven public repositories the corpus had not used — awesome-resume-templates' collection (seven of
 * its twenty templates: every third from the second), Tom Barrasso's letter-size résumé (Font Awesome 5 icons,
 * Google Fonts), an A4 two-column résumé (tychenjiajun), codewithsadee's vCard portfolio (a résumé page with a
 * timeline and skill bars), two résumé templates of debgotwired's personal-site collection, abu00134's printable
 * résumé starter and Szymon Cader's CV template (nekeal). Each source's own page was taken as it is, chosen before
 * any rendering; none was dropped after rendering.
 *
 * Made self-contained by papers.mjs's `selfContained` (linked sheets of the repository inlined, their fonts and
 * pictures as data: URIs). Unlike docs7's pages these keep their web fonts and icon fonts, as a reader's browser
 * shows them (as the JSON Resume pass does, `fonts: true`): Google Fonts links become @font-face rules of the same
 * faces from @fontsource (import.mjs), and CDN sheets of published packages (Font Awesome 5.1.0, normalize.css
 * 8.0.0) are the same files of the npm packages, their fonts inlined as data: URIs. import.mjs does the rest as for
 * every case (scripts removed, remote pictures → placeholders of the same size, the viewport height measured in
 * Chromium).
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs; each pinned at the commit below), the npm
 * packages from a tool directory ($DOCS9_TOOLS, default /tmp/docs21-tools: `npm i @fontsource/inter@5
 * @fontsource/poppins@5 @fontsource/cardo@5 @fontsource/montserrat@5 @fontsource/arimo@5
 * @fontsource/libre-franklin@5 @fontsource/libre-baskerville@5 normalize.css@8.0.0
 * @fortawesome/fontawesome-free@5.1.0`); run `WIDER_PASS=docs9 WIDER_TOOLS=/tmp/docs21-tools node
 * benchmarks/fidelity/wider/import.mjs` (WIDER_TOOLS is where import.mjs finds @fontsource).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fullCommit, selfContained } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const TOOLS = process.env.DOCS9_TOOLS ?? '/tmp/docs21-tools';
const DOCUMENT = 'document';

/** Each source: repository, pinned commit, licence file, licence name[, commit to read the licence file at]. */
const SOURCES = {
  awesome: [
    'awesome-resume-templates/html-resume-templates',
    '0463aacfcff3f1ab834fedd3b6bd59a2a2ab2735',
    'LICENSE',
    'MIT',
  ],
  tombarr: [
    'Tombarr/html-resume-template',
    '92a4a82e480784e8f28bbb33153ab73d895a4912',
    'LICENSE',
    'Apache-2.0',
  ],
  // The last commit whose tree has the built styles/theme.css the page links (later ones keep only the SCSS); its
  // LICENSE was added later (MIT): read at that commit (the fifth entry).
  a4: [
    'tychenjiajun/a4-resume-template',
    '80050a6775da7491569808bba22b51b78e5f339b',
    'LICENSE',
    'MIT',
    '04b04d3b9a825334c0d45db6bca2ea60acb5edac',
  ],
  vcard: [
    'codewithsadee/vcard-personal-portfolio',
    'c0d7270ebdbd35509e7d65fa5846449f94e2c81d',
    'LICENSE',
    'MIT',
  ],
  clean: ['debgotwired/clean-and-personal', '3701f8d16ec56aeac8309a33d1d74d97df781997', 'LICENSE', 'MIT'],
  bal: ['abu00134/bal', '3b80ce5f7b20dfb950ecf4d82fdadb35745adef2', 'LICENSE', 'MIT'],
  nekeal: ['nekeal/cv-html-template', '8937e9393345d9383c1225978c9c6d1bdae73d52', 'LICENSE.md', 'MIT'],
};

/** npm packages whose files go into the documents (CDN sheets and the Google Fonts faces' @fontsource files). */
const PACKAGES = [
  '@fortawesome/fontawesome-free',
  'normalize.css',
  ...['inter', 'poppins', 'cardo', 'montserrat', 'arimo', 'libre-franklin', 'libre-baskerville'].map(
    (f) => `@fontsource/${f}`,
  ),
];

const packageDir = (pkg) => join(TOOLS, 'node_modules', pkg);
const packageVersion = (pkg) =>
  JSON.parse(readFileSync(join(packageDir(pkg), 'package.json'), 'utf8')).version;

const FONT_TYPES = { woff2: 'font/woff2', woff: 'font/woff', truetype: 'font/ttf' };

/**
 * A published sheet's `@font-face` fonts inlined as data: URIs: of each rule's sources the best of woff2, woff,
 * truetype that the package holds (what Chromium would pick), resolved from the sheet's folder.
 */
function inlinePackageFonts(css, sheetPath) {
  return css.replace(/@font-face\s*\{[^}]*\}/gi, (block) => {
    const sources = [
      ...block.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)\s*(?:format\(\s*['"]?([\w-]+)['"]?\s*\))?/gi),
    ].map((m) => ({ url: m[1], format: m[2] }));
    for (const format of ['woff2', 'woff', 'truetype']) {
      const source = sources.find((x) => x.format === format);
      const file = source && join(dirname(sheetPath), source.url.split(/[?#]/)[0]);
      if (!file || !existsSync(file)) continue;
      const data = readFileSync(file).toString('base64');
      return block.replace(
        /src\s*:[^;}]*(;|(?=\}))(?:\s*src\s*:[^;}]*(;|(?=\})))*/i,
        `src:url(data:${FONT_TYPES[format]};base64,${data}) format("${format}")$1`,
      );
    }
    return '';
  });
}

/** CDN links of published packages: the link's pattern, the package and its file. */
const CDN_SHEETS = [
  [
    /<link\b[^>]*href="https:\/\/use\.fontawesome\.com\/releases\/v5\.1\.0\/css\/all\.css"[^>]*>/i,
    '@fortawesome/fontawesome-free',
    'css/all.css',
  ],
  [
    /<link\b[^>]*href="https:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/normalize\/8\.0\.0\/normalize\.min\.css"[^>]*>/i,
    'normalize.css',
    'normalize.css',
  ],
];

/** The page's CDN links of published packages replaced by the npm packages' files (fonts inlined). */
function cdnSheets(html, changes) {
  let out = html;
  for (const [link, pkg, file] of CDN_SHEETS) {
    if (!link.test(out)) continue;
    const path = join(packageDir(pkg), file);
    const text = readFileSync(path, 'utf8');
    const css = inlinePackageFonts(text, path);
    out = out.replace(link, () => `<style>\n${css}\n</style>`);
    changes.push(
      `CDN sheet of ${pkg} replaced by the same file of the npm package ${pkg}@${packageVersion(pkg)} (${file})${/@font-face/i.test(text) ? ', its @font-face fonts inlined as data: URIs (woff2)' : ''}`,
    );
  }
  return out;
}

/**
 * A Content-Security-Policy `<meta>` removed: it allows the page's web fonts from fonts.gstatic.com, and the same
 * faces inlined as data: URIs would be refused by its `font-src` (the page would lose the fonts it shows online).
 */
function withoutCsp(html, changes) {
  const out = html.replace(/<meta\b[^>]*http-equiv\s*=\s*["']Content-Security-Policy["'][^>]*>\s*/gi, '');
  if (out !== html)
    changes.push(
      "Content-Security-Policy <meta> removed (its font-src allows fonts.gstatic.com, not the data: URIs the page's Google Fonts faces now are)",
    );
  return out;
}

/** A page of a mirrored source made self-contained by papers.mjs (and `edit`), its changes recorded. */
function mirrored(key, d, { options, edit } = {}) {
  const [repo, pinned, , licence] = SOURCES[key];
  const commit = fullCommit(repo, pinned);
  const buildChanges = [];
  return {
    width: 800,
    group: DOCUMENT,
    fonts: true,
    ...d,
    repo,
    commit,
    licence,
    buildChanges,
    build: () => {
      const { html, changes } = selfContained({ repo, commit, path: d.path }, options);
      buildChanges.push(...changes);
      const out = withoutCsp(cdnSheets(html, buildChanges), buildChanges);
      return edit ? edit(out, buildChanges) : out;
    },
  };
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs9Documents() {
  const docs = [];
  // Every third of the collection's twenty templates, from the second (chosen before rendering).
  for (const [folder, kind, width] of [
    ['02-modern-sidebar', 'two-column résumé with a coloured sidebar', 1000],
    ['05-developer-tech', 'developer résumé in monospace type', 840],
    ['08-elegant-serif', 'résumé in serif type', 760],
    ['11-academic-cv', 'academic CV', 800],
    ['14-infographic', 'infographic résumé with skill bars', 840],
    ['17-two-column-compact', 'compact two-column résumé', 900],
    ['20-rtl-multilingual', 'right-to-left multilingual résumé', 800],
  ])
    docs.push(
      mirrored('awesome', {
        name: `awesome-resume-${folder.replace(/^\d+-/, '')}`,
        path: `templates/${folder}/index.html`,
        width,
        kind: `résumé (awesome-resume-templates ${folder}: ${kind})`,
      }),
    );
  docs.push(
    mirrored('tombarr', {
      name: 'tombarr-html-resume',
      path: 'index.html',
      width: 880,
      kind: 'letter-size résumé with a sidebar (Font Awesome 5 icons, Google Fonts)',
      note: 'the print-only sheet (media="print") is inlined as the page links it and stays print-only',
    }),
    mirrored('a4', {
      name: 'a4-resume-template',
      path: 'index.html',
      width: 860,
      kind: 'A4 two-column résumé (grid, tags, Inter)',
    }),
    mirrored('vcard', {
      name: 'vcard-portfolio-resume',
      path: 'index.html',
      width: 1280,
      kind: 'personal vCard portfolio with a résumé timeline and skill bars (Poppins)',
      note: 'its ion-icon elements are drawn by a script from unpkg (removed with the scripts): both engines show them empty',
    }),
    mirrored('clean', {
      name: 'clean-personal-resume',
      path: 'templates/07-resume/index.html',
      width: 900,
      kind: 'one-page résumé of a personal-site template collection (Inter)',
    }),
    mirrored('clean', {
      name: 'clean-personal-job-seeker',
      path: 'templates/41-job-seeker-resume/index.html',
      width: 1000,
      kind: 'job seeker résumé page (Libre Franklin, Libre Baskerville)',
    }),
    mirrored('bal', {
      name: 'bal-resume-starter',
      path: 'index.html',
      width: 900,
      kind: 'printable résumé starter (Inter)',
    }),
    mirrored('nekeal', {
      name: 'nekeal-cv-template',
      path: 'index.html',
      width: 860,
      kind: 'one-page CV rendered from its Jinja template (Arimo, picture icons)',
      note: "index.html is the repository's own rendered output of templates/basic (src/cv/render.py)",
    }),
  );
  return docs;
}

/** Licence texts of this pass's sources and the npm packages it uses: [file name, bytes]. */
export function docs9Licences() {
  const out = new Map();
  for (const [repo, commit, file, , licenceCommit] of Object.values(SOURCES))
    out.set(
      `${repo.replace('/', '+')}-${file}`,
      execFileSync('git', [
        '-C',
        join(MIRRORS, repo.replace('/', '+'), 'repo'),
        'show',
        `${licenceCommit ?? commit}:${file}`,
      ]),
    );
  for (const pkg of PACKAGES) {
    const dir = packageDir(pkg);
    const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    if (file)
      out.set(`npm+${pkg.replace('/', '+')}@${packageVersion(pkg)}-LICENSE`, readFileSync(join(dir, file)));
  }
  return out;
}
