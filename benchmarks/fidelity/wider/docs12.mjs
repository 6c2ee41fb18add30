/**
 * Issue 41's session-17 pass (docs28): hand-written HTML/CSS résumés, academic CVs and personal CV pages from ten
 * public repositories the corpus had not used — Cadars' "John Doe" one-page CV/portfolio (Unlicense), Ice Lam's
 * print-optimised CV (CSS variables themes, inline SVG icons, Google Fonts), Justus Decker's CV template with a
 * sidebar (Unlicense), Brian Maupin's moderncv-like clean CV (Font Awesome 5, Google Fonts), Demetris
 * Zeinalipour's academic responsive template (Bootstrap 3 academic site: CV, publications, bio, home; CC BY 4.0),
 * ClearCareer's timeline résumé (Bootstrap 3, Font Awesome 4, CC BY 4.0), Tautvydas Derzinskas' built CV page (web
 * fonts embedded), Cyph's html-resume (its own sheet and Linux Libertine fonts added as its PDF tool adds them),
 * Beyond Code Bootcamp's one-page résumé (CSS variables, print sheet, Font Awesome 4, three Google Fonts) and KS
 * Chan's résumé on HTML5 UP's "Read Only" (sidebar, Font Awesome 4). Each source's own page was taken as it is,
 * chosen before any rendering; none was dropped after rendering.
 *
 * Made self-contained by papers.mjs's `selfContained` (linked sheets of the repository inlined, their fonts and
 * pictures as data: URIs). As docs9's pages these keep their web fonts and icon fonts (`fonts: true`): Google
 * Fonts links become @font-face rules of the same faces from @fontsource (import.mjs), and CDN sheets of published
 * packages (Font Awesome 5.2.0 and 4.4.0, Bootstrap 3.3.6) are the same files of the npm packages, their fonts
 * inlined as data: URIs. Sheets a page links from a git submodule (not in the repository's tree) or whose fonts the
 * repository lacks are the published package's file of that version (recorded per case). import.mjs does the rest
 * as for every case (scripts removed, remote pictures → placeholders of the same size, the viewport height measured
 * in Chromium).
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs; each pinned at the commit below), the npm
 * packages from a tool directory ($DOCS12_TOOLS, default /tmp/docs28-tools: `npm i @fontsource/roboto@5
 * @fontsource/didact-gothic@5 @fontsource/roboto-slab@5 @fontsource/source-sans-pro@5 @fontsource/source-code-pro@5
 * @fontsource/open-sans@5 @fontsource/lato@5 @fortawesome/fontawesome-free@5.2.0 font-awesome@4.4.0 fa47@npm:font-awesome@4.7.0
 * bootstrap@3.3.6 normalize.css@8.0.1`); run `WIDER_PASS=docs12 WIDER_TOOLS=/tmp/docs28-tools node
 * benchmarks/fidelity/wider/import.mjs` (WIDER_TOOLS is where import.mjs finds @fontsource).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fullCommit, selfContained } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const TOOLS = process.env.DOCS12_TOOLS ?? '/tmp/docs28-tools';
const DOCUMENT = 'document';

/** Each source: repository, pinned commit, licence file, licence name. */
const SOURCES = {
  johndoe: ['cadars/john-doe', 'f49f45c2f2f8353710e750869581aea099133968', 'LICENSE', 'Unlicense'],
  icelam: ['icelam/html-cv-poc', '48b82876826ec15beb00f5c553b8bc63bb09b171', 'LICENSE', 'MIT'],
  justus: ['justusdecker/CV-Template', 'ddc17ef5422748c95e31dee1a315925b9b6aeae5', 'LICENSE', 'Unlicense'],
  bmaupin: ['bmaupin/clean-cv-template', '92126e228b8e9061efcfb4ce649aeb3e9c2b3fb2', 'LICENSE', 'MIT'],
  dmsl: [
    'dmsl/academic-responsive-template',
    'aae27148e074c8df67f51246daba39033d5f38d5',
    'README.md',
    'CC-BY-4.0',
  ],
  clearcareer: [
    'izzydoesizzy/resumetemplate',
    '40c0171e0ab4db60e5416eade747c8c0265a068f',
    'README.md',
    'CC-BY-4.0',
  ],
  slimdogs: ['SlimDogs/HTML-Resume', '9ce936fc93e55f9698efb8483e97e25d630fcd7a', 'LICENSE', 'MIT'],
  buu700: ['buu700/html-resume', '5a7e305fb6924bc422f6c3835ab3c5a66e1de944', 'LICENSE', 'MIT'],
  beyondcode: [
    'BeyondCodeBootcamp/html-resume',
    '7de060b600476738f34160a9308683147d0bd131',
    'LICENSE',
    'Apache-2.0',
  ],
  mrkschan: [
    'mrkschan/html-resume',
    '3a56b0f47d07261c8c287b35ff93c44a8c41d5bb',
    'LICENSE.txt',
    "CC-BY-3.0 (HTML5 UP design; the owner's résumé content Unlicense, README.md)",
  ],
};

