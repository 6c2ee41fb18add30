/**
 * Issue 41's session-27 pass (articles): articles and documentation pages as four more tools write them out, from
 * six public repositories the corpus had not used — the held-out part's weakest kind is documents, and articles
 * the largest sub-kind of them:
 *
 * - Org mode's HTML export (Emacs 28.2's ox-html, its default template and the style sheet it embeds — part of
 *   Emacs, GPL-3.0-or-later, as every Org export carries it) on Doom Emacs's documentation (`docs/*.org`, MIT);
 * - the Eleventy base blog (MIT) built by Eleventy from its package-lock (its sample posts, home and about page;
 *   the theme's sheet bundled into each page as the starter does);
 * - mandoc's HTML output (`mandoc -Thtml -Ostyle=mandoc.css`, Debian's mandoc 1.14.6, with mandoc.css of that
 *   release, ISC, from a mirror of mandoc's repository) on two manual pages: tmux(1) (ISC) and OpenBSD ksh(1) as
 *   oksh carries it (public domain);
 * - Sphinx 5.3 with the PyData theme (Debian's python3-pydata-sphinx-theme 0.7.2, BSD-3-Clause; Bootstrap 4 and
 *   Font Awesome bundled) on Furo's kitchen-sink pages (MIT; the content docs19.mjs built with Furo itself).
 *
 * Each source's pages were chosen, and the case names fixed, before any rendering or split; none was dropped after
 * rendering. The built page is made self-contained by papers.mjs's `selfContained` reading the built tree
 * (`src.read`), as docs22.mjs does; import.mjs does the rest as for every case (scripts removed, remote pictures →
 * placeholders of the same size, the viewport height measured in Chromium). Every edit is in the case's changes.
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs). Run (after `apt-get install emacs-nox
 * mandoc python3-sphinx python3-pydata-sphinx-theme furo python3-myst-parser python3-sphinx-copybutton
 * python3-sphinx-inline-tabs`; the Eleventy build installs its own packages from the npm registry with `npm ci`)
 * `WIDER_PASS=docs23 node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fullCommit, selfContained, sourceLicences } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const DOCUMENT = 'document';
/** A small laptop screen. */
const SMALL = 1024;
/** A laptop screen. */
const SCREEN = 1280;

/** Each source: repository, pinned revision, licence files, licence name. */
const SOURCES = {
  doom: ['doomemacs/doomemacs', 'c2ff579a28ecfec90c343417bc04b2a9569d9ed7', ['LICENSE'], 'MIT'],
  eleventy: ['11ty/eleventy-base-blog', 'e37a55c4c4705d7881929de5242ec50448b5eb0b', ['LICENSE'], 'MIT'],
  tmux: ['tmux/tmux', 'c1f947a3c5bc72a40c32dead736f84c4628791ec', ['COPYING'], 'ISC'],
  oksh: ['ibara/oksh', '15f69e430e27eebee4dd9eb5c1fd570804ab15bd', ['LEGAL'], 'public domain (ksh.1, LEGAL)'],
  mandoc: ['salewski/mandoc-mirror', 'VERSION_1_14_6', ['LICENSE'], 'ISC'],
  furo: ['pradyunsg/furo', '2022.12.07', ['LICENSE'], 'MIT'],
};

const gitDir = (repo) => join(MIRRORS, repo.replace('/', '+'), 'repo');
const commitOf = (key) => fullCommit(SOURCES[key][0], `${SOURCES[key][1]}^{commit}`);

