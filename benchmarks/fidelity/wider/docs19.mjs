/**
 * Issue 41's session-21 pass (docs42): documentation pages as OTHER documentation tools write them out than
 * docs17.mjs's (Jekyll, Hugo, Sphinx's Alabaster and Read the Docs themes) — the held-out part's weakest kind —
 * from four public repositories the corpus had not used: pdoc's own rendered test fixtures (API documentation of
 * Python modules as pdoc writes it, committed as built HTML in `test/testdata/`; MIT-0), MkDocs' own documentation
 * built with its two built-in themes (`mkdocs` — Bootstrap-based, with a fixed top bar and a side table of
 * contents — and `readthedocs`; BSD-2-Clause), Material for MkDocs' own reference pages built with Material
 * (admonitions, data tables, lists, installation; MIT) and Furo's kitchen-sink pages built by Sphinx with Furo
 * (paragraph markup, admonitions, lists, tables, an autodoc API; MIT). Each source's pages were chosen, and the
 * case names fixed, before any rendering or split; none was dropped after rendering.
 *
 * MkDocs, Material and Furo are Debian bookworm's (mkdocs 1.4.2, mkdocs-material 8.2.5, furo 2022.12.07 with
 * python3-sphinx 5.3.0, python3-myst-parser, -sphinx-copybutton, -sphinx-inline-tabs): each repository is pinned at
 * the release tag of that version, so the pages are the tool's own docs as that release published them. The built
 * page is made self-contained by papers.mjs's `selfContained` reading the built output (`src.read`), as docs17.mjs
 * does; import.mjs does the rest as for every case (scripts removed, remote pictures → placeholders of the same
 * size, web fonts the page links from a CDN dropped, the viewport height measured in Chromium). Every edit is in the
 * case's changes.
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs). Run (after `apt-get install mkdocs
 * mkdocs-material mkdocs-material-extensions furo python3-myst-parser python3-sphinx-copybutton python3-sphinx-inline-tabs`)
 * `WIDER_PASS=docs19 node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fullCommit, selfContained, sourceLicences } from './papers.mjs';

/** The sources' own `docs` folder (a variable, so that its paths are not read as this repository's docs/). */
const SOURCE_DOCS = 'docs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const DOCUMENT = 'document';
/** A laptop screen, a small one. */
const SCREEN = 1280;
const SMALL = 1024;

/** Each source: repository, pinned commit, licence files, licence name. */
const SOURCES = {
  pdoc: ['mitmproxy/pdoc', '00e18eb12ae2f06f3c245f796bfe7f6224db033a', ['LICENSE'], 'MIT-0'],
  mkdocs: ['mkdocs/mkdocs', '1.4.2', ['LICENSE'], 'BSD-2-Clause'],
  material: ['squidfunk/mkdocs-material', '8.2.5', ['LICENSE'], 'MIT'],
  furo: ['pradyunsg/furo', '2022.12.07', ['LICENSE'], 'MIT'],
};

const gitDir = (repo) => join(MIRRORS, repo.replace('/', '+'), 'repo');
const commitOf = (key) => fullCommit(SOURCES[key][0], revParse(SOURCES[key]));
const revParse = ([repo, rev]) =>
  execFileSync('git', ['-C', gitDir(repo), 'rev-parse', `${rev}^{commit}`])
    .toString()
    .trim();

/** The repository at the commit, written out into a fresh folder under `parent` as `name`. */
function checkout(repo, commit, parent, name) {
  mkdirSync(join(parent, name), { recursive: true });
  const tar = execFileSync('git', ['-C', gitDir(repo), 'archive', commit], { maxBuffer: 256 << 20 });
  execFileSync('tar', ['x', '-C', join(parent, name)], { input: tar });
  return join(parent, name);
}

function editFile(path, edit) {
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
}

