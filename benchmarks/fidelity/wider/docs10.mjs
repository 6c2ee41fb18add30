/**
 * Issue 41's session-16 pass (docs22): article and document-style pages from nine public repositories the corpus
 * had not used — the demo and documentation pages of classless CSS sheets (Water.css, new.css and its Night and
 * Terminal themes, MVP.css, awsm.css, Bamboo, concrete.css, Almond.CSS, classless.css, writ). Each source's own
 * example page was taken as it is, chosen before any rendering; none was dropped after rendering.
 *
 * Made self-contained by papers.mjs's `selfContained` (linked sheets of the repository inlined, their fonts and
 * pictures as data: URIs); import.mjs does the rest as for every case (scripts and web fonts removed, remote
 * pictures → placeholders of the same size, the viewport height measured in Chromium). Where a page links a file
 * the repository does not hold at that place, the edit is recorded in the case's changes: Water.css's site links
 * its built `water.min.css` (not committed; the published water.css@2.1.1's out/water.min.css, the repository's
 * version, is inlined); new.css's theme pages link `/new.css` and `../<theme>.css` as served by its site (the
 * repository's new.css and theme/<theme>.css are inlined).
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs; each pinned at the commit below) and
 * water.css@2.1.1 from a tool directory ($DOCS10_TOOLS, default /tmp/docs22-tools: `npm i water.css@2.1.1`);
 * run `WIDER_PASS=docs10 node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullCommit, selfContained } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const TOOLS = process.env.DOCS10_TOOLS ?? '/tmp/docs22-tools';
const DOCUMENT = 'document';

/** Each source: repository, pinned commit, licence file, licence name. */
const SOURCES = {
  water: ['kognise/water.css', 'd950cbc9f8607521587fae1aa523f85e25f8396f', 'LICENSE.md', 'MIT'],
  newcss: ['xz/new.css', '80e7107b491b1062193331ae93ff3670c6a2398d', 'LICENSE', 'MIT'],
  mvp: ['andybrewer/mvp', '9a8aef01bcdf57c8d095a456e5720d63a5d193a5', 'LICENSE', 'MIT'],
  awsm: ['igoradamenko/awsm.css', 'ad03dcf22f6348d9c179cc5d0f82fe5d6b5961d4', 'LICENSE', 'MIT'],
  bamboo: ['rilwis/bamboo', 'f7fdb9b8002bbee7aa22b0ea17103686d503308a', 'LICENSE', 'MIT'],
  concrete: ['louismerlin/concrete.css', '97f7142bf844c72b5f205eb6b25522af03f780b9', 'LICENSE', 'MIT'],
  almond: ['alvaromontoro/almond.css', 'f606564bd06c6df21fcfbbb00fa689c27895b47d', 'LICENSE', 'MIT'],
  classless: ['emareg/classlesscss', '057b5c822ff40a2151a895411a6b73c57b80e8c0', 'LICENSE', 'MIT'],
  writ: ['causal-agent/writ', '014a4890e2acf539b2bf6b13b885d546d92a56d0', 'LICENSE', 'ISC'],
};

/** A page of a mirrored source made self-contained by papers.mjs (and `edit`), its changes recorded. */
function mirrored(key, d, { options, edit } = {}) {
  const [repo, pinned, , licence] = SOURCES[key];
  const commit = fullCommit(repo, pinned);
  const buildChanges = [];
  return {
    width: 800,
    group: DOCUMENT,
    ...d,
    repo,
    commit,
    licence,
    buildChanges,
    build: () => {
      const src = { repo, commit, path: d.path };
      const page = edit ? edit(readAt(repo, commit, d.path), buildChanges) : undefined;
      const { html, changes } = selfContained(src, { ...options, page });
      buildChanges.push(...changes);
      return html;
    },
  };
}