const roots = [];
process.on('exit', () => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

/** Each repository written out once (its tree at the pinned commit): key → folder. */
const trees = new Map();
function tree(key) {
  if (!trees.has(key)) {
    const [repo] = SOURCES[key];
    const dir = mkdtempSync(join(tmpdir(), `docs23-${key}-`));
    roots.push(dir);
    const tar = execFileSync('git', ['-C', gitDir(repo), 'archive', commitOf(key)], { maxBuffer: 512 << 20 });
    execFileSync('tar', ['x', '-C', dir], { input: tar });
    trees.set(key, dir);
  }
  return trees.get(key);
}

const firstLine = (cmd, args) => execFileSync(cmd, args).toString().split('\n')[0].trim();

/** Writers of one source file: each writes `source` (a file name in `dir`) to `out` beside it; returns what ran. */
const WRITERS = {
  /**
   * Org mode's HTML export with its defaults. Doom's documents link with its own link types (`kbd:`,
   * `doom-module:`), which plain Org cannot resolve: `org-export-with-broken-links` keeps their text, as Org's
   * documented option for that. The author is the project's, not this machine's user.
   */
  org: () => (dir, source, out) => {
    const lisp = `(progn (require 'ox-html) (setq org-export-with-broken-links t user-full-name "Doom Emacs contributors") (org-export-to-file 'html ${JSON.stringify(out)}))`;
    execFileSync('emacs', ['--batch', '-Q', source, '--eval', lisp], { cwd: dir, stdio: 'ignore' });
    return `Org mode's HTML export (\`emacs --batch -Q\`, ${firstLine('emacs', ['--version'])} of Debian bookworm, its bundled Org; \`org-export-with-broken-links\` set to keep the text of Doom's own link types, the author set to "Doom Emacs contributors") with its default template and the style sheet it embeds`;
  },
  /** mandoc's HTML output with the style sheet of its release written beside the page. */
  mandoc: () => (dir, source, out) => {
    const css = execFileSync('git', [
      '-C',
      gitDir(SOURCES.mandoc[0]),
      'show',
      `${commitOf('mandoc')}:mandoc.css`,
    ]);
    writeFileSync(join(dir, 'mandoc.css'), css);
    const html = execFileSync('mandoc', ['-Thtml', '-Ostyle=mandoc.css', source], { cwd: dir });
    writeFileSync(join(dir, out), html);
    return `\`mandoc -Thtml -Ostyle=mandoc.css\` (Debian bookworm's mandoc 1.14.6) with mandoc.css of mandoc's VERSION_1_14_6 tag (${SOURCES.mandoc[0]}, ISC) beside it`;
  },
};

/** A document of a source written out by a writer; `path` is its source in the repository. */
function written(key, writer, d) {
  const [repo, , , licence] = SOURCES[key];
  const buildChanges = [];
  return {
    width: SMALL,
    group: DOCUMENT,
    ...d,
    repo,
    get commit() {
      return commitOf(key);
    },
    licence,
    built: true,
    buildChanges,
    build: () => {
      const root = tree(key);
      const dir = join(root, dirname(d.path));
      const out = `${basename(d.path).replace(/\.[a-z0-9]+$/, '')}.docs23-${d.name}.html`;
      const how = writer(dir, basename(d.path), out);
      if (!existsSync(join(dir, out))) throw new Error(`${d.name}: the writer wrote nothing`);
      buildChanges.push(`${d.path} written out by ${how}`);
      return readBuilt(repo, commitOf(key), root, join(dirname(d.path), out), buildChanges);
    },
  };
}

/** A built page made self-contained from the built tree `root`. */
function readBuilt(repo, commit, root, page, buildChanges) {
  const src = {
    repo,
    commit,
    path: page,
    read: (p) => (existsSync(join(root, p)) ? readFileSync(join(root, p)) : undefined),
  };
  const { html, changes } = selfContained(src, { page: readFileSync(join(root, page), 'utf8') });
  buildChanges.push(...changes.map((c) => `${c} (from the built tree)`));
  return html;
}

/** Sites built once: key → { out, how }. */
const sites = new Map();

/** The Eleventy base blog built by Eleventy, its packages installed from its lockfile. */
function eleventySite() {
  const root = tree('eleventy');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: root, stdio: 'ignore' });
  execFileSync('npx', ['@11ty/eleventy'], { cwd: root, stdio: 'ignore' });
  const version = JSON.parse(
    readFileSync(join(root, 'node_modules/@11ty/eleventy/package.json'), 'utf8'),
  ).version;
  return {
    out: join(root, '_site'),
    how: `the site built by \`npx @11ty/eleventy\` (Eleventy ${version}, its packages installed by \`npm ci --ignore-scripts\` from the repository's package-lock.json)`,
  };
}

