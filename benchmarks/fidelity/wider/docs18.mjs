/**
 * Issue 41's session-20 pass (docs39): print documents of kinds the corpus lacked — slide decks and a book — from
 * six public repositories the corpus had not used, all MIT: Shower (Vadim Makeev: the demo decks of its Material and
 * Ribbon themes, in the list mode their pages open in — every slide a scaled 16:9 box in a grid), WebSlides (José Luis
 * Antúnez: its home page and its demo decks, keynote, classes, components, long forms, the Netflix culture deck, why
 * WebSlides, portfolios and interviews — flexbox and grid slides with SVG icons), Marp (marp-core: its theme example
 * slide rendered by marp-core itself in its three built-in themes, default, gaia and uncover) and Daniel Herzog's
 * pandoc-book-template (its sample book built into HTML as its Makefile does: pandoc with the repository's HTML template
 * and style sheet, a table of contents, math by webtex); and résumés — Joel Glovier's Jekyll résumé template (built
 * as Jekyll builds it, by liquidjs and sass, on screen and as printed: inline SVG icon links) and Ryan Fitzgerald's
 * devportfolio (its last static version: a timeline drawn by pseudo-elements, Font Awesome icons). Each source's pages
 * were chosen, and the case names fixed, before any rendering or split; none was dropped after rendering. The
 * résumé sources were added after the first rendering of the others (a second round of choosing, names again fixed
 * before their split); the WebSlides decks were given a 1280×720 screen after the first import measured their
 * 100vh scroll box at the minimum height.
 *
 * Made self-contained by papers.mjs's `selfContained` (linked sheets of the repository inlined with their @imports,
 * their fonts and pictures as data: URIs); import.mjs does the rest as for every case (scripts removed — the decks are
 * rendered as they are without their scripts, which is what Chromium shows too —, remote pictures → placeholders of
 * the same size, the viewport height measured in Chromium).
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs; each pinned at the commit below);
 * @marp-team/marp-core from $WIDER_TOOLS (here /tmp/docs39-tools: `npm i @marp-team/marp-core@4.4.0`, the version of
 * the mirrored commit; `npm i liquidjs@10 js-yaml@4 sass@1` for the Jekyll résumé); pandoc from Debian. Run
 * `WIDER_PASS=docs18 WIDER_TOOLS=/tmp/docs39-tools node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fullCommit, selfContained } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const TOOLS = process.env.WIDER_TOOLS ?? '/tmp/docs39-tools';
const DOCUMENT = 'document';
/** A laptop screen. */
const SCREEN = 1280;