/** Each site built once: key → { out (built site folder), changes }. */
const built = new Map();
const roots = [];
const tempRoot = (key) => {
  const dir = mkdtempSync(join(tmpdir(), `docs19-${key}-`));
  roots.push(dir);
  return dir;
};
process.on('exit', () => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

const mkdocsVersion = () => execFileSync('mkdocs', ['--version']).toString().split(' from ')[0].trim();

/** MkDocs' own docs, with a configuration written for the packaged tool (its plugins are not packaged). */
function mkdocsSite(key, theme) {
  const [repo] = SOURCES[key];
  const root = tempRoot(key);
  const src = checkout(repo, revParse(SOURCES[key]), root, 'src');
  const config = `site_name: MkDocs
site_url: https://www.mkdocs.org/
site_description: Project documentation with Markdown.
site_author: MkDocs Team
repo_url: https://github.com/mkdocs/mkdocs/
edit_uri: blob/master/docs/
theme:
    name: ${theme}
    locale: en
    highlightjs: true
    hljs_languages:
        - yaml
        - django
nav:
    - Home: index.md
    - Getting Started: getting-started.md
    - User Guide:
        - user-guide/installation.md
        - user-guide/writing-your-docs.md
        - user-guide/choosing-your-theme.md
        - user-guide/customizing-your-theme.md
        - user-guide/localizing-your-theme.md
        - user-guide/configuration.md
        - user-guide/deploying-your-docs.md
    - About:
        - Release Notes: about/release-notes.md
        - Contributing: about/contributing.md
        - License: about/license.md
extra_css:
    - css/extra.css
markdown_extensions:
    - toc:
        permalink: 
    - attr_list
    - def_list
    - tables
    - pymdownx.highlight:
        use_pygments: false
    - pymdownx.snippets
    - pymdownx.superfences
copyright: Copyright &copy; 2014 <a href="https://twitter.com/_tomchristie">Tom Christie</a>, Maintained by the <a href="/about/release-notes/#maintenance-team">MkDocs Team</a>.
plugins:
    - search
`;
  writeFileSync(join(src, 'mkdocs.yml'), config);
  execFileSync('mkdocs', ['build', '-q', '-d', join(root, 'out')], { cwd: src, stdio: 'ignore' });
  return {
    out: join(root, 'out'),
    changes: [
      `docs/ built by \`mkdocs build\` (${mkdocsVersion()}, Debian bookworm) from the repository at its 1.4.2 tag with theme \`${theme}\``,
      'mkdocs.yml: the plugins and Markdown extensions Debian does not package left out (redirects, autorefs, literate-nav, mkdocstrings, callouts, mdx_gh_links, mkdocs-click; its Google Analytics key); the nav that literate-nav made from the folders written out as pages; the theme set',
    ],
  };
}

/** Material for MkDocs' own docs, built with the repository's theme folder as the docs' own config does. */
function materialSite() {
  const [repo] = SOURCES.material;
  const root = tempRoot('material');
  const src = checkout(repo, revParse(SOURCES.material), root, 'src');
  const changes = [];
  editFile(join(src, 'mkdocs.yml'), (t) => {
    let text = t;
    const edit = (what, from, to) => {
      const next = text.replace(from, to);
      if (next === text) throw new Error(`material mkdocs.yml: ${what} not found`);
      text = next;
      changes.push(`mkdocs.yml: ${what}`);
    };
    edit(
      'the `redirects` and `minify` plugins (not packaged) left out',
      /\n {2}- redirects:[\s\S]*?\n {2}- minify:\n {6}minify_html: true/,
      '',
    );
    edit(
      'Google Analytics (an unset key) left out',
      /\n {2}analytics:\n {4}provider: google\n {4}property: !ENV GOOGLE_ANALYTICS_KEY/,
      '',
    );
    return text;
  });
  execFileSync('mkdocs', ['build', '-q', '-d', join(root, 'out')], { cwd: src, stdio: 'ignore' });
  changes.unshift(
    `docs/ built by \`mkdocs build\` (${mkdocsVersion()} with mkdocs-material 8.2.5 and mkdocs-material-extensions 1.1.1, Debian bookworm) from the repository at its 8.2.5 tag, its own \`material/\` theme folder`,
  );
  return { out: join(root, 'out'), changes };
}

/** Furo's docs built by Sphinx with the packaged Furo. */
function furoSite() {
  const [repo] = SOURCES.furo;
  const root = tempRoot('furo');
  const src = checkout(repo, revParse(SOURCES.furo), root, 'src');
  const changes = [];
  editFile(join(src, 'docs', 'conf.py'), (t) => {
    let text = t;
    const edit = (what, from, to) => {
      const next = text.replace(from, to);
      if (next === text) throw new Error(`furo conf.py: ${what} not found`);
      text = next;
      changes.push(`docs/conf.py: ${what}`);
    };
    edit('the `sphinx_design` extension (not packaged) left out', '    "sphinx_design",\n', '');
    edit(
      'intersphinx inventories (remote) not read',
      /intersphinx_mapping = \{[\s\S]*?\n\}/,
      'intersphinx_mapping = {}',
    );
    return text;
  });
  // The sphinx-design showcase page needs the extension left out.
  rmSync(join(src, 'docs', 'kitchen-sink', 'sphinx-design.md'));
  changes.push(`${SOURCE_DOCS}/kitchen-sink/sphinx-design.md (needs sphinx_design) not built`);
  const version = execFileSync('/usr/bin/python3', ['-c', 'import sphinx; print(sphinx.__version__)'])
    .toString()
    .trim();
  execFileSync('/usr/bin/python3', ['-m', 'sphinx', '-q', '-b', 'html', '.', join(root, 'out')], {
    cwd: join(src, 'docs'),
    stdio: 'ignore',
  });
  // Debian's furo.css starts with `@import url(/javascript/normalize.css/normalize.css)`: the normalize.css of its
  // node-normalize.css package, which Debian serves at /javascript/ (upstream's furo.css has it bundled).
  const normalize = '/usr/share/javascript/normalize.css/normalize.css';
  mkdirSync(join(root, 'out', 'javascript', 'normalize.css'), { recursive: true });
  writeFileSync(join(root, 'out', 'javascript', 'normalize.css', 'normalize.css'), readFileSync(normalize));
  changes.push(
    "furo.css's `@import url(/javascript/normalize.css/normalize.css)` read from Debian's node-normalize.css (normalize.css 8.0.1, MIT), which Debian serves at /javascript/ (upstream's furo.css bundles it)",
  );
  changes.unshift(
    `docs/ built by \`sphinx-build -b html\` (Sphinx ${version} with furo 2022.12.07, Debian bookworm) from the repository at its 2022.12.07 tag`,
  );
  return { out: join(root, 'out'), changes };
}

const SITES = {
  mkdocs: () => mkdocsSite('mkdocs', 'mkdocs'),
  mkdocsRtd: () => mkdocsSite('mkdocs', 'readthedocs'),
  material: materialSite,
  furo: furoSite,
};

function site(key) {
  if (!built.has(key)) built.set(key, SITES[key]());
  return built.get(key);
}

/** A site-root path (without its leading slash) as seen from the built file `from`. */
function relativeTo(from, rootPath) {
  const rel = posix.relative(posix.dirname(from), rootPath.replace(/[?#].*$/, '')) || '.';
  return rel + (rootPath.match(/[?#].*$/)?.[0] ?? '');
}

/** A built file as bytes; a style sheet's root-relative url()s made relative to the sheet. */
function readBuilt(out, path) {
  const file = join(out, path);
  if (!existsSync(file)) return undefined;
  const bytes = readFileSync(file);
  if (!path.endsWith('.css')) return bytes;
  return Buffer.from(
    bytes
      .toString('utf8')
      .replace(
        /url\(\s*(['"]?)\/(?!\/)([^'")]*)\1\s*\)/g,
        (_a, q, p) => `url(${q}${relativeTo(path, p)}${q})`,
      ),
  );
}

/** A built page of a site (`siteKey`) of a source (`key`); `page` its path in the built site, `path` its source. */
function builtPage(key, siteKey, d) {
  const [repo, , , licence] = SOURCES[key];
  const commit = commitOf(key);
  const buildChanges = [];
  return {
    width: SMALL,
    group: DOCUMENT,
    ...d,
    repo,
    commit,
    licence,
    built: true,
    buildChanges,
    build: () => {
      const { out, changes } = site(siteKey);
      buildChanges.push(...changes, `the built page ${d.page}`);
      const src = { repo, commit, path: d.page, read: (p) => readBuilt(out, p) };
      const { html, changes: inlined } = selfContained(src, {
        page: readFileSync(join(out, d.page), 'utf8'),
      });
      buildChanges.push(...inlined.map((c) => `${c} (from the built site)`));
      return html;
    },
  };
}

/** A page pdoc rendered, committed in the repository as a test fixture (self-contained as pdoc writes it). */
function pdocPage(d) {
  const [repo, commit, , licence] = SOURCES.pdoc;
  const buildChanges = [];
  return {
    width: SMALL,
    group: DOCUMENT,
    ...d,
    repo,
    commit,
    licence,
    built: true,
    buildChanges,
    build: () => {
      buildChanges.push(
        "pdoc's rendering of the module, committed as the test's expected output (built HTML, its CSS inline)",
      );
      return execFileSync('git', ['-C', gitDir(repo), 'show', `${commit}:${d.path}`]).toString('utf8');
    },
  };
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs19Documents() {
  return [
    pdocPage({
      name: 'pdoc-demo',
      path: 'test/testdata/demo.html',
      kind: "API documentation (pdoc's rendering of its demo module: module docstring, classes, a sidebar)",
    }),
    pdocPage({
      name: 'pdoc-demo-long',
      path: 'test/testdata/demo_long.html',
      kind: "API documentation (pdoc's long demo: markdown docstrings, code, tables, a picture)",
    }),
    pdocPage({
      name: 'pdoc-flavors-google',
      path: 'test/testdata/flavors_google.html',
      kind: 'API documentation (pdoc: Google-style docstrings rendered as sections)',
    }),
    pdocPage({
      name: 'pdoc-flavors-numpy',
      path: 'test/testdata/flavors_numpy.html',
      kind: 'API documentation (pdoc: NumPy-style docstrings rendered as sections)',
    }),
    pdocPage({
      name: 'pdoc-example-darkmode',
      path: 'test/testdata/example_darkmode.html',
      kind: "API documentation (pdoc's dark-mode template example)",
    }),
    builtPage('mkdocs', 'mkdocs', {
      name: 'mkdocs-docs-getting-started',
      path: `${SOURCE_DOCS}/getting-started.md`,
      page: 'getting-started/index.html',
      kind: "documentation page (MkDocs' own docs, theme mkdocs: a top bar, side table of contents, code)",
    }),
    builtPage('mkdocs', 'mkdocs', {
      name: 'mkdocs-docs-writing-your-docs',
      path: `${SOURCE_DOCS}/user-guide/writing-your-docs.md`,
      page: 'user-guide/writing-your-docs/index.html',
      kind: "documentation page (MkDocs' own docs, theme mkdocs: a long guide with tables and code)",
    }),
    builtPage('mkdocs', 'mkdocsRtd', {
      name: 'mkdocs-rtd-docs-index',
      path: `${SOURCE_DOCS}/index.md`,
      page: 'index.html',
      width: SCREEN,
      kind: "documentation page (MkDocs' own docs, theme readthedocs: the front page, side menu)",
    }),
    builtPage('mkdocs', 'mkdocsRtd', {
      name: 'mkdocs-rtd-docs-choosing-your-theme',
      path: `${SOURCE_DOCS}/user-guide/choosing-your-theme.md`,
      page: 'user-guide/choosing-your-theme/index.html',
      width: SCREEN,
      kind: "documentation page (MkDocs' own docs, theme readthedocs: option lists, pictures)",
    }),
    builtPage('material', 'material', {
      name: 'material-mkdocs-admonitions',
      path: `${SOURCE_DOCS}/reference/admonitions.md`,
      page: 'reference/admonitions/index.html',
      width: SCREEN,
      kind: "documentation page (Material for MkDocs' reference: admonitions, tabs, code)",
    }),
    builtPage('material', 'material', {
      name: 'material-mkdocs-data-tables',
      path: `${SOURCE_DOCS}/reference/data-tables.md`,
      page: 'reference/data-tables/index.html',
      width: SCREEN,
      kind: "documentation page (Material for MkDocs' reference: data tables)",
    }),
    builtPage('material', 'material', {
      name: 'material-mkdocs-lists',
      path: `${SOURCE_DOCS}/reference/lists.md`,
      page: 'reference/lists/index.html',
      width: SCREEN,
      kind: "documentation page (Material for MkDocs' reference: lists, definition and task lists)",
    }),
    builtPage('material', 'material', {
      name: 'material-mkdocs-getting-started',
      path: `${SOURCE_DOCS}/getting-started.md`,
      page: 'getting-started/index.html',
      width: SCREEN,
      kind: 'documentation page (Material for MkDocs: installation, content tabs, code)',
    }),
    builtPage('furo', 'furo', {
      name: 'furo-kitchen-sink-paragraph',
      path: `${SOURCE_DOCS}/kitchen-sink/generic.rst`,
      page: 'kitchen-sink/generic.html',
      width: SCREEN,
      kind: "documentation page (Sphinx, Furo theme's kitchen sink: paragraph-level markup)",
    }),
    builtPage('furo', 'furo', {
      name: 'furo-kitchen-sink-admonitions',
      path: `${SOURCE_DOCS}/kitchen-sink/admonitions.rst`,
      page: 'kitchen-sink/admonitions.html',
      width: SCREEN,
      kind: "documentation page (Sphinx, Furo theme's kitchen sink: admonitions)",
    }),
    builtPage('furo', 'furo', {
      name: 'furo-kitchen-sink-lists',
      path: `${SOURCE_DOCS}/kitchen-sink/lists.rst`,
      page: 'kitchen-sink/lists.html',
      width: SCREEN,
      kind: "documentation page (Sphinx, Furo theme's kitchen sink: lists)",
    }),
    builtPage('furo', 'furo', {
      name: 'furo-kitchen-sink-api',
      path: `${SOURCE_DOCS}/kitchen-sink/api.rst`,
      page: 'kitchen-sink/api.html',
      width: SCREEN,
      kind: "documentation page (Sphinx, Furo theme's kitchen sink: autodoc API reference)",
    }),
    builtPage('furo', 'furo', {
      name: 'furo-kitchen-sink-tables',
      path: `${SOURCE_DOCS}/kitchen-sink/tables.rst`,
      page: 'kitchen-sink/tables.html',
      width: SCREEN,
      kind: "documentation page (Sphinx, Furo theme's kitchen sink: tables)",
    }),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs19Licences() {
  const out = sourceLicences(SOURCES, commitOf);
  // normalize.css in Furo's pages (furoSite): Debian's copyright file of its package.
  out.set('debian+node-normalize.css-copyright', readFileSync('/usr/share/doc/node-normalize.css/copyright'));
  return out;
}