/** npm packages whose files go into the documents (CDN sheets and the Google Fonts faces' @fontsource files). */
const PACKAGES = [
  '@fortawesome/fontawesome-free',
  'font-awesome',
  'fa47',
  'bootstrap',
  'normalize.css',
  ...[
    'roboto',
    'didact-gothic',
    'roboto-slab',
    'source-sans-pro',
    'source-code-pro',
    'open-sans',
    'lato',
  ].map((f) => `@fontsource/${f}`),
];

const packageDir = (pkg) => join(TOOLS, 'node_modules', pkg);
const packageMeta = (pkg) => JSON.parse(readFileSync(join(packageDir(pkg), 'package.json'), 'utf8'));
const packageName = (pkg) => `${packageMeta(pkg).name}@${packageMeta(pkg).version}`;

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

/** A published package's sheet as `<style>` (fonts inlined), and the change it makes. */
function packageSheet(pkg, file) {
  const path = join(packageDir(pkg), file);
  const text = readFileSync(path, 'utf8');
  const css = inlinePackageFonts(text, path);
  const fonts = /@font-face/i.test(text) ? ', its @font-face fonts inlined as data: URIs' : '';
  return { style: `<style>\n${css}\n</style>`, note: `${packageName(pkg)} (${file})${fonts}` };
}

/** CDN links of published packages: the link's pattern, the package and its file. */
const CDN_SHEETS = [
  [
    /<link\b[^>]*href="https:\/\/use\.fontawesome\.com\/releases\/v5\.2\.0\/css\/all\.css"[^>]*>/i,
    '@fortawesome/fontawesome-free',
    'css/all.css',
  ],
  [
    /<link\b[^>]*href=\s*"https:\/\/maxcdn\.bootstrapcdn\.com\/font-awesome\/4\.4\.0\/css\/font-awesome\.min\.css"[^>]*>/i,
    'font-awesome',
    'css/font-awesome.min.css',
  ],
  [
    /<link\b[^>]*href=\s*"https:\/\/maxcdn\.bootstrapcdn\.com\/bootstrap\/3\.3\.6\/css\/bootstrap\.min\.css"[^>]*>/i,
    'bootstrap',
    'dist/css/bootstrap.min.css',
  ],
];

/** The page's CDN links of published packages replaced by the npm packages' files (fonts inlined). */
function cdnSheets(html, changes) {
  let out = html;
  for (const [link, pkg, file] of CDN_SHEETS) {
    if (!link.test(out)) continue;
    const { style, note } = packageSheet(pkg, file);
    out = out.replace(link, () => style);
    changes.push(`CDN sheet replaced by the same file of the npm package ${note}`);
  }
  return out;
}