/** Each source: repository, pinned commit, licence file, licence name. */
const SOURCES = {
  shower: ['shower/shower', '454d9d38d71021d98d6fb68ad5f59816ce9c078e', 'LICENSE.md', 'MIT'],
  webslides: ['webslides/WebSlides', '9ec4fae96b9e2395745f8d6c89c595edd3886f79', 'LICENSE', 'MIT'],
  marp: ['marp-team/marp-core', 'fb41436e1db5b43a9f93d288ed361b2550408a0b', 'LICENSE', 'MIT'],
  pandocBook: [
    'wikiti/pandoc-book-template',
    'f632215d673579e1b9bf4efb583f2fc30cbc9dcf',
    'LICENSE.md',
    'MIT',
  ],
  jekyllResume: ['jglovier/resume-template', 'e13938329ebd96f25be23303a6f7e9cd9d6522c2', 'LICENSE', 'MIT'],
  // Its last static version (v1: index.html with compiled css/styles.css); later commits moved to Astro.
  devportfolio: [
    'RyanFitzgerald/devportfolio',
    '56211ea85e207813db54408047c2c97201cda88a',
    'LICENSE.md',
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

/** Marp: the theme example slide rendered by marp-core (HTML output, no inline SVG) in one of its built-in themes. */
function marpRendered(theme) {
  return (markdown, changes) => {
    const require = createRequire(join(TOOLS, 'package.json'));
    const { Marp } = require('@marp-team/marp-core');
    const version = require('@marp-team/marp-core/package.json').version;
    changes.push(
      `themes/example.md rendered by marp-core ${version} (new Marp({ inlineSVG: false }), the example's theme: default directive set to ${theme}) into a page with its CSS in <style> and its HTML in <body>`,
    );
    const { html, css } = new Marp({ inlineSVG: false }).render(
      markdown.replace(/^theme: default$/m, `theme: ${theme}`),
    );
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>marp-core</title>
<style>
${css}
</style>
</head>
<body>
${html}
</body>
</html>
`;
  };
}

/** pandoc-book-template: the Makefile's html target (chapters joined by awk, pandoc with templates/html.html). */
function pandocBook(_template, changes, src) {
  const dir = mkdtempSync(join(tmpdir(), 'docs18-pandoc-'));
  try {
    const [repo, pinned] = SOURCES.pandocBook;
    const commit = fullCommit(repo, pinned);
    const chapters = [
      'chapters/01-introduction.md',
      'chapters/02-installation.md',
      'chapters/03-usage.md',
      'chapters/04-references.md',
    ];
    // awk 'FNR==1 && NR!=1 {print "\n\n"}{print}': two blank lines between the files.
    const content = chapters.map((c) => readAt(repo, commit, c).replace(/\n$/, '')).join('\n\n\n\n');
    mkdirSync(join(dir, 'templates'));
    writeFileSync(join(dir, 'content.md'), `${content}\n`);
    writeFileSync(join(dir, 'metadata.yml'), readAt(repo, commit, 'metadata.yml'));
    for (const f of ['templates/html.html', 'templates/style.css'])
      writeFileSync(join(dir, f), readAt(repo, commit, f));
    const version = execFileSync('pandoc', ['--version']).toString().split('\n')[0];
    changes.push(
      `built as the repository's Makefile's html target does: the chapters joined as its awk command joins them, then \`pandoc --toc --toc-depth 2 --webtex --metadata-file metadata.yml --template templates/html.html --standalone --to html5\` (${version}, Debian); the page stands in the repository's templates/ folder for its links`,
    );
    return execFileSync(
      'pandoc',
      [
        'content.md',
        '--toc',
        '--toc-depth',
        '2',
        '--webtex',
        '--metadata-file',
        'metadata.yml',
        '--template',
        'templates/html.html',
        '--standalone',
        '--to',
        'html5',
      ],
      { cwd: dir },
    )
      .toString('utf8')
      .replaceAll('src="images/', `src="../images/`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    void src;
  }
}

/** Files of a mirrored folder at a commit. */
function listAt(repo, commit, folder) {
  return execFileSync('git', [
    '-C',
    join(MIRRORS, repo.replace('/', '+'), 'repo'),
    'ls-tree',
    '-r',
    '--name-only',
    commit,
    folder,
  ])
    .toString('utf8')
    .split('\n')
    .filter(Boolean);
}

/**
 * Joel Glovier's Jekyll résumé template built as Jekyll builds it: index.html's layout _layouts/resume.html rendered
 * by liquidjs (Jekyll's include tag) with site = _config.yml and site.data = _data/*.yml, css/main.scss compiled by
 * sass with _sass/ on its load path and put in place of the link to css/main.css. As printed: the compiled sheet's
 * `@media print` rules applied for all media.
 */
function jekyllResume(printed) {
  return (_index, changes) => {
    const require = createRequire(join(TOOLS, 'package.json'));
    const { Liquid } = require('liquidjs');
    const yaml = require('js-yaml');
    const sass = require('sass');
    const [repo, pinned] = SOURCES.jekyllResume;
    const commit = fullCommit(repo, pinned);
    const site = yaml.load(readAt(repo, commit, '_config.yml'));
    site.data = {};
    for (const f of listAt(repo, commit, '_data/'))
      site.data[f.replace(/^_data\//, '').replace(/\.yml$/, '')] = yaml.load(readAt(repo, commit, f));
    const includes = Object.fromEntries(
      listAt(repo, commit, '_includes/').map((f) => [f.replace(/^_includes\//, ''), readAt(repo, commit, f)]),
    );
    const liquid = new Liquid({ templates: includes, jekyllInclude: true, dynamicPartials: false });
    const layout = readAt(repo, commit, '_layouts/resume.html');
    let html = liquid.parseAndRenderSync(layout, { site, page: { url: '/index.html' }, content: '' });
    const scss = readAt(repo, commit, 'css/main.scss').replace(/^---\n---\n/, '');
    const partials = Object.fromEntries(
      listAt(repo, commit, '_sass/').map((f) => [f.replace(/^_sass\//, ''), readAt(repo, commit, f)]),
    );
    let css = sass.compileString(scss, {
      importers: [
        {
          canonicalize: (url) => new URL(`sass:/${url}`),
          load: (url) => {
            const name = url.pathname.replace(/^\//, '');
            const text = partials[`_${name}.scss`] ?? partials[`${name}.scss`];
            return text === undefined ? null : { contents: text, syntax: 'scss' };
          },
        },
      ],
    }).css;
    if (printed) css = css.replace(/@media print\b/g, '@media all');
    html = html.replace(/<link rel="stylesheet" href="css\/main\.css">/, () => `<style>\n${css}\n</style>`);
    const versions = ['liquidjs', 'sass']
      .map(
        (p) =>
          `${p} ${JSON.parse(readFileSync(join(TOOLS, 'node_modules', p, 'package.json'), 'utf8')).version}`,
      )
      .join(', ');
    changes.push(
      `built as Jekyll builds index.html (layout: resume): _layouts/resume.html rendered by liquidjs with Jekyll's include tag, site = _config.yml, site.data = _data/*.yml; css/main.scss compiled by sass (_sass/ partials) into a <style> in place of the link to css/main.css (${versions})${printed ? "; as printed: the sheet's @media print rules applied for all media" : ''}`,
    );
    return html;
  };
}

/** WebSlides' pages chosen: [case name, path, kind]. */
const WEBSLIDES = [
  ['webslides-home', 'index.html', "WebSlides' home page deck"],
  ['webslides-keynote', 'demos/keynote.html', 'a keynote deck'],
  ['webslides-classes', 'demos/classes.html', 'its classes: typography, colours, layouts'],
  ['webslides-components', 'demos/components.html', 'its components: cards, lists, tables, forms'],
  ['webslides-longforms', 'demos/longforms.html', 'long-form article slides'],
  ['webslides-netflix-culture', 'demos/netflix-culture.html', 'the Netflix culture deck retold'],
  ['webslides-why', 'demos/why-webslides.html', 'why WebSlides'],
  ['webslides-portfolios', 'demos/portfolios.html', 'portfolio slides'],
  ['webslides-interviews', 'demos/interviews.html', 'interview slides'],
];

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs18Documents() {
  return [
    mirrored('shower', {
      name: 'shower-material-list',
      path: 'packages/material/index.html',
      width: SCREEN,
      kind: "slide deck (Shower's Material theme demo in list mode: a grid of scaled 16:9 slides)",
    }),
    mirrored('shower', {
      name: 'shower-ribbon-list',
      path: 'packages/ribbon/index.html',
      width: SCREEN,
      kind: "slide deck (Shower's Ribbon theme demo in list mode: a grid of scaled 16:9 slides)",
    }),
    ...WEBSLIDES.map(([name, path, what]) =>
      mirrored('webslides', {
        name,
        path,
        width: SCREEN,
        // The deck is a 100vh scroll box (#webslides): shown on a 16:9 screen, as it is presented.
        height: 720,
        kind: `slide deck (WebSlides: ${what}, without its script, on a 1280×720 screen)`,
      }),
    ),
    ...['default', 'gaia', 'uncover'].map((theme) =>
      mirrored(
        'marp',
        {
          name: `marp-core-example-${theme}`,
          path: 'themes/example.md',
          width: SCREEN,
          kind: `slide (marp-core's theme example rendered by marp-core, ${theme} theme)`,
        },
        { edit: marpRendered(theme) },
      ),
    ),
    ...[false, true].map((printed) =>
      mirrored(
        'jekyllResume',
        {
          name: `jekyll-resume-template${printed ? '-print' : ''}`,
          path: 'index.html',
          width: SCREEN,
          kind: `résumé (Joel Glovier's Jekyll résumé template on its sample, inline SVG icon links${printed ? ', as printed' : ''})`,
        },
        { edit: jekyllResume(printed) },
      ),
    ),
    mirrored('devportfolio', {
      name: 'devportfolio-resume',
      path: 'index.html',
      width: SCREEN,
      kind: "résumé page (Ryan Fitzgerald's devportfolio v1: experience timeline drawn by pseudo-elements, skills, Font Awesome icons)",
    }),
    mirrored(
      'pandocBook',
      {
        name: 'pandoc-book-template-html',
        path: 'templates/html.html',
        kind: "book (pandoc-book-template's sample book built to HTML by pandoc with its template and style sheet)",
      },
      { edit: pandocBook },
    ),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs18Licences() {
  const out = new Map();
  for (const [repo, commit, file] of Object.values(SOURCES))
    out.set(
      `${repo.replace('/', '+')}-${file.replaceAll('/', '+')}`,
      execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${file}`]),
    );
  // Shower's themes carry their fonts' licences (Roboto: Apache-2.0; PT Sans and PT Mono: OFL-1.1).
  for (const theme of ['material', 'ribbon'])
    out.set(
      `shower+shower-${theme}-fonts+LICENSE.txt`,
      execFileSync('git', [
        '-C',
        join(MIRRORS, 'shower+shower', 'repo'),
        'show',
        `${SOURCES.shower[1]}:packages/${theme}/fonts/LICENSE.txt`,
      ]),
    );
  return out;
}