/** Furo's documentation built by Sphinx with the PyData theme instead of Furo (the kitchen sink is theme-neutral). */
function pydataSite() {
  const root = tree('furo');
  const docs = join(root, 'docs');
  const conf = join(docs, 'conf.py');
  const text = readFileSync(conf, 'utf8');
  const edited = text
    .replace('    "sphinx_design",\n', '')
    .replace(/intersphinx_mapping = \{[\s\S]*?\n\}/, 'intersphinx_mapping = {}');
  if (edited === text) throw new Error('furo conf.py: the expected lines were not found');
  writeFileSync(conf, edited);
  rmSync(join(docs, 'kitchen-sink', 'sphinx-design.md'));
  const out = join(root, '_build');
  execFileSync(
    '/usr/bin/python3',
    ['-m', 'sphinx', '-q', '-b', 'html', '-D', 'html_theme=pydata_sphinx_theme', '.', out],
    {
      cwd: docs,
      stdio: 'ignore',
    },
  );
  const sphinx = execFileSync('/usr/bin/python3', ['-c', 'import sphinx; print(sphinx.__version__)'])
    .toString()
    .trim();
  const theme = execFileSync('/usr/bin/python3', [
    '-c',
    'import pydata_sphinx_theme as t; print(t.__version__)',
  ])
    .toString()
    .trim();
  return {
    out,
    how: `docs/ built by \`sphinx-build -b html -D html_theme=pydata_sphinx_theme\` (Sphinx ${sphinx}, pydata-sphinx-theme ${theme}, Debian bookworm; Furo's sphinxext from Debian's furo for the docs' own directives) from the repository at its 2022.12.07 tag; ${SOURCE_DOCS}/conf.py: the \`sphinx_design\` extension (not packaged) left out, intersphinx inventories (remote) not read; ${SOURCE_DOCS}/kitchen-sink/sphinx-design.md (needs sphinx_design) not built`,
  };
}

const SITES = { eleventy: eleventySite, pydata: pydataSite };

/** A page of a site built by a generator; `page` is its path in the built site. */
function sitePage(key, siteKey, d) {
  const [repo, , , licence] = SOURCES[key];
  const buildChanges = [];
  return {
    width: SCREEN,
    group: DOCUMENT,
    ...d,
    repo,
    get commit() {
      return commitOf(key);
    },
    licence,
    built: true,
    buildChanges,
    build: () => {
      if (!sites.has(siteKey)) sites.set(siteKey, SITES[siteKey]());
      const { out, how } = sites.get(siteKey);
      buildChanges.push(`${d.page} of ${how}`);
      return readBuilt(repo, commitOf(key), out, d.page, buildChanges);
    },
  };
}