/**
 * Links to sheets the repository does not hold as the page expects (a git submodule's files, or a copy whose
 * fonts are missing): each replaced by the published package's file; `[pattern, package, file, why]`.
 */
function packageLinks(links) {
  return (html, changes) => {
    let out = html;
    for (const [link, pkg, file, why] of links) {
      if (!link.test(out)) throw new Error(`no link ${link} in the page`);
      const { style, note } = packageSheet(pkg, file);
      out = out.replace(link, () => style);
      changes.push(`${why}: the npm package's file ${note} inlined where the page links it`);
    }
    return out;
  };
}

/** A page of a mirrored source made self-contained by papers.mjs (`before` edits the page first), changes recorded. */
function mirrored(key, d, { options, before } = {}) {
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
      const page = before ? before(readAt(repo, commit, d.path), buildChanges) : undefined;
      const { html, changes } = selfContained({ repo, commit, path: d.path }, { ...options, page });
      buildChanges.push(...changes);
      return withCharset(cdnSheets(html, buildChanges), buildChanges);
    },
  };
}

/**
 * A page that declares no character set gets `<meta charset="utf-8">`: the repositories' files are UTF-8 (as their
 * sites serve them), Pictor is given the page as text, and Chromium would read an undeclared file: page as
 * windows-1252 (mojibake in the reference).
 */
function withCharset(html, changes) {
  if (/<meta\b[^>]*charset/i.test(html)) return html;
  changes.push('<meta charset="utf-8"> added (the page declares none; its file is UTF-8)');
  return /<head\b[^>]*>/i.test(html)
    ? html.replace(/<head\b[^>]*>/i, (tag) => `${tag}\n<meta charset="utf-8">`)
    : `<meta charset="utf-8">\n${html}`;
}

