/**
 * Issue 41's session-28 pass (documentation sites): documentation and article pages as today's JavaScript
 * documentation tools write them out, from three public repositories the corpus had not used (all MIT):
 *
 * - VitePress 1.6.4 (the npm registry's `latest`) on its own documentation (vuejs/vitepress, `docs/` at the v1.6.4
 *   tag), built with its default theme: the home page (hero and features) and three guide pages;
 * - Docusaurus 3.10.2's classic template as a user gets it (`npx create-docusaurus@3.10.2 my-website classic
 *   --javascript`, its packages installed by `npm install`, built by `docusaurus build`): its home page, the intro
 *   doc, the markdown-features tutorial page and the welcome blog post. facebook/docusaurus is too large to mirror
 *   here; the template's files are create-docusaurus's (the npm package's `gitHead` is the commit recorded);
 * - Astro Starlight 0.37.7 on its own documentation (withastro/starlight, `docs/` at the @astrojs/starlight@0.37.7
 *   tag — the last release on Astro 5, which runs on Node 20; Starlight 0.38 and later need Astro 6 or 7 and Node
 *   22): the splash home page and two guide pages.
 *
 * VitePress's default theme carries the Inter web fonts (SIL OFL 1.1, its text already in LICENSES/ as
 * npm+@fontsource+inter@5.3.0-LICENSE), inlined with its sheet as every page of such a site loads them.
 *
 * Each source's pages were chosen, and the case names fixed, before any rendering or split; none was dropped after
 * rendering. Each site's packages come from the npm registry alone (pinned to the versions the repository's
 * pnpm-lock.yaml records for its docs, the docs' own package itself at the tag's version), installed with
 * `--ignore-scripts`. The built page is made self-contained by papers.mjs's `selfContained` reading the built site
 * (`src.read`), as docs23.mjs does, after the few rewrites that helper needs to see what a browser sees (each
 * recorded: VitePress's `rel="preload stylesheet"` links, Docusaurus's minified unquoted attribute values, webp
 * pictures, a minified remote web-font `@import"https://…"` that import.mjs's remote-import step does not read); import.mjs does the rest as for every case (scripts removed, remote pictures → placeholders of the
 * same size, the viewport height measured in Chromium). Every edit is in the case's changes.
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs). Run `WIDER_PASS=docs24 node
 * benchmarks/fidelity/wider/import.mjs` (the builds install their own packages from the npm registry with `npm`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fullCommit, selfContained, sourceLicences } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const DOCUMENT = 'document';
/** A laptop screen (the three themes show their sidebars and outlines from there). */
const SCREEN = 1280;

const VITEPRESS = '1.6.4';
const STARLIGHT = '0.37.7';
const DOCUSAURUS = '3.10.2';
/** create-docusaurus@3.10.2's `gitHead` in the npm registry: the facebook/docusaurus commit it was published from. */
const DOCUSAURUS_COMMIT = 'f37f9035584917a97a260b91fc2842cba4f8b94f';

/**
 * Each mirrored source: repository, pinned revision, licence files, licence name, the folders its docs build reads
 * (Starlight's docs import files of the examples and of the package's source; the repository's root tsconfig.json,
 * which extends a package of the root's workspace, is not written out).
 */
const SOURCES = {
  vitepress: ['vuejs/vitepress', `v${VITEPRESS}`, ['LICENSE'], 'MIT', ['docs']],
  starlight: [
    'withastro/starlight',
    `@astrojs/starlight@${STARLIGHT}`,
    ['LICENSE'],
    'MIT',
    ['docs', 'examples', 'packages/starlight'],
  ],
};

const gitDir = (repo) => join(MIRRORS, repo.replace('/', '+'), 'repo');
const commitOf = (key) => fullCommit(SOURCES[key][0], `${SOURCES[key][1]}^{commit}`);

const roots = [];
process.on('exit', () => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});
const scratch = (key) => {
  const dir = mkdtempSync(join(tmpdir(), `docs24-${key}-`));
  roots.push(dir);
  return dir;
};

/** Each repository written out once (its tree at the pinned commit): key → folder. */
const trees = new Map();
function tree(key) {
  if (!trees.has(key)) {
    const [repo, , , , folders] = SOURCES[key];
    const dir = scratch(key);
    const tar = execFileSync('git', ['-C', gitDir(repo), 'archive', commitOf(key), ...folders], {
      maxBuffer: 1 << 30,
    });
    execFileSync('tar', ['x', '-C', dir], { input: tar });
    trees.set(key, dir);
  }
  return trees.get(key);
}

