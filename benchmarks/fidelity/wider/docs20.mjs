/**
 * Issue 41's session-22 pass (docs47): articles — blog posts, blog homes and long-form pages — as static-site and
 * blog engines write them out, from themes the corpus had not used (docs17.mjs has Jekyll's Hyde, Lanyon and Minima
 * and Hugo's Terminal, Archie and Book): three Hugo themes' example sites (Aditya Telange's PaperMod — its example
 * site is a branch of the repository —, The New Dynamic's Ananke, Luiz de Prá's Coder; MIT) and two of GitHub Pages'
 * Jekyll themes (Cayman and Minimal, whose repositories are their own demo sites; CC0-1.0). Each source's pages were
 * chosen, and the case names fixed, before any rendering or split; none was dropped after rendering.
 *
 * Each site is built from the repository at the pinned commit by Debian bookworm's tool (hugo 0.111.3 extended;
 * jekyll 4.3.1 with ruby-jekyll-seo-tag): the Hugo themes are pinned at their last commit before that Hugo release
 * (2023-03-16), as newer ones need a newer Hugo; the GitHub Pages themes at their newest commit. The built page is made
 * self-contained by papers.mjs's `selfContained` reading the built output (`src.read`), as docs17.mjs does: its
 * sheets inlined, their fonts and pictures as data: URIs; site-root URLs made relative to the page first. import.mjs
 * does the rest as for every case (scripts removed, remote pictures → placeholders of the same size, web fonts the
 * page links from a CDN dropped, the viewport height measured in Chromium). Every edit is in the case's changes. The
 * themes' footers print the build year (Hugo's `now.Year`), so a rebuild in another year differs there.
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs). Run (after `apt-get install hugo jekyll
 * ruby-jekyll-seo-tag ruby-kramdown-parser-gfm`) `WIDER_PASS=docs20 node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fullCommit, selfContained, sourceLicences } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const DOCUMENT = 'document';
/** A laptop screen, a small one. */
const SCREEN = 1280;
const SMALL = 1024;

/** Each source: repository, pinned commit, licence files, licence name. */
const SOURCES = {
  papermod: ['adityatelange/hugo-PaperMod', 'd67462d0f3f22cc5687f73f1edd454aa9cfa3800', ['LICENSE'], 'MIT'],
  ananke: [
    'theNewDynamic/gohugo-theme-ananke',
    'a1a99cf12681ad95b006e648a28139e6b9b75f09',
    ['LICENSE.md'],
    'MIT',
  ],
  coder: ['luizdepra/hugo-coder', '5ad452218dcb8e1af3de0770deb1865a600990d3', ['LICENSE.md'], 'MIT'],
  cayman: ['pages-themes/cayman', '56aa6db3b5088a555aa563e8bf071f3d18565d3b', ['LICENSE'], 'CC0-1.0'],
  minimal: ['pages-themes/minimal', 'c27a30cb27997bd3ed45ba5a77bd97bd27cbeb64', ['LICENSE'], 'CC0-1.0'],
};
/** PaperMod's example site: the repository's `exampleSite` branch, its last commit before 2023-03-16. */
const PAPERMOD_SITE = 'be00e5a557212de1067016f0fe8a4aa00d23f2e2';

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
  const dir = mkdtempSync(join(tmpdir(), `docs20-${key}-`));
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

/**
 * Hugo: the theme's example site built with the theme (`hugo --baseURL /`). The example site is the theme's
 * exampleSite/ folder, or (PaperMod) a branch of its own whose themes/ folder takes the theme.
 */
function hugoSite(key, theme, siteBranch) {
  const [repo, commit] = SOURCES[key];
  const root = tempRoot(key);
  let cwd;
  const args = ['--baseURL', '/', '--destination', join(root, 'out')];
  if (siteBranch) {
    cwd = checkout(repo, siteBranch, root, 'site');
    rmSync(join(cwd, 'themes', theme), { recursive: true, force: true });
    checkout(repo, commit, join(cwd, 'themes'), theme);
  } else {
    const themes = join(root, 'themes');
    checkout(repo, commit, themes, theme);
    cwd = join(themes, theme, 'exampleSite');
    args.unshift('--themesDir', '../..', '--theme', theme);
  }
  // Errors of single pages (a remote oEmbed: no network) do not stop the others.
  spawnSync('hugo', args, { cwd, stdio: 'ignore' });
  return {
    out: join(root, 'out'),
    changes: [
      siteBranch
        ? `the theme's example site (its \`exampleSite\` branch @ ${siteBranch.slice(0, 10)}) built with the theme by \`hugo --baseURL /\` (${tool('hugo')}, Debian bookworm)`
        : `the theme's exampleSite built by \`hugo --themesDir ../.. --theme ${theme} --baseURL /\` (${tool('hugo')}, Debian bookworm)`,
    ],
  };
}

/** What GitHub Pages' jekyll-github-metadata gives a project page's `site.github` (not packaged): written out. */
function githubMetadata(key) {
  const [repo, commit] = SOURCES[key];
  const [owner, name] = repo.split('/');
  const url = `https://github.com/${repo}`;
  return [
    "`github:` metadata written out (what GitHub Pages' jekyll-github-metadata gives a project page; not packaged)",
    null,
    `github:
  is_project_page: true
  is_user_page: false
  repository_name: ${name}
  repository_nwo: ${repo}
  repository_url: ${url}
  owner_name: ${owner}
  owner_url: https://github.com/${owner}
  zip_url: ${url}/zipball/master
  tar_url: ${url}/tarball/master
  build_revision: ${commit}`,
  ];
}