/** A file of a mirrored repository at a commit, as text. */
function readAt(repo, commit, path) {
  return execFileSync(
    'git',
    ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${path}`],
    { maxBuffer: 64 << 20 },
  ).toString('utf8');
}

/**
 * HTML5 UP's pages load their sheets by script (skel.js) and list the same sheets in `<noscript>` for browsers
 * without scripts. The corpus removes scripts, so the `<noscript>` sheets (the wide-screen set) are what the page
 * shows: kept as the page's own links (a browser with scripting on would not apply `<noscript>` content).
 */
function noscriptSheets(html, changes) {
  const out = html.replace(/<noscript>\s*((?:<link\b[^>]*>\s*)+)<\/noscript>/i, (_all, links) => links);
  if (out === html) throw new Error('no <noscript> sheets');
  changes.push(
    "the <noscript> sheets (what HTML5 UP's skel.js loads at a wide viewport; its scripts are removed) kept as the page's links",
  );
  return out;
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs12Documents() {
  const fa44 = [
    /<link\b[^>]*href="css\/font-awesome\.min\.css"[^>]*>/i,
    'font-awesome',
    'css/font-awesome.min.css',
    "the repository's css/font-awesome.min.css (Font Awesome 4.4.0) links fonts the repository does not hold",
  ];
  const dmsl = (page, kind, width = 1024) =>
    mirrored(
      'dmsl',
      {
        name: `dmsl-academic-${page}`,
        path: `${page}.html`,
        width,
        kind: `academic site's ${kind} (Bootstrap 3, Font Awesome 4)`,
      },
      { before: packageLinks([fa44]) },
    );
  return [
    mirrored('johndoe', {
      name: 'john-doe-cv',
      path: 'index.html',
      width: 1024,
      kind: 'one-page personal CV / portfolio (system fonts, picture grid)',
    }),
    mirrored('icelam', {
      name: 'icelam-html-cv',
      path: 'index.html',
      width: 1000,
      kind: 'print-optimised CV on an A4 sheet (CSS variables theme, inline SVG icons, Roboto)',
    }),
    mirrored('justus', {
      name: 'justus-cv-template',
      path: 'demo/index.html',
      width: 900,
      kind: 'A4 CV with a coloured sidebar of profiles and skills',
    }),
    mirrored('bmaupin', {
      name: 'bmaupin-clean-cv',
      path: 'cv.html',
      width: 1024,
      kind: 'moderncv-style CV (Font Awesome 5 icons, Didact Gothic and Roboto Slab)',
    }),
    dmsl('cv', 'curriculum vitae page'),
    dmsl('bio', 'short biography page'),
    dmsl('index', 'home page (profile, news, research)'),
    mirrored('clearcareer', {
      name: 'clearcareer-timeline-resume',
      path: 'index.html',
      width: 1100,
      kind: 'résumé page with a timeline (Bootstrap 3, Font Awesome 4)',
      note: 'the Linearicons CDN sheet (not a published package) is removed with the other remote links: its icons show empty in both engines',
    }),
    mirrored('slimdogs', {
      name: 'slimdogs-html-resume',
      path: 'dist/index.html',
      width: 1000,
      kind: "developer CV page (the repository's built output, web fonts embedded)",
    }),
    mirrored(
      'buu700',
      {
        name: 'buu700-html-resume',
        path: 'template.html',
        width: 816,
        kind: 'one-page résumé in Linux Libertine (section titles from attr(), floats)',
        note: "the tool's src/index.css added at the end of <head>, as its PDF script adds it (page.addStyleTag)",
      },
      { options: { extraSheets: ['src/index.css'] } },
    ),
    mirrored(
      'beyondcode',
      {
        name: 'beyondcode-html-resume',
        path: 'index.html',
        width: 900,
        kind: 'one-page résumé with a shaded sidebar (Font Awesome 4, Source Sans Pro, Open Sans)',
        note: 'the print-only sheet (media="print") is inlined as the page links it and stays print-only',
      },
      {
        before: packageLinks([
          [
            /<link\b[^>]*href="dep\/normalize\.css\/normalize\.css"[^>]*>/i,
            'normalize.css',
            'normalize.css',
            'dep/normalize.css is a git submodule (not in the repository tree)',
          ],
          [
            /<link\b[^>]*href="dep\/Font-Awesome\/css\/font-awesome\.css"[^>]*>/i,
            'fa47',
            'css/font-awesome.css',
            'dep/Font-Awesome is a git submodule (not in the repository tree; Font Awesome 4, the last 4.x release used)',
          ],
        ]),
      },
    ),
    mirrored(
      'mrkschan',
      {
        name: 'mrkschan-html-resume',
        path: 'index.html',
        width: 1280,
        kind: 'résumé page with a fixed sidebar header (HTML5 UP "Read Only", Font Awesome 4)',
      },
      { before: noscriptSheets },
    ),
    mirrored(
      'mrkschan',
      {
        name: 'mrkschan-read-only-demo',
        path: 'demo.html',
        width: 1280,
        kind: 'HTML5 UP "Read Only" demo page (sidebar header, feature sections, Font Awesome 4)',
      },
      { before: noscriptSheets },
    ),
  ];
}

/** Licence texts of this pass's sources and the npm packages it uses: [file name, bytes]. */
export function docs12Licences() {
  const out = new Map();
  for (const [repo, pinned, file] of Object.values(SOURCES))
    out.set(
      `${repo.replace('/', '+')}-${file}`,
      execFileSync('git', [
        '-C',
        join(MIRRORS, repo.replace('/', '+'), 'repo'),
        'show',
        `${fullCommit(repo, pinned)}:${file}`,
      ]),
    );
  for (const pkg of PACKAGES) {
    const dir = packageDir(pkg);
    const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    const { name, version, license } = packageMeta(pkg);
    out.set(
      `npm+${name.replace('/', '+')}@${version}-LICENSE`,
      file
        ? readFileSync(join(dir, file))
        : `${name}@${version}: package.json declares "license": "${license}"; the package ships no licence file.\n`,
    );
  }
  return out;
}