const BUILD_ENV = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1' };
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: 'ignore', env: BUILD_ENV });
const npmInstall = (cwd) => run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], cwd);
const versionIn = (root, pkg) =>
  JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/** A docs folder's package.json with its dependencies pinned (the workspace's own package from the registry). */
function pinDependencies(dir, dependencies, devDependencies) {
  const file = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  pkg.dependencies = dependencies;
  pkg.devDependencies = devDependencies;
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}

/** VitePress's documentation built by VitePress 1.6.4 (default theme), the docs' plug-ins at their locked versions. */
function vitepressSite() {
  const docs = join(tree('vitepress'), 'docs');
  pinDependencies(
    docs,
    {},
    {
      'markdown-it-mathjax3': '4.3.2',
      'postcss-rtlcss': '5.6.0',
      vitepress: VITEPRESS,
      'vitepress-plugin-group-icons': '1.3.5',
    },
  );
  npmInstall(docs);
  run('npx', ['vitepress', 'build'], docs);
  return {
    out: join(docs, '.vitepress', 'dist'),
    how: `VitePress's documentation (docs/ at the v${VITEPRESS} tag) built by \`vitepress build\` (VitePress ${versionIn(docs, 'vitepress')} from the npm registry, its default theme; docs/package.json: \`vitepress\` "workspace:*" → "${VITEPRESS}", the plug-ins at the versions pnpm-lock.yaml records — markdown-it-mathjax3 4.3.2, postcss-rtlcss 5.6.0, vitepress-plugin-group-icons 1.3.5 —, @lunariajs/core and open-cli, which the build does not use, left out; no git history in the tree, so no "last updated" dates)`,
  };
}

/** Starlight's documentation built by Astro with Starlight 0.37.7, the docs' packages at their locked versions. */
function starlightSite() {
  const docs = join(tree('starlight'), 'docs');
  pinDependencies(
    docs,
    {
      '@astro-community/astro-embed-youtube': '0.5.6',
      '@astrojs/starlight': STARLIGHT,
      astro: '5.6.2',
      culori: '4.0.1',
      sharp: '0.34.2',
    },
    { 'starlight-links-validator': '0.14.0' },
  );
  npmInstall(docs);
  run('npx', ['astro', 'build'], docs);
  return {
    out: join(docs, 'dist'),
    how: `Starlight's documentation (docs/ at the @astrojs/starlight@${STARLIGHT} tag, with the examples/ and packages/starlight/ it imports files of) built by \`astro build\` (Astro ${versionIn(docs, 'astro')}, Starlight ${versionIn(docs, '@astrojs/starlight')} from the npm registry; docs/package.json: \`@astrojs/starlight\` "workspace:*" → "${STARLIGHT}", the other packages at the versions pnpm-lock.yaml records, @lunariajs/core, @types/culori and the test tools — Playwright, axe-playwright, sitemapper —, which the build does not use, left out; telemetry off)`,
  };
}

/** Docusaurus's classic template as `create-docusaurus` writes it, installed and built. */
function docusaurusSite() {
  const root = scratch('docusaurus');
  run(
    'npx',
    ['-y', `create-docusaurus@${DOCUSAURUS}`, 'my-website', 'classic', '--javascript', '--skip-install'],
    root,
  );
  const site = join(root, 'my-website');
  npmInstall(site);
  run('npx', ['docusaurus', 'build'], site);
  return {
    out: join(site, 'build'),
    how: `the site that \`npx create-docusaurus@${DOCUSAURUS} my-website classic --javascript\` writes, its packages installed by \`npm install\` (Docusaurus ${versionIn(site, '@docusaurus/core')}, React ${versionIn(site, 'react')}, Infima ${versionIn(site, 'infima')}), built by \`docusaurus build\``,
  };
}

const SITES = { vitepress: vitepressSite, starlight: starlightSite, docusaurus: docusaurusSite };
/** Sites built once: key → { out, how }. */
const sites = new Map();

