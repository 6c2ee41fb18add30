/**
 * Issue 41's session-19 pass (docs35): articles, documentation pages and markdown renderings — the held-out part's
 * weakest kind — from seven public repositories the corpus had not used: Hello, CSS! (Martin Tournoij: its README
 * rendered by the repository's own demo pages, plain and "fancy", and its full element demo; public domain with an
 * ISC-style licence, the Libre Baskerville fonts OFL), SPCSS (Susam Pal, MIT: its demo page), MCSS (Mike Mai, MIT: a
 * classless article sheet with no demo page of its own, its README rendered by markdown-it 14 into the semantic
 * page its README prescribes, in both of its themes), Osmo Salomaa's markdown-css (MIT: its README built by the
 * repository's Makefile, pandoc with github.css and with tufte.css and its ET Book fonts), yue.css (Hsiaoming Yang,
 * MIT: its demo article) and typo.css (sofish, MIT: its Chinese typography demo), and the Tachyons site (MIT: its
 * article components' pages and two of its typography documentation pages, each with the component or example and
 * its code). Each source's pages were chosen, and the case names fixed, before any rendering or split; none was
 * dropped after rendering.
 *
 * Made self-contained by papers.mjs's `selfContained` (linked sheets of the repository inlined, their fonts and
 * pictures as data: URIs); import.mjs does the rest as for every case (scripts removed, remote pictures →
 * placeholders of the same size, the viewport height measured in Chromium). The Tachyons pages link the published
 * tachyons package (unpkg); read as the site repository's own css/tachyons.min.css, recorded in each case's changes.
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs; each pinned at the commit below);
 * markdown-it from $WIDER_TOOLS (here /tmp/docs35-tools: `npm i markdown-it@14`); pandoc from Debian (`apt-get
 * install pandoc`). Run `WIDER_PASS=docs16 WIDER_TOOLS=/tmp/docs35-tools node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fullCommit, selfContained } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const TOOLS = process.env.WIDER_TOOLS ?? '/tmp/docs35-tools';
const DOCUMENT = 'document';
/** A laptop screen, a small one. */
const SCREEN = 1280;
const SMALL = 1024;

/** Each source: repository, pinned commit, licence file, licence name. */
const SOURCES = {
  helloCss: [
    'arp242/hello-css',
    '59ff066baca3d7c00dd9e5e67226bb360d3f64a2',
    'LICENSE',
    'public domain / ISC-style (LICENSE); fonts OFL-1.1',
  ],
  spcss: ['susam/spcss', 'ebb519784ea94c5e3ebf7669c48c1d813b7b8b53', 'LICENSE.md', 'MIT'],
  mcss: ['mikemai2awesome/mcss', '9baef57a6f3177b220cac6b91174eb2257e883d8', 'LICENSE', 'MIT'],
  otsaloma: ['otsaloma/markdown-css', '33d9ee2f2dd3185d660b8dde26ab126c9e7ed507', 'COPYING', 'MIT'],
  yue: ['lepture/yue.css', '1128670d96e2d6cc76a731c51d0d670fbe6b3202', 'package.json', 'MIT'],
  typo: ['sofish/typo.css', '559c1c20d8f94f08327efe49da593e41e9fa6360', 'license.txt', 'MIT'],
  tachyons: [
    'tachyons-css/tachyons-css.github.io',
    'c12c97fbfff04bcd102477af59848d08ef75c89f',
    'license',
    'MIT',
  ],
};