const themeGem = (key) => [
  `\`theme: jekyll-theme-${key}\` → \`plugins: [jekyll-seo-tag]\` (the repository is the theme: its own _layouts/ and _sass/ are the site's; the gem is not packaged)`,
  /^theme:.*$/m,
  'plugins: [jekyll-seo-tag]',
];

const SITES = {
  papermod: () => hugoSite('papermod', 'hugo-PaperMod', PAPERMOD_SITE),
  ananke: () => hugoSite('ananke', 'ananke'),
  coder: () => hugoSite('coder', 'hugo-coder'),
  cayman: () => jekyllSite('cayman', [themeGem('cayman'), githubMetadata('cayman')]),
  minimal: () => jekyllSite('minimal', [themeGem('minimal'), githubMetadata('minimal')]),
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
      // PaperMod links its sheet as `rel="preload stylesheet"` (with `as="style"` and an `integrity` hash), which
      // papers.mjs's inliner, reading `rel="stylesheet"`, passed over: the page lost its only sheet.
      const preload = page;
      page = page.replace(/(<link\b[^>]*\srel=)(["'])preload stylesheet\2/gi, '$1$2stylesheet$2');
      if (page !== preload)
        buildChanges.push(
          '`rel="preload stylesheet"` read as `rel="stylesheet"`, so that the sheet is inlined',
        );
      const src = { repo, commit, path: d.page, read: (p) => readBuilt(out, p) };
      const { html, changes: inlined } = selfContained(src, { page });
      buildChanges.push(...inlined.map((c) => `${c} (from the built site)`));
      return html;
    },
  };
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs20Documents() {
  return [
    builtPage('papermod', {
      name: 'papermod-hugo-post-markdown-syntax',
      path: 'content/posts/markdown-syntax.md',
      page: 'posts/markdown-syntax/index.html',
      kind: "blog post (Hugo theme PaperMod's example site: the Markdown syntax guide — headings, tables, code, lists)",
    }),
    builtPage('papermod', {
      name: 'papermod-hugo-post-features',
      path: 'content/posts/papermod/papermod-features/index.md',
      page: 'posts/papermod/papermod-features/index.html',
      kind: 'blog post (Hugo theme PaperMod: its features post — table of contents, pictures, code)',
    }),
    builtPage('papermod', {
      name: 'papermod-hugo-post-installation',
      path: 'content/posts/papermod/papermod-installation.md',
      page: 'posts/papermod/papermod-installation/index.html',
      kind: 'blog post (Hugo theme PaperMod: a long installation guide with code blocks)',
    }),
    builtPage('papermod', {
      name: 'papermod-hugo-home',
      path: 'content (home)',
      page: 'index.html',
      kind: 'blog home (Hugo theme PaperMod: the home-info box and post cards)',
    }),
    builtPage('ananke', {
      name: 'ananke-hugo-post-chapter-1',
      path: 'exampleSite/content/en/post/chapter-1.md',
      page: 'post/chapter-1/index.html',
      width: SCREEN,
      kind: "blog post (Hugo theme Ananke's example site: a Hugo novel's chapter under a picture header)",
    }),
    builtPage('ananke', {
      name: 'ananke-hugo-home',
      path: 'exampleSite/content/en/_index.md',
      page: 'index.html',
      width: SCREEN,
      kind: 'blog home (Hugo theme Ananke: a cover picture, recent posts with summaries)',
    }),
    builtPage('ananke', {
      name: 'ananke-hugo-about',
      path: 'exampleSite/content/en/about/index.md',
      page: 'about/index.html',
      width: SCREEN,
      kind: 'long-form page (Hugo theme Ananke: the about page, Tachyons utility classes)',
    }),
    builtPage('coder', {
      name: 'coder-hugo-post-markdown-syntax',
      path: 'exampleSite/content/posts/markdown-syntax.md',
      page: 'posts/markdown-syntax/index.html',
      kind: "blog post (Hugo theme Coder's example site: the Markdown syntax guide)",
    }),
    builtPage('coder', {
      name: 'coder-hugo-post-placeholder-text',
      path: 'exampleSite/content/posts/placeholder-text.md',
      page: 'posts/placeholder-text/index.html',
      kind: 'blog post (Hugo theme Coder: long placeholder prose)',
    }),
    builtPage('coder', {
      name: 'coder-hugo-home',
      path: 'exampleSite/config.toml',
      page: 'index.html',
      kind: 'blog home (Hugo theme Coder: avatar, name, icon links)',
    }),
    builtPage('coder', {
      name: 'coder-hugo-posts-list',
      path: 'exampleSite/content/posts',
      page: 'posts/index.html',
      kind: 'blog post list (Hugo theme Coder: dated post titles)',
    }),
    builtPage('cayman', {
      name: 'pages-cayman-index',
      path: 'index.md',
      page: 'index.html',
      width: SCREEN,
      kind: "long-form page (GitHub Pages' Jekyll theme Cayman: its demo page — a gradient header, headings, tables, code)",
    }),
    builtPage('cayman', {
      name: 'pages-cayman-another-page',
      path: 'another-page.md',
      page: 'another-page.html',
      width: SCREEN,
      kind: "long-form page (GitHub Pages' Jekyll theme Cayman: a second page)",
    }),
    builtPage('minimal', {
      name: 'pages-minimal-index',
      path: 'index.md',
      page: 'index.html',
      kind: "long-form page (GitHub Pages' Jekyll theme Minimal: its demo page beside a fixed sidebar)",
    }),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs20Licences() {
  const out = sourceLicences(SOURCES);
  return out;
}