/** A file of a mirrored repository at a commit, as text. */
function readAt(repo, commit, path) {
  return execFileSync(
    'git',
    ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${path}`],
    { maxBuffer: 64 << 20 },
  ).toString('utf8');
}

/** Water.css's site links its built `water.min.css` (not committed): the published package's file of that version. */
function waterSheet(html, changes) {
  const pkg = JSON.parse(readFileSync(join(TOOLS, 'node_modules/water.css/package.json'), 'utf8'));
  const css = readFileSync(join(TOOLS, 'node_modules/water.css/out/water.min.css'), 'utf8');
  changes.push(
    `the page's ./water.css/water.min.css (built by the repository's build, not committed) is the published build of water.css@${pkg.version} (npm, out/water.min.css), inlined as <style>`,
  );
  return html.replace(
    /<link\b[^>]*href\s*=\s*["']\.\/water\.css\/water\.min\.css["'][^>]*>/i,
    () => `<style>\n${css}\n</style>`,
  );
}

/** new.css's theme pages link the sheets by their site's paths: the repository's files at those names. */
function newcssTheme(theme) {
  return (html, changes) => {
    changes.push(
      `the theme page's /new.css and ../${theme}.css (paths on new.css's site) read as the repository's new.css and theme/${theme}.css`,
    );
    return html
      .replace(/href\s*=\s*["']\/new\.css["']/i, 'href="../new.css"')
      .replace(new RegExp(`href\\s*=\\s*["']\\.\\./${theme}\\.css["']`, 'i'), `href="${theme}.css"`);
  };
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs10Documents() {
  return [
    mirrored(
      'water',
      {
        name: 'water-css-docs',
        path: 'docs/index.html',
        kind: "documentation page of a classless document sheet (Water.css's site: typography, forms, tables)",
      },
      { edit: waterSheet },
    ),
    mirrored('newcss', {
      name: 'newcss-demo',
      path: 'demo.html',
      kind: 'demo page of a classless document sheet (new.css)',
    }),
    ...['night', 'terminal'].map((theme) =>
      mirrored(
        'newcss',
        {
          name: `newcss-theme-${theme}`,
          path: `theme/${theme}.html`,
          kind: `demo page of a classless document sheet (new.css with its ${theme} theme)`,
        },
        { edit: newcssTheme(theme) },
      ),
    ),
    mirrored('mvp', {
      name: 'mvp-css-site',
      path: 'index.html',
      width: 1024,
      kind: "documentation page of a classless document sheet (MVP.css's site: header, sections of cards, forms, tables)",
    }),
    mirrored('mvp', {
      name: 'mvp-css-template',
      path: 'mvp.html',
      width: 1024,
      kind: 'starter page of a classless document sheet (MVP.css template)',
    }),
    mirrored('awsm', {
      name: 'awsm-css-docs',
      path: 'docs/index.html',
      kind: "demo page of a classless document sheet (awsm.css's site, default theme)",
    }),
    mirrored('bamboo', {
      name: 'bamboo-css-demo',
      path: 'demo/index.html',
      kind: 'demo page of a classless document sheet (Bamboo)',
    }),
    mirrored('concrete', {
      name: 'concrete-css-demo',
      path: 'index.html',
      kind: 'demo page of a classless document sheet (concrete.css)',
    }),
    mirrored('almond', {
      name: 'almond-css-demo',
      path: 'demo/index.html',
      width: 1024,
      kind: "documentation page of a classless document sheet (Almond.CSS's demo: menu, introduction)",
    }),
    mirrored('almond', {
      name: 'almond-css-elements',
      path: 'demo/old/index.html',
      kind: "elements page of a classless document sheet (Almond.CSS's earlier one-page demo)",
    }),
    mirrored('classless', {
      name: 'classless-css-docs',
      path: 'docs/index.html',
      kind: "documentation page of a classless document sheet (classless.css's site: article, tables, figures, code)",
    }),
    mirrored('classless', {
      name: 'classless-css-inputs',
      path: 'docs/tests/input-tests.html',
      kind: "form elements test page of a classless document sheet (classless.css's input tests)",
    }),
    mirrored('writ', {
      name: 'writ-css-index',
      path: 'index.html',
      kind: "article page of a classless document sheet (writ's site: typography on a text grid)",
    }),
    mirrored('writ', {
      name: 'writ-css-reference',
      path: 'reference.html',
      kind: "element reference page of a classless document sheet (writ's reference)",
    }),
  ];
}

/** Licence texts of this pass's sources and the npm package it uses: [file name, bytes]. */
export function docs10Licences() {
  const out = new Map();
  for (const [repo, commit, file] of Object.values(SOURCES))
    out.set(
      `${repo.replace('/', '+')}-${file}`,
      execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${file}`]),
    );
  const pkg = JSON.parse(readFileSync(join(TOOLS, 'node_modules/water.css/package.json'), 'utf8'));
  out.set(
    `npm+water.css@${pkg.version}-LICENSE`,
    readFileSync(join(TOOLS, 'node_modules/water.css/LICENSE.md')),
  );
  return out;
}
