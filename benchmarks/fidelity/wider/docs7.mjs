/**
 * Issue 41's ninth pass (docs11): documents from eleven public repositories the corpus had not used, to widen the
 * tuning evidence beyond the sources whose causes were already fixed — markdown and article themes (markdowncss's
 * Air, Modest, Retro and Splendor demo articles, GitHub's markdown style in github-markdown-css's demo, The
 * Monospace Web's article), classless document sheets' own test pages (Simple.css, Marx, sakura, tacit) and two
 * HTML résumé templates (Owen Gretzinger's Tailwind one-page résumé, Start Bootstrap's Resume). Each source's own
 * example page was taken as it is, chosen before any rendering; none was dropped after rendering.
 *
 * Made self-contained by papers.mjs's `selfContained` (linked sheets of the repository inlined, their fonts and
 * pictures as data: URIs); import.mjs does the rest as for every case (scripts and web fonts removed, remote
 * pictures → placeholders of the same size, the viewport height measured in Chromium). Pages whose sheet is
 * chosen by a script (sakura's theme switcher) get the default sheet the script applies; tacit's page links its
 * built sheet, which the repository does not hold: the same file of the published npm package is inlined.
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs; each pinned at the commit below) and
 * tacit-css@1.9.7 from a tool directory ($DOCS7_TOOLS, default /tmp/docs11-tools: `npm i tacit-css@1.9.7`);
 * run `WIDER_PASS=docs7 node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullCommit, selfContained } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const TOOLS = process.env.DOCS7_TOOLS ?? '/tmp/docs11-tools';
const DOCUMENT = 'document';

/** Each source: repository, pinned commit, licence file, licence name. */
const SOURCES = {
  air: ['markdowncss/air', 'f31f83d874e0597a6ca95084e147f088531170ec', 'LICENSE', 'MIT'],
  modest: ['markdowncss/modest', 'f16599c66745808b363f0797d4e89a7d3e7c6e73', 'LICENSE', 'MIT'],
  retro: ['markdowncss/retro', '3171af759c8cf61b990c65846d35a0dfb4031824', 'LICENSE', 'MIT'],
  splendor: ['markdowncss/splendor', '40db29539e4e8c733dec7f941833dcc21ed60504', 'LICENSE', 'MIT'],
  githubMarkdown: [
    'sindresorhus/github-markdown-css',
    '265b22aa79815418195f453352456d5784bb7580',
    'license',
    'MIT',
  ],
  monospace: [
    'owickstrom/the-monospace-web',
    '90df20cd6a06a5bb59d5120a94de73515fc4a55a',
    'LICENSE.md',
    'MIT',
  ],
  simple: ['kevquirk/simple.css', '45243899810c4034f79c46fe7586eb98cb985fe8', 'LICENSE', 'MIT'],
  marx: ['mblode/marx', 'af76a24cf22e622750c332fb9723e34d48385590', 'LICENSE.md', 'MIT'],
  sakura: ['oxalorg/sakura', '1eab9fd871abc74ec74d1a6f18ee56148f5a4b8f', 'LICENSE.txt', 'MIT'],
  tacit: ['yegor256/tacit', '500681a933d6a49f6c757cfc5e9ea29f746a54fd', 'LICENSE.txt', 'MIT'],
  gretzinger: [
    'owengretzinger/html-resume-template',
    'a66951afe2dc327b518fc4f56559f4a84c588550',
    'LICENSE',
    'Unlicense (public domain)',
  ],
  startBootstrap: [
    'StartBootstrap/startbootstrap-resume',
    'c6fbe5ef431642984d0f17960194632f20cf67bc',
    'LICENSE',
    'MIT',
  ],
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
      const { html, changes } = selfContained({ repo, commit, path: d.path }, options);
      buildChanges.push(...changes);
      return edit ? edit(html, buildChanges) : html;
    },
  };
}

/** tacit's page links `tacit.min.css`, built by its Gruntfile and not in the repository: the npm package's file. */
function tacitSheet(html, changes) {
  const pkg = JSON.parse(readFileSync(join(TOOLS, 'node_modules/tacit-css/package.json'), 'utf8'));
  const css = readFileSync(join(TOOLS, 'node_modules/tacit-css/dist/tacit-css.min.css'), 'utf8');
  changes.push(
    `the page's tacit.min.css (built by the repository's Gruntfile, not committed) is the published build of tacit-css@${pkg.version} (npm, dist/tacit-css.min.css), inlined as <style>`,
  );
  return html.replace(
    /<link\b[^>]*href\s*=\s*["']tacit\.min\.css["'][^>]*>/i,
    () => `<style>\n${css}\n</style>`,
  );
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs7Documents() {
  const docs = [];
  for (const [key, name] of [
    ['air', 'Air'],
    ['modest', 'Modest'],
    ['retro', 'Retro'],
    ['splendor', 'Splendor'],
  ])
    docs.push(
      mirrored(key, {
        name: `markdowncss-${key}`,
        path: 'index.html',
        kind: `article (markdowncss ${name}: a markdown theme's demo article)`,
      }),
    );
  docs.push(
    mirrored('githubMarkdown', {
      name: 'github-markdown-css-demo',
      path: 'index.html',
      width: 1012,
      kind: 'technical document (GitHub markdown style: github-markdown-css demo page)',
    }),
    mirrored('monospace', {
      name: 'monospace-web-article',
      path: 'index.html',
      width: 1024,
      kind: 'technical article (The Monospace Web: monospace grid, tables, figures, forms)',
      note: "index.html is the repository's own pandoc output of index.md (its Makefile); index.js (the grid debug toggle) removed with the scripts",
    }),
    mirrored('simple', {
      name: 'simple-css-demo',
      path: 'index.html',
      kind: 'elements page of a classless document sheet (Simple.css demo)',
    }),
    mirrored('marx', {
      name: 'marx-demo',
      path: 'index.html',
      kind: 'elements page of a classless document sheet (Marx demo)',
    }),
    mirrored(
      'sakura',
      {
        name: 'sakura-test-page',
        path: 'index.html',
        kind: 'HTML5 test page of a classless document sheet (sakura)',
        note: 'css/sakura.css (the default theme preview.mjs applies) added at the end of <head>',
      },
      { options: { extraSheets: ['css/sakura.css'] } },
    ),
    mirrored(
      'tacit',
      {
        name: 'tacit-demo',
        path: 'index.html',
        kind: 'demo page of a classless document sheet (tacit)',
      },
      { edit: tacitSheet },
    ),
    mirrored('gretzinger', {
      name: 'gretzinger-html-resume',
      path: 'index.html',
      width: 816,
      kind: 'résumé (one-page HTML résumé template, Tailwind build)',
    }),
    mirrored('startBootstrap', {
      name: 'startbootstrap-resume',
      path: 'dist/index.html',
      width: 1280,
      kind: 'résumé web page (Start Bootstrap Resume, Bootstrap 5)',
    }),
  );
  return docs;
}

/** Licence texts of this pass's sources and the npm package it uses: [file name, bytes]. */
export function docs7Licences() {
  const out = new Map();
  for (const [repo, commit, file] of Object.values(SOURCES))
    out.set(
      `${repo.replace('/', '+')}-${file}`,
      execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${file}`]),
    );
  const pkg = JSON.parse(readFileSync(join(TOOLS, 'node_modules/tacit-css/package.json'), 'utf8'));
  out.set(
    `npm+tacit-css@${pkg.version}-LICENSE`,
    readFileSync(join(TOOLS, 'node_modules/tacit-css/LICENSE.txt')),
  );
  return out;
}
