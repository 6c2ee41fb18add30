/**
 * Issue 41's session-20 pass (docs38): articles and documentation pages as static-site generators write them out —
 * the held-out part's weakest kind, from eight public repositories the corpus had not used, each a theme whose
 * repository is (or carries) its own demo site: Jekyll themes' sample posts (Mark Otto's Hyde and Lanyon, MIT;
 * Jekyll's Minima, MIT), Hugo themes' exampleSite pages (panr's Terminal, Athul Cyriac Ajay's Archie, Alex Shpak's
 * Book — a documentation shell with a menu and a table of contents; MIT) and Sphinx documentation (Alabaster's own
 * docs, BSD-3-Clause; the Read the Docs theme's demo pages — structure, lists and tables, API, paragraph-level
 * markup; MIT, its fonts OFL-1.1 and Apache-2.0). Each source's pages were chosen, and the case names fixed, before
 * any rendering or split; none was dropped after rendering.
 *
 * Each site is built from the repository at the pinned commit by Debian bookworm's tool (jekyll 4.3.1 with
 * ruby-jekyll-feed, -seo-tag and -paginate; hugo 0.111.3 extended; python3-sphinx 5.3.0): the Hugo themes and the
 * two Sphinx themes are pinned at their last commit before that Hugo release (2023-03-16) / at the release
 * contemporary with that Sphinx (Alabaster 0.7.13, sphinx_rtd_theme 1.2.0), as newer ones need newer tools. The
 * built page is made self-contained by papers.mjs's `selfContained` reading the built output (`src.read`): its
 * sheets inlined, their fonts and pictures as data: URIs; site-root URLs (`/public/…`, Hugo's with `--baseURL /`)
 * made relative to the page first. import.mjs does the rest as for every case (scripts removed, remote pictures →
 * placeholders of the same size, the viewport height measured in Chromium). Every edit is in the case's changes.
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs). Run (after `apt-get install jekyll
 * ruby-jekyll-feed ruby-jekyll-seo-tag ruby-jekyll-paginate ruby-kramdown-parser-gfm hugo python3-sphinx`)
 * `WIDER_PASS=docs17 node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fullCommit, selfContained } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const DOCUMENT = 'document';
/** A laptop screen, a small one. */
const SCREEN = 1280;
const SMALL = 1024;

/** Each source: repository, pinned commit, licence files, licence name. */
const SOURCES = {
  hyde: ['poole/hyde', '7c7f7550898e081264d255ef429a134fb00c72a8', ['LICENSE.md'], 'MIT'],
  lanyon: ['poole/lanyon', 'e637093ba6cd51830a941a112a64d58e6032e5ed', ['LICENSE.md'], 'MIT'],
  minima: ['jekyll/minima', 'b3385fe64e9d79e75260668cad1852a3913b1829', ['LICENSE.txt'], 'MIT'],
  terminal: ['panr/hugo-theme-terminal', '1252b09ca9bf085d0d05d7adedc6c7f24fe1152d', ['LICENSE.md'], 'MIT'],
  archie: ['athul/archie', '3fa25abce4417d117fa2c1c858616257a389b6b8', ['LICENSE'], 'MIT'],
  book: ['alex-shpak/hugo-book', '036e037a63ba06ca366adb1a0c3a005d1a0b15b8', ['LICENSE'], 'MIT'],
  alabaster: [
    'sphinx-doc/alabaster',
    'e5c058385c60901fc6916afe60a6dd26f0a0d6a8',
    ['LICENSE'],
    'BSD-3-Clause',
  ],
  rtd: [
    'readthedocs/sphinx_rtd_theme',
    '9d88b9e4e1e17896c6231358a89da4612ff7bc90',
    ['LICENSE', 'OFL-License.txt', 'Apache-License-2.0.txt'],
    'MIT (fonts OFL-1.1, Apache-2.0)',
  ],
};

const gitDir = (repo) => join(MIRRORS, repo.replace('/', '+'), 'repo');

/** The repository at the commit, written out into a fresh folder under `parent` as `name`. */
function checkout(repo, commit, parent, name) {
  mkdirSync(join(parent, name), { recursive: true });
  const tar = execFileSync('git', ['-C', gitDir(repo), 'archive', commit], { maxBuffer: 256 << 20 });
  execFileSync('tar', ['x', '-C', join(parent, name)], { input: tar });
  return join(parent, name);
}

/** Appends to / edits a text file of the checkout. */
function editFile(path, edit) {
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
}

const tool = (cmd) =>
  execFileSync(cmd, [cmd === 'hugo' ? 'version' : '--version'])
    .toString()
    .split('\n')[0]
    .trim();