/** A file of a mirrored repository at a commit, as text. */
function readAt(repo, commit, path) {
  return execFileSync(
    'git',
    ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${path}`],
    { maxBuffer: 64 << 20 },
  ).toString('utf8');
}

/** A page of a mirrored source made self-contained by papers.mjs (after `edit`), its changes recorded. */
function mirrored(key, d, { edit } = {}) {
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
      const page = edit ? edit(readAt(repo, commit, d.path), buildChanges, src) : undefined;
      const { html, changes } = selfContained(src, { page });
      buildChanges.push(...changes);
      return html;
    },
  };
}

/** The Tachyons pages link the published package's sheet: the site repository's css/tachyons.min.css. */
function tachyonsPublished(html, changes, src) {
  const local = posix.relative(posix.dirname(src.path), 'css/tachyons.min.css');
  changes.push(
    "the page's https://unpkg.com/tachyons/css/tachyons.min.css (the published package) read as the site repository's own css/tachyons.min.css",
  );
  return html.replace(/https:\/\/unpkg\.com\/tachyons\/css\/tachyons\.min\.css/g, local);
}

/**
 * MCSS has no demo page: its README rendered by markdown-it 14 into the semantic page its README prescribes
 * (`<html data-theme=…>`, the sheet linked, the content in `<main><article>`).
 */
function mcssPage(theme) {
  return (markdown, changes) => {
    const require = createRequire(join(TOOLS, 'package.json'));
    const MarkdownIt = require('markdown-it');
    const version = require('markdown-it/package.json').version;
    changes.push(
      `README.md rendered by markdown-it ${version} (default options) into the page the README prescribes: <html data-theme="${theme}">, mcss.css linked, the content in <main><article>`,
    );
    const body = new MarkdownIt().render(markdown);
    return `<!DOCTYPE html>
<html lang="en" data-theme="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The MCSS</title>
<link rel="stylesheet" href="mcss.css">
</head>
<body>
<main>
<article>
${body}</article>
</main>
</body>
</html>
`;
  };
}

/** Osmo Salomaa's markdown-css: its Makefile's `%.html: %.css` rule (pandoc on README.md with the sheet). */
function pandocBuilt(sheet) {
  return (markdown, changes) => {
    const dir = mkdtempSync(join(tmpdir(), 'docs16-pandoc-'));
    try {
      writeFileSync(join(dir, 'README.md'), markdown);
      const version = execFileSync('pandoc', ['--version']).toString().split('\n')[0];
      changes.push(
        `built as the repository's Makefile does: \`pandoc README.md --to=html5 --css=${sheet} --highlight-style=haddock\`, with --standalone and pagetitle=README instead of --self-contained (the sheet and its fonts inlined here instead) (${version}, Debian; its default HTML template is BSD-3-Clause)`,
      );
      return execFileSync(
        'pandoc',
        [
          'README.md',
          '--to=html5',
          `--css=${sheet}`,
          '--highlight-style=haddock',
          '--standalone',
          '--metadata',
          'pagetitle=README',
        ],
        { cwd: dir },
      ).toString('utf8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** Tachyons' article components chosen: [case name, component folder, kind]. */
const TACHYONS_ARTICLES = [
  ['tachyons-article-left-title', 'left-title', 'title on the left, text floated beside it'],
  ['tachyons-article-feature', 'feature', 'feature article with a large image'],
  ['tachyons-article-photo-essay', 'photo-essay', 'photo essay: a cover, photographs and captions'],
  ['tachyons-article-title-text-image', 'title-text-image', 'title, text and an image'],
  ['tachyons-article-large-title-text', 'large-title-text', 'large title and text'],
];

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs16Documents() {
  return [
    mirrored('helloCss', {
      name: 'hello-css-readme',
      path: 'demo/README.html',
      width: SMALL,
      kind: "article (Hello, CSS!'s README as its demo renders it: base.css only)",
    }),
    mirrored('helloCss', {
      name: 'hello-css-readme-fancy',
      path: 'demo/README-fancy.html',
      width: SMALL,
      kind: "article (Hello, CSS!'s README with all its sheets: asides, block quotes, permalinks, postscript)",
    }),
    mirrored('helloCss', {
      name: 'hello-css-full-demo',
      path: 'demo/index.html',
      kind: "documentation page (Hello, CSS!'s full demo: every element it styles)",
    }),
    mirrored('spcss', {
      name: 'spcss-demo',
      path: 'index.html',
      kind: "article (SPCSS's demo page: a minimal stylesheet for text pages)",
    }),
    mirrored(
      'mcss',
      {
        name: 'mcss-readme-georgia',
        path: 'README.md',
        kind: 'markdown rendering (MCSS\'s README by markdown-it, "Georgia on my mind" theme)',
      },
      { edit: mcssPage('georgia') },
    ),
    mirrored(
      'mcss',
      {
        name: 'mcss-readme-verdana',
        path: 'README.md',
        kind: 'markdown rendering (MCSS\'s README by markdown-it, "Verdana mania" theme)',
      },
      { edit: mcssPage('verdana') },
    ),
    mirrored(
      'otsaloma',
      {
        name: 'otsaloma-markdown-github',
        path: 'README.md',
        width: SMALL,
        kind: "markdown rendering (Osmo Salomaa's markdown-css README by pandoc, github.css)",
      },
      { edit: pandocBuilt('github.css') },
    ),
    mirrored(
      'otsaloma',
      {
        name: 'otsaloma-markdown-tufte',
        path: 'README.md',
        width: SMALL,
        kind: "markdown rendering (Osmo Salomaa's markdown-css README by pandoc, tufte.css with ET Book)",
      },
      { edit: pandocBuilt('tufte.css') },
    ),
    mirrored('yue', {
      name: 'yue-css-demo',
      path: 'index.html',
      kind: "article (yue.css's demo: a typography sheet for readable content, English with Chinese)",
    }),
    mirrored('typo', {
      name: 'typo-css-demo',
      path: 'typo.html',
      script: 'Simplified Chinese',
      kind: "article (typo.css's demo: Chinese web typography, poems, tables, notes)",
    }),
    ...TACHYONS_ARTICLES.map(([name, folder, what]) =>
      mirrored(
        'tachyons',
        {
          name,
          path: `components/articles/${folder}/index.html`,
          width: SCREEN,
          kind: `article (Tachyons component page: ${what}, with its code)`,
        },
        { edit: tachyonsPublished },
      ),
    ),
    mirrored(
      'tachyons',
      {
        name: 'tachyons-docs-measure',
        path: 'docs/typography/measure/index.html',
        width: SCREEN,
        kind: "documentation page (Tachyons' typography docs: measure)",
      },
      { edit: tachyonsPublished },
    ),
    mirrored(
      'tachyons',
      {
        name: 'tachyons-docs-scale',
        path: 'docs/typography/scale/index.html',
        width: SCREEN,
        kind: "documentation page (Tachyons' typography docs: type scale)",
      },
      { edit: tachyonsPublished },
    ),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs16Licences() {
  const out = new Map();
  for (const [repo, commit, file] of Object.values(SOURCES))
    out.set(
      `${repo.replace('/', '+')}-${file.replaceAll('/', '+')}`,
      execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${file}`]),
    );
  // Hello, CSS!'s fonts carry their own licence (OFL-1.1).
  out.set(
    'arp242+hello-css-fonts+LICENSE',
    execFileSync('git', [
      '-C',
      join(MIRRORS, 'arp242+hello-css', 'repo'),
      'show',
      `${SOURCES.helloCss[1]}:fonts/LICENSE`,
    ]),
  );
  return out;
}