/** VitePress links its sheets as `rel="preload stylesheet"`, which a browser applies as a style sheet. */
function preloadStylesheets(html, changes) {
  let n = 0;
  const out = html.replace(/(<link\b[^>]*\srel=)(["'])preload stylesheet\2/gi, (_all, before, q) => {
    n++;
    return `${before}${q}stylesheet${q}`;
  });
  if (n)
    changes.push(
      `${n} <link rel="preload stylesheet"> (applied as style sheets by a browser) written as rel="stylesheet" so that they are inlined`,
    );
  return out;
}

/**
 * A minified `@import"https://…"` (no space after `@import`, which import.mjs's step for remote imports does not
 * read): VitePress's docs import the Vazirmatn web font for their Persian pages. Removed as every remote web font
 * of the corpus is (neither engine reaches it without a network).
 */
function remoteImports(html, changes) {
  let n = 0;
  const out = html.replace(/@import\s*(["'])(?:https?:)?\/\/[^"']*\1\s*;?/gi, () => {
    n++;
    return '';
  });
  if (n) changes.push(`${n} minified remote web-font @import(s) ("https://fonts.googleapis.com/…") removed`);
  return out;
}

/** Docusaurus's minifier leaves attribute values unquoted; the inlining steps read quoted ones. */
function quoteAttributes(html, changes) {
  let n = 0;
  const out = html.replace(/<(?:link|img|source)\b[^>]*>/gi, (tag) =>
    tag.replace(/(\s(?:href|src|rel|srcset)=)([^\s"'=<>`]+?)(?=\s|\/?>)/gi, (_all, name, value) => {
      n++;
      return `${name}"${value}"`;
    }),
  );
  if (n)
    changes.push(
      `${n} unquoted href/src/rel value(s) of <link>, <img> and <source> (the minifier's output) quoted, the values unchanged`,
    );
  return out;
}

/** Pictures of types `selfContained` leaves (webp, avif) in `<img src>`, inlined from the built site. */
function inlineOtherPictures(html, read, page, changes) {
  const TYPES = { webp: 'image/webp', avif: 'image/avif' };
  let n = 0;
  const out = html.replace(/(<img\b[^>]*\ssrc=)(["'])([^"']+)\2/gi, (all, before, q, url) => {
    if (/^(?:[a-z]+:|\/\/|#)/i.test(url)) return all;
    const mime = TYPES[url.split(/[?#]/)[0].split('.').at(-1).toLowerCase()];
    if (!mime) return all;
    const path = url.startsWith('/')
      ? posix.normalize(url.slice(1))
      : posix.normalize(posix.join(posix.dirname(page), url));
    const bytes = read(path.split(/[?#]/)[0]);
    if (!bytes) return all;
    n++;
    return `${before}${q}data:${mime};base64,${bytes.toString('base64')}${q}`;
  });
  if (n) changes.push(`${n} webp/avif <img> picture(s) of the built site inlined as data: URIs`);
  return out;
}

/** A page of a built site; `page` is its path in the built site, `path` its source in the repository. */
function sitePage(siteKey, { repo, commit, licence }, d) {
  const buildChanges = [];
  return {
    width: SCREEN,
    group: DOCUMENT,
    ...d,
    repo,
    get commit() {
      return commit();
    },
    licence,
    built: true,
    buildChanges,
    build: () => {
      if (!sites.has(siteKey)) sites.set(siteKey, SITES[siteKey]());
      const { out, how } = sites.get(siteKey);
      buildChanges.push(`${d.page} of ${how}`);
      const read = (p) => (existsSync(join(out, p)) ? readFileSync(join(out, p)) : undefined);
      let text = readFileSync(join(out, d.page), 'utf8');
      text = preloadStylesheets(text, buildChanges);
      text = quoteAttributes(text, buildChanges);
      const { html, changes } = selfContained({ repo, commit: commit(), path: d.page, read }, { page: text });
      buildChanges.push(...changes.map((c) => `${c} (from the built site)`));
      return remoteImports(inlineOtherPictures(html, read, d.page, buildChanges), buildChanges);
    },
  };
}

const vitepress = { repo: SOURCES.vitepress[0], commit: () => commitOf('vitepress'), licence: 'MIT' };
const starlight = { repo: SOURCES.starlight[0], commit: () => commitOf('starlight'), licence: 'MIT' };
const docusaurus = { repo: 'facebook/docusaurus', commit: () => DOCUSAURUS_COMMIT, licence: 'MIT' };

/** The sources' own `docs` folders (a variable, so that their paths are not read as this repository's docs/). */
const SOURCE_DOCS = 'docs';
const TEMPLATE = 'packages/create-docusaurus/templates';

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs24Documents() {
  return [
    sitePage('vitepress', vitepress, {
      name: 'vitepress-home',
      path: `${SOURCE_DOCS}/en/index.md`,
      page: 'index.html',
      kind: "documentation site home (VitePress's own docs, default theme: hero with picture, feature cards)",
    }),
    sitePage('vitepress', vitepress, {
      name: 'vitepress-what-is-vitepress',
      path: `${SOURCE_DOCS}/en/guide/what-is-vitepress.md`,
      page: 'guide/what-is-vitepress.html',
      kind: "documentation page (VitePress's own docs, default theme: nav bar, sidebar, article)",
    }),
    sitePage('vitepress', vitepress, {
      name: 'vitepress-getting-started',
      path: `${SOURCE_DOCS}/en/guide/getting-started.md`,
      page: 'guide/getting-started.html',
      kind: "documentation page (VitePress's own docs, default theme: code groups, custom containers)",
    }),
    sitePage('vitepress', vitepress, {
      name: 'vitepress-markdown-extensions',
      path: `${SOURCE_DOCS}/en/guide/markdown.md`,
      page: 'guide/markdown.html',
      kind: "documentation page (VitePress's own docs, default theme: its markdown extensions — tables, containers, highlighted code)",
    }),
    sitePage('docusaurus', docusaurus, {
      name: 'docusaurus-classic-home',
      path: `${TEMPLATE}/classic/src/pages/index.js`,
      page: 'index.html',
      kind: "documentation site home (Docusaurus's classic template: hero banner, three features with SVG pictures)",
    }),
    sitePage('docusaurus', docusaurus, {
      name: 'docusaurus-classic-intro',
      path: `${TEMPLATE}/shared/docs/intro.mdx`,
      page: 'docs/intro/index.html',
      kind: "documentation page (Docusaurus's classic template: its intro doc with sidebar and table of contents)",
    }),
    sitePage('docusaurus', docusaurus, {
      name: 'docusaurus-classic-markdown-features',
      path: `${TEMPLATE}/shared/docs/tutorial-basics/markdown-features.mdx`,
      page: 'docs/tutorial-basics/markdown-features/index.html',
      kind: "documentation page (Docusaurus's classic template: the markdown-features tutorial page — admonitions, code, pictures)",
    }),
    sitePage('docusaurus', docusaurus, {
      name: 'docusaurus-classic-blog-welcome',
      path: `${TEMPLATE}/shared/blog/2021-08-26-welcome/index.mdx`,
      page: 'blog/welcome/index.html',
      kind: "blog article (Docusaurus's classic template: the welcome post — authors, banner picture, tags)",
    }),
    sitePage('starlight', starlight, {
      name: 'starlight-home',
      path: `${SOURCE_DOCS}/src/content/docs/index.mdx`,
      page: 'index.html',
      kind: "documentation site home (Starlight's own docs: splash page — hero, card grid, testimonials)",
    }),
    sitePage('starlight', starlight, {
      name: 'starlight-getting-started',
      path: `${SOURCE_DOCS}/src/content/docs/getting-started.mdx`,
      page: 'getting-started/index.html',
      kind: "documentation page (Starlight's own docs: steps, tabs, code frames, sidebar and table of contents)",
    }),
    sitePage('starlight', starlight, {
      name: 'starlight-authoring-content',
      path: `${SOURCE_DOCS}/src/content/docs/guides/authoring-content.mdx`,
      page: 'guides/authoring-content/index.html',
      kind: "documentation page (Starlight's own docs: its Markdown guide — asides, code, tables, details)",
    }),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs24Licences() {
  const out = sourceLicences(SOURCES, commitOf);
  // Docusaurus's repository is too large to mirror: its licence (MIT) as its packages carry it, and the licences of
  // the npm packages whose files are in the built pages (the template, the classic theme, Infima's sheet).
  const built = sites.get('docusaurus');
  if (built) {
    const modules = join(built.out, '..', 'node_modules');
    const pkgLicence = (name) => {
      const dir = join(modules, name);
      const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const file = ['LICENSE', 'LICENSE.md', 'license'].find((f) => existsSync(join(dir, f)));
      return [
        `npm+${name.replace('/', '+')}@${meta.version}-LICENSE`,
        file
          ? readFileSync(join(dir, file))
          : `${name}@${meta.version}: package.json declares "license": "${meta.license}"; the package ships no licence file.\n`,
      ];
    };
    out.set('facebook+docusaurus-LICENSE', readFileSync(join(modules, '@docusaurus/core/LICENSE')));
    for (const name of ['@docusaurus/theme-classic', 'infima']) out.set(...pkgLicence(name));
  }
  return out;
}