/** Each site built once: key → { out (built site folder), changes }. */
const built = new Map();
/** The temporary folders the sites are built in. */
const roots = [];
const tempRoot = (key) => {
  const dir = mkdtempSync(join(tmpdir(), `docs17-${key}-`));
  roots.push(dir);
  return dir;
};

/** Jekyll: the theme repository is its own site (`_posts`, `_config.yml`); `configEdits` fix what Jekyll 4 refuses. */
function jekyllSite(key, configEdits, contentEdits = []) {
  const [repo, commit] = SOURCES[key];
  const root = tempRoot(key);
  const site = checkout(repo, commit, root, 'site');
  const changes = [];
  editFile(join(site, '_config.yml'), (text) => {
    let t = text;
    for (const [what, from, to] of configEdits) {
      t = from ? t.replace(from, to) : `${t}\n${to}\n`;
      changes.push(`_config.yml: ${what}`);
    }
    // site.time (a footer's year) fixed, so that a rebuild gives the same page.
    return `${t}\ntime: 2026-11-30\n`;
  });
  changes.push('_config.yml: `time: 2026-11-30` (site.time fixed)');
  for (const [file, what, from, to] of contentEdits) {
    editFile(join(site, file), (t) => t.replace(from, to));
    changes.push(`${file}: ${what}`);
  }
  execFileSync('jekyll', ['build', '--source', site, '--destination', join(root, 'out')], {
    stdio: 'ignore',
  });
  changes.unshift(
    `built by \`jekyll build\` (${tool('jekyll')}, Debian bookworm) from the repository at the commit`,
  );
  return { out: join(root, 'out'), changes };
}

/** Hugo: the theme's exampleSite built with the theme (`hugo --themesDir ../.. --theme NAME --baseURL /`). */
function hugoSite(key, theme) {
  const [repo, commit] = SOURCES[key];
  const root = tempRoot(key);
  const themes = join(root, 'themes');
  checkout(repo, commit, themes, theme);
  // Errors of single pages (a remote oEmbed, Git info of a folder that is no repository) do not stop the others.
  spawnSync(
    'hugo',
    ['--themesDir', '../..', '--theme', theme, '--baseURL', '/', '--destination', join(root, 'out')],
    { cwd: join(themes, theme, 'exampleSite'), stdio: 'ignore' },
  );
  return {
    out: join(root, 'out'),
    changes: [
      `the theme's exampleSite built by \`hugo --themesDir ../.. --theme ${theme} --baseURL /\` (${tool('hugo')}, Debian bookworm)`,
    ],
  };
}

/** Sphinx: the repository's docs/ built with its conf.py (`sphinx-build -b html`), `confEdits` as recorded. */
function sphinxSite(key, confEdits, args = []) {
  const [repo, commit] = SOURCES[key];
  const root = tempRoot(key);
  const src = checkout(repo, commit, root, 'src');
  const changes = [];
  for (const [what, from, to] of confEdits) {
    editFile(join(src, 'docs', 'conf.py'), (t) => t.replace(from, to));
    changes.push(`docs/conf.py: ${what}`);
  }
  const version = execFileSync('/usr/bin/python3', ['-c', 'import sphinx; print(sphinx.__version__)'])
    .toString()
    .trim();
  execFileSync('/usr/bin/python3', ['-m', 'sphinx', '-q', '-b', 'html', ...args, '.', join(root, 'out')], {
    cwd: join(src, 'docs'),
    stdio: 'ignore',
  });
  changes.unshift(
    `docs/ built by \`sphinx-build -b html${args.length ? ` ${args.join(' ')}` : ''}\` (Sphinx ${version}, Debian bookworm's python3-sphinx; its basic theme's templates BSD-2-Clause)`,
  );
  return { out: join(root, 'out'), changes };
}