/** The sources' own `docs` folder (a variable, so that its paths are not read as this repository's docs/). */
const SOURCE_DOCS = 'docs';
const KITCHEN = `${SOURCE_DOCS}/kitchen-sink`;

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs23Documents() {
  return [
    written('doom', WRITERS.org(), {
      name: 'org-doom-faq',
      path: 'docs/faq.org',
      kind: "documentation article (Doom Emacs's FAQ written out by Org mode's HTML export: outline headings, code, lists)",
    }),
    written('doom', WRITERS.org(), {
      name: 'org-doom-getting-started',
      path: 'docs/getting_started.org',
      kind: "documentation article (Doom Emacs's getting-started guide written out by Org mode: table of contents, code, tables)",
    }),
    written('doom', WRITERS.org(), {
      name: 'org-doom-contributing',
      path: 'docs/contributing.org',
      kind: "documentation article (Doom Emacs's contributing guide written out by Org mode)",
    }),
    written('doom', WRITERS.org(), {
      name: 'org-doom-examples',
      path: 'docs/examples.org',
      kind: "documentation article (Doom Emacs's examples page written out by Org mode: code blocks)",
    }),
    sitePage('eleventy', 'eleventy', {
      name: 'eleventy-blog-home',
      path: 'content/index.njk',
      page: 'index.html',
      kind: "blog home (the Eleventy base blog's home page: post list)",
    }),
    sitePage('eleventy', 'eleventy', {
      name: 'eleventy-blog-firstpost',
      path: 'content/blog/firstpost.md',
      page: 'blog/firstpost/index.html',
      kind: "blog article (the Eleventy base blog's first sample post: highlighted code)",
    }),
    sitePage('eleventy', 'eleventy', {
      name: 'eleventy-blog-fourthpost',
      path: 'content/blog/fourthpost/fourthpost.md',
      page: 'blog/fourthpost/index.html',
      kind: "blog article (the Eleventy base blog's fourth sample post: a picture)",
    }),
    sitePage('eleventy', 'eleventy', {
      name: 'eleventy-blog-about',
      path: 'content/about.md',
      page: 'about/index.html',
      kind: "blog article (the Eleventy base blog's about page)",
    }),
    written('tmux', WRITERS.mandoc(), {
      name: 'mandoc-tmux',
      path: 'tmux.1',
      kind: 'manual page article (tmux(1) written out by mandoc -Thtml: definition lists, tables, displays)',
    }),
    written('oksh', WRITERS.mandoc(), {
      name: 'mandoc-oksh-ksh',
      path: 'ksh.1',
      kind: 'manual page article (OpenBSD ksh(1) as oksh carries it, written out by mandoc -Thtml)',
    }),
    sitePage('furo', 'pydata', {
      name: 'pydata-kitchen-sink-generic',
      path: `${KITCHEN}/generic.rst`,
      page: 'kitchen-sink/generic.html',
      kind: "documentation page (Sphinx, PyData theme on Furo's kitchen sink: paragraph-level markup)",
    }),
    sitePage('furo', 'pydata', {
      name: 'pydata-kitchen-sink-admonitions',
      path: `${KITCHEN}/admonitions.rst`,
      page: 'kitchen-sink/admonitions.html',
      kind: "documentation page (Sphinx, PyData theme on Furo's kitchen sink: admonitions)",
    }),
    sitePage('furo', 'pydata', {
      name: 'pydata-kitchen-sink-tables',
      path: `${KITCHEN}/tables.rst`,
      page: 'kitchen-sink/tables.html',
      kind: "documentation page (Sphinx, PyData theme on Furo's kitchen sink: tables)",
    }),
    sitePage('furo', 'pydata', {
      name: 'pydata-kitchen-sink-lists',
      path: `${KITCHEN}/lists.rst`,
      page: 'kitchen-sink/lists.html',
      kind: "documentation page (Sphinx, PyData theme on Furo's kitchen sink: lists)",
    }),
    sitePage('furo', 'pydata', {
      name: 'pydata-kitchen-sink-blocks',
      path: `${KITCHEN}/blocks.rst`,
      page: 'kitchen-sink/blocks.html',
      kind: "documentation page (Sphinx, PyData theme on Furo's kitchen sink: blocks, code, quotes)",
    }),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs23Licences() {
  const out = sourceLicences(SOURCES, commitOf);
  // Org mode's HTML template and the sheet it embeds are part of Emacs (ox-html.el, GPL-3.0-or-later; the pages are
  // the tool's output on MIT documents); the PyData theme's files (BSD-3-Clause): Debian's copyright files.
  out.set('debian+emacs-common-copyright', readFileSync('/usr/share/doc/emacs-common/copyright'));
  out.set(
    'debian+python3-pydata-sphinx-theme-copyright',
    readFileSync('/usr/share/doc/python3-pydata-sphinx-theme/copyright'),
  );
  return out;
}