const SITES = {
  hyde: () =>
    jekyllSite(
      'hyde',
      [
        [
          '`markdown: redcarpet` → kramdown (Jekyll 4 has no redcarpet)',
          /^markdown:.*$/m,
          'markdown:         kramdown',
        ],
        [
          '`highlighter: pygments` → rouge (Jekyll 4 has no pygments)',
          /^highlighter:.*$/m,
          'highlighter:      rouge',
        ],
        ['`relative_permalinks: true` removed (Jekyll 3 dropped it)', /^relative_permalinks:.*\n/m, ''],
        ['`plugins: [jekyll-paginate]` added (its `paginate` needs it)', null, 'plugins: [jekyll-paginate]'],
      ],
      [
        [
          '_posts/2012-02-07-example-content.md',
          'the `{% gist … %}` tag (a remote GitHub gist; no plugin) removed',
          /\{% gist [^%]*%\}\n?/,
          '',
        ],
      ],
    ),
  lanyon: () =>
    jekyllSite('lanyon', [
      [
        '`url` emptied (its links are absolute URLs of the live site; so they are site-root paths)',
        /^url:.*$/m,
        "url: ''",
      ],
    ]),
  minima: () =>
    jekyllSite('minima', [
      [
        '`plugins: [jekyll-feed, jekyll-seo-tag]` added (the plugins its comments say Minima requires)',
        null,
        'plugins:\n  - jekyll-feed\n  - jekyll-seo-tag',
      ],
    ]),
  terminal: () => hugoSite('terminal', 'hugo-theme-terminal'),
  archie: () => hugoSite('archie', 'archie'),
  book: () => hugoSite('book', 'hugo-book'),
  alabaster: () =>
    sphinxSite('alabaster', [
      [
        'the `releases` extension (changelog roles; not packaged) left out',
        'extensions.append("releases")',
        'pass  # extensions.append("releases")',
      ],
      ['copyright year fixed at 2023 (was the build year)', /f"\{datetime\.now\(\)\.year\} /, '"2023 '],
    ]),
  rtd: () => sphinxSite('rtd', []),
};

// The built sites are removed when the import ends.
process.on('exit', () => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

/** The site of a source, built once. */
function site(key) {
  if (!built.has(key)) built.set(key, SITES[key]());
  return built.get(key);
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

/** A site-root path (without its leading slash) as seen from the built file `from`. */
function relativeTo(from, rootPath) {
  const rel = posix.relative(posix.dirname(from), rootPath.replace(/[?#].*$/, '')) || '.';
  return rel + (rootPath.match(/[?#].*$/)?.[0] ?? '');
}

/** A built page of a source, self-contained; `page` is its path in the built site, `path` its source file. */
function builtPage(key, d) {
  const [repo, pinned, , licence] = SOURCES[key];
  const commit = fullCommit(repo, pinned);
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
      const { out, changes } = site(key);
      buildChanges.push(...changes, `the built page ${d.page}`);
      let page = readFileSync(join(out, d.page), 'utf8');
      const rooted = page;
      page = page.replace(
        /(\s(?:href|src)\s*=\s*)(["'])\/(?!\/)([^"']*)\2/gi,
        (_a, before, q, p) => `${before}${q}${relativeTo(d.page, p)}${q}`,
      );
      if (page !== rooted) buildChanges.push('site-root URLs (href, src) made relative to the page');
      const src = { repo, commit, path: d.page, read: (p) => readBuilt(out, p) };
      const { html, changes: inlined } = selfContained(src, { page });
      buildChanges.push(...inlined.map((c) => `${c} (from the built site)`));
      return html;
    },
  };
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs17Documents() {
  return [
    builtPage('hyde', {
      name: 'hyde-post-introducing',
      path: '_posts/2013-12-28-introducing-hyde.md',
      page: '2013/12/28/introducing-hyde/index.html',
      width: SCREEN,
      kind: 'blog post (Jekyll theme Hyde: a fixed coloured sidebar beside the post)',
    }),
    builtPage('hyde', {
      name: 'hyde-post-example-content',
      path: '_posts/2012-02-07-example-content.md',
      page: '2012/02/07/example-content/index.html',
      width: SCREEN,
      kind: "blog post (Jekyll theme Hyde's example content: headings, lists, code, tables, quotes)",
    }),
    builtPage('lanyon', {
      name: 'lanyon-post-example-content',
      path: '_posts/2020-04-02-example-content.md',
      page: '2020/04/02/example-content/index.html',
      kind: "blog post (Jekyll theme Lanyon's example content, its drawer closed)",
    }),
    builtPage('lanyon', {
      name: 'lanyon-home',
      path: 'index.html',
      page: 'index.html',
      kind: 'blog home (Jekyll theme Lanyon: the paginated posts in full)',
    }),
    builtPage('minima', {
      name: 'minima-post-content-styles',
      path: '_posts/2016-05-20-this-post-demonstrates-post-content-styles.md',
      page: 'junk/2016/05/20/this-post-demonstrates-post-content-styles.html',
      kind: "blog post (Jekyll's Minima theme: its post demonstrating content styles)",
    }),
    builtPage('minima', {
      name: 'minima-post-codeblocks',
      path: '_posts/2016-05-19-codeblocks-ahoy.md',
      page: '2016/05/19/codeblocks-ahoy.html',
      kind: "blog post (Jekyll's Minima theme: highlighted code blocks)",
    }),
    builtPage('minima', {
      name: 'minima-home',
      path: 'index.md',
      page: 'index.html',
      kind: "blog home (Jekyll's Minima theme: the post list)",
    }),
    builtPage('terminal', {
      name: 'terminal-hugo-showcase',
      path: 'exampleSite/content/showcase.md',
      page: 'showcase/index.html',
      kind: "article (Hugo theme Terminal's showcase page: every element in a monospace retro theme)",
    }),
    builtPage('terminal', {
      name: 'terminal-hugo-post-hello',
      path: 'exampleSite/content/posts/hello.md',
      page: 'posts/hello/index.html',
      kind: 'blog post (Hugo theme Terminal: a post with a cover picture)',
    }),
    builtPage('archie', {
      name: 'archie-hugo-typography',
      path: 'exampleSite/content/posts/post-5.md',
      page: 'posts/post-5/index.html',
      kind: "blog post (Hugo theme Archie's typography post)",
    }),
    builtPage('archie', {
      name: 'archie-hugo-home',
      path: 'exampleSite/content/_index.md',
      page: 'index.html',
      kind: 'blog home (Hugo theme Archie: a minimal home with its post list)',
    }),
    builtPage('book', {
      name: 'hugo-book-hints',
      path: 'exampleSite/content.en/docs/shortcodes/hints.md',
      page: 'docs/shortcodes/hints/index.html',
      width: SCREEN,
      kind: 'documentation page (Hugo theme Book: menu, hint boxes, table of contents)',
    }),
    builtPage('book', {
      name: 'hugo-book-columns',
      path: 'exampleSite/content.en/docs/shortcodes/columns.md',
      page: 'docs/shortcodes/columns/index.html',
      width: SCREEN,
      kind: 'documentation page (Hugo theme Book: flex columns shortcode)',
    }),
    builtPage('book', {
      name: 'hugo-book-with-toc',
      path: 'exampleSite/content.en/docs/example/table-of-contents/with-toc.md',
      page: 'docs/example/table-of-contents/with-toc/index.html',
      width: SCREEN,
      kind: 'documentation page (Hugo theme Book: a long page with its table of contents)',
    }),
    builtPage('book', {
      name: 'hugo-book-post-migrate',
      path: 'exampleSite/content.en/posts/migrate-from-jekyll.md',
      page: 'posts/migrate-from-jekyll/index.html',
      width: SCREEN,
      kind: 'blog post (Hugo theme Book: a post with code and lists)',
    }),
    builtPage('alabaster', {
      name: 'alabaster-docs-index',
      path: 'docs/index.rst',
      page: 'index.html',
      kind: "documentation page (Sphinx, Alabaster theme: its own docs' front page, fixed sidebar)",
    }),
    builtPage('alabaster', {
      name: 'alabaster-docs-customization',
      path: 'docs/customization.rst',
      page: 'customization.html',
      kind: 'documentation page (Sphinx, Alabaster theme: its options, definition lists and code)',
    }),
    builtPage('alabaster', {
      name: 'alabaster-docs-installation',
      path: 'docs/installation.rst',
      page: 'installation.html',
      kind: 'documentation page (Sphinx, Alabaster theme: installation, literal blocks)',
    }),
    builtPage('rtd', {
      name: 'rtd-theme-demo-structure',
      path: 'docs/demo/structure.rst',
      page: 'demo/structure.html',
      width: SCREEN,
      kind: "documentation page (Sphinx, Read the Docs theme's demo: structural elements, side menu)",
    }),
    builtPage('rtd', {
      name: 'rtd-theme-demo-lists-tables',
      path: 'docs/demo/lists_tables.rst',
      page: 'demo/lists_tables.html',
      width: SCREEN,
      kind: "documentation page (Sphinx, Read the Docs theme's demo: lists and tables)",
    }),
    builtPage('rtd', {
      name: 'rtd-theme-demo-api',
      path: 'docs/demo/api.rst',
      page: 'demo/api.html',
      width: SCREEN,
      kind: "documentation page (Sphinx, Read the Docs theme's demo: autodoc API reference)",
    }),
    builtPage('rtd', {
      name: 'rtd-theme-demo-paragraph',
      path: 'docs/demo/demo.rst',
      page: 'demo/demo.html',
      width: SCREEN,
      kind: "documentation page (Sphinx, Read the Docs theme's demo: paragraph-level markup, admonitions, code)",
    }),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs17Licences() {
  const out = new Map();
  for (const [repo, commit, files] of Object.values(SOURCES))
    for (const file of files)
      out.set(
        `${repo.replace('/', '+')}-${file.replaceAll('/', '+')}`,
        execFileSync('git', ['-C', gitDir(repo), 'show', `${commit}:${file}`]),
      );
  return out;
}
