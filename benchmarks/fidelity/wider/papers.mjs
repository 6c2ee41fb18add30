/**
 * Issue 41's fourth pass (papers): documents other than résumés for the `wider` corpus — the example pages of
 * document styles and HTML-to-PDF tools (Tufte CSS's handout, LaTeX.css's article, element and language pages,
 * html-pdf's business card and test pages, WeasyPrint's poster and book), and invoice pages of admin templates
 * (AdminLTE 3, Gentelella). Each is read from its repository's mirror at a pinned commit and made self-contained
 * here: the style sheets the page links (or that its tool is given, as WeasyPrint's `-s`) inlined as `<style>`,
 * with their `@import`s; the fonts their `@font-face` rules name inlined as data: URIs (woff2, woff, ttf or otf:
 * the first of those in the rule; eot and svg fonts dropped from the list); the pictures the page and its sheets
 * name inlined as data: URIs, each resolved against the file that names it. What is not in the repository
 * (web-font CDNs, scripts, remote pictures) is left to import.mjs (removed, or a placeholder of the same size).
 */
import { execFileSync } from 'node:child_process';
import { join, posix } from 'node:path';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';

const FONT = { woff2: 'font/woff2', woff: 'font/woff', ttf: 'font/ttf', otf: 'font/otf' };
const IMAGE = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};
/** Picture types a `srcset` may name besides those (an image pipeline's output). */
const SRCSET_IMAGE = { ...IMAGE, webp: 'image/webp', avif: 'image/avif' };

/** A file of a mirrored repository at a commit, or undefined when it is not there. */
function readAt(repo, commit, path) {
  try {
    return execFileSync(
      'git',
      ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${path}`],
      { maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch {
    return undefined;
  }
}

/**
 * A file of the source: of its mirrored repository at the commit, or — when the source is a site built by a tool
 * (`src.read`, docs17.mjs) — of the built output.
 */
const readSrc = (src, path) => (src.read ? src.read(path) : readAt(src.repo, src.commit, path));

const isRemote = (url) => /^(?:[a-z]+:|\/\/|#)/i.test(url);
const extOf = (url) => url.split(/[?#]/)[0].split('.').at(-1).toLowerCase();
/** A URL's path in the tree: relative to the page's folder, or to the tree's root when it starts with `/`. */
const resolvePath = (from, url) => {
  const path = url.split(/[?#]/)[0];
  return posix.normalize(path.startsWith('/') ? path.slice(1) : posix.join(posix.dirname(from), path));
};

/** A repository file named by `url` (relative to `from`) as a data: URI, when it is a font or a picture. */
function dataUri(src, from, url, types) {
  if (isRemote(url)) return undefined;
  const mime = types[extOf(url)];
  if (!mime) return undefined;
  const bytes = readSrc(src, resolvePath(from, url));
  return bytes && `data:${mime};base64,${bytes.toString('base64')}`;
}

/** `@font-face` rules: each `src` keeps its first inlinable font (data: URI); a `src` with none is dropped. */
function inlineFontFaces(css, src, from) {
  return css.replace(/@font-face\s*\{[^}]*\}/gi, (rule) =>
    rule.replace(/src\s*:(?:[^;}"']|"[^"]*"|'[^']*')*;?/gi, (decl) => {
      if (/url\(\s*['"]?data:/i.test(decl)) return decl;
      for (const m of decl.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)(\s*format\([^)]*\))?/gi)) {
        const uri = dataUri(src, from, m[2].trim(), FONT);
        if (uri) return `src: url("${uri}")${m[3] ?? ''};`;
      }
      return '';
    }),
  );
}

/** A style sheet of the repository, self-contained: `@import`s inlined, fonts and pictures as data: URIs. */
function sheet(src, path, depth = 0) {
  const text = readSrc(src, path)?.toString('utf8');
  if (text === undefined) return undefined;
  let css = text.replace(
    /@import\s+(?:url\(\s*(['"]?)([^'")]+)\1\s*\)|(['"])([^'"]+)\3)\s*;/gi,
    (all, _q, a, _q2, b) => {
      const url = (a ?? b).trim();
      if (isRemote(url) || depth > 4) return all;
      return sheet(src, resolvePath(path, url), depth + 1) ?? all;
    },
  );
  css = inlineFontFaces(css, src, path);
  return css.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/gi, (all, _q, url) => {
    const uri = dataUri(src, path, url.trim(), IMAGE);
    return uri ? `url("${uri}")` : all;
  });
}

/**
 * A page of the repository made self-contained: linked sheets that are in the repository inlined as `<style>`
 * (where the link was), `extraSheets` (what the tool is given besides the page) added at the end of <head>, its
 * own `<style>` fonts and pictures and its `<img src>` inlined. `page` is the page's text when the caller edited
 * it first (else it is read at `src`). Returns the page and what was done.
 */
export function selfContained(src, { extraSheets = [], page } = {}) {
  const changes = [];
  const inlined = [];
  let html = page ?? readSrc(src, src.path).toString('utf8');
  html = html.replace(/<style\b([^>]*)>([\s\S]*?)<\/style>/gi, (_all, attrs, css) => {
    const own = inlineFontFaces(css, src, src.path).replace(
      /url\(\s*(['"]?)([^'")]+)\1\s*\)/gi,
      (u, _q, url) => {
        const uri = dataUri(src, src.path, url.trim(), IMAGE);
        return uri ? `url("${uri}")` : u;
      },
    );
    return `<style${attrs}>${own}</style>`;
  });
  html = html.replace(/<link\b[^>]*>/gi, (tag) => {
    if (!/rel\s*=\s*["']?stylesheet/i.test(tag))
      return /rel\s*=\s*["']?(?:shortcut )?icon/i.test(tag) ? '' : tag;
    const href = /href\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1] ?? '';
    if (!href || isRemote(href)) return tag;
    const path = resolvePath(src.path, href);
    const css = sheet(src, path);
    if (css === undefined) return tag;
    inlined.push(path);
    // A sheet linked for a medium other than the screen keeps its medium (a print sheet stays print-only).
    const media = /\smedia\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    const attrs = media && !/^\s*(?:all|screen)\s*$/i.test(media) ? ` media="${media}"` : '';
    return `<style${attrs}>\n${css}\n</style>`;
  });
  const extra = extraSheets.map((path) => {
    inlined.push(`${path} (given to the tool with the page)`);
    return `<style>\n${sheet(src, path)}\n</style>\n`;
  });
  if (extra.length)
    html = /<\/head>/i.test(html)
      ? html.replace(/<\/head>/i, () => `${extra.join('')}</head>`)
      : html.replace(/<html\b[^>]*>/i, (tag) => `${tag}\n<head>\n${extra.join('')}</head>`);
  let pictures = 0;
  html = html.replace(/(<img\b[^>]*\ssrc\s*=\s*)(["'])([^"']*)\2/gi, (all, before, q, url) => {
    const uri = dataUri(src, src.path, url.trim(), IMAGE);
    if (!uri) return all;
    pictures++;
    return `${before}${q}${uri}${q}`;
  });
  // `srcset` candidates of <img> and <picture>'s <source> (an image pipeline's WebP and AVIF files), each inlined
  // where the tree has it: a browser shows the first source it can decode, not the <img>'s src.
  let sets = 0;
  html = html.replace(/(<(?:img|source)\b[^>]*\ssrcset\s*=\s*)(["'])([^"']*)\2/gi, (all, before, q, set) => {
    const inlined = set.replace(/(^|,)(\s*)([^\s,]+)/g, (whole, comma, space, url) => {
      const uri = dataUri(src, src.path, url, SRCSET_IMAGE);
      return uri ? `${comma}${space}${uri}` : whole;
    });
    if (inlined === set) return all;
    sets++;
    return `${before}${q}${inlined}${q}`;
  });
  if (inlined.length)
    changes.push(`style sheets inlined as <style> (their @imports too): ${inlined.join(', ')}`);
  changes.push(
    "fonts of the sheets' @font-face rules that are in the repository inlined as data: URIs (the first woff2/woff/ttf/otf of each src; eot and svg fonts dropped)",
  );
  if (pictures) changes.push(`${pictures} <img> picture(s) of the repository inlined as data: URIs`);
  if (sets)
    changes.push(`${sets} srcset(s) of <img> and <source> with their pictures of the repository inlined`);
  return { html, changes };
}

const DOCUMENT = 'document';

/** The documents of this pass, as import.mjs's `add` takes them (each with its own builder). */
export function paperDocuments() {
  const docs = [];
  const add = (d) => {
    const src = { repo: d.repo, commit: d.commit, path: d.path };
    const buildChanges = [];
    docs.push({
      width: 800,
      ...d,
      commit: fullCommit(d.repo, d.commit),
      mirrored: true,
      buildChanges,
      build: () => {
        const { html, changes } = selfContained(src, d.options);
        buildChanges.push(...changes);
        return html;
      },
    });
  };
  const TUFTE = '957e9c6';
  add({
    name: 'tufte-css-handout',
    repo: 'edwardtufte/tufte-css',
    path: 'index.html',
    commit: TUFTE,
    licence: 'MIT',
    group: DOCUMENT,
    kind: 'report / handout (Tufte CSS: sidenotes, margin figures, epigraphs)',
    width: 1024,
  });
  const LATEX = '1fbe1d7';
  for (const [name, path, kind] of [
    ['latex-css-article', 'index.html', 'article / paper (LaTeX.css: abstract, theorems, footnotes, tables)'],
    ['latex-css-elements', 'elements.html', 'article / paper (LaTeX.css: its elements page)'],
    ['latex-css-languages', 'languages.html', 'article / paper (LaTeX.css: its languages page)'],
  ])
    add({
      name,
      repo: 'vincentdoerig/latex-css',
      path,
      commit: LATEX,
      licence: 'MIT',
      group: DOCUMENT,
      kind,
    });
  const HTML_PDF = '7e8c02a';
  for (const [name, path, kind] of [
    [
      'html-pdf-businesscard',
      'examples/businesscard/businesscard.html',
      'business card (html-pdf example, two 50×90 mm sides)',
    ],
    ['html-pdf-example', 'test/example.html', 'PDF page with header and footer (html-pdf test page)'],
    ['html-pdf-multiple-pages', 'test/multiple-pages.html', 'multi-page text and table (html-pdf test page)'],
  ])
    add({
      name,
      repo: 'marcbachmann/node-html-pdf',
      path,
      commit: HTML_PDF,
      licence: 'MIT',
      group: DOCUMENT,
      kind,
    });
  const WEASYPRINT = '6dc675b05a5cba59576dfaa8881ea6ccdccb13cc';
  for (const [name, path, css, kind] of [
    ['weasyprint-poster', 'poster/poster.html', 'poster/poster.css', 'poster (WeasyPrint sample)'],
    ['weasyprint-book', 'book/book.html', 'book/book.css', 'book (WeasyPrint sample; its first 2000 px)'],
  ])
    add({
      name,
      repo: 'CourtBouillon/weasyprint-samples',
      path,
      commit: WEASYPRINT,
      licence: 'public domain',
      group: DOCUMENT,
      kind,
      width: 794,
      options: { extraSheets: [css] },
    });
  // AdminLTE 3's example pages (removed from the repository's tip by AdminLTE 4's rewrite).
  const ADMINLTE = '611e50e96';
  for (const [name, path, kind, width] of [
    [
      'adminlte-invoice',
      'pages/examples/invoice.html',
      'invoice page of an admin template (AdminLTE 3)',
      1280,
    ],
    ['adminlte-invoice-print', 'pages/examples/invoice-print.html', 'printable invoice (AdminLTE 3)', 800],
  ])
    add({
      name,
      repo: 'ColorlibHQ/AdminLTE',
      path,
      commit: ADMINLTE,
      licence: 'MIT',
      group: DOCUMENT,
      kind,
      width,
    });
  // Gentelella's invoice page before its Vite rewrite (its vendor sheets were in the repository then).
  add({
    name: 'gentelella-invoice',
    repo: 'ColorlibHQ/gentelella',
    path: 'production/invoice.html',
    commit: 'e52b5d3ce33db1bc33df2bbc6b844e2bd13b67cd',
    licence: 'MIT',
    group: DOCUMENT,
    kind: 'invoice page of an admin template (Gentelella, Bootstrap 4)',
    width: 1280,
  });
  return docs;
}

/** The licence files of the repositories of these documents, at their commits: [file name, bytes]. */
export function paperLicences(docs) {
  const out = new Map();
  for (const d of docs) {
    for (const file of ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'README.rst']) {
      if (d.repo === 'CourtBouillon/weasyprint-samples' && file !== 'README.rst') continue;
      const bytes = readAt(d.repo, d.commit, file);
      if (bytes) out.set(`${d.repo.replace('/', '+')}-${file}`, bytes);
    }
  }
  return out;
}

/**
 * The licence files a pass's `sources` name (`{ key: [repo, commit, files] }`), each read from its mirror at
 * `commitOf(key)` (default: the commit as pinned): [file name, bytes].
 */
export function sourceLicences(sources, commitOf = (key) => sources[key][1]) {
  const out = new Map();
  for (const [key, [repo, , files]] of Object.entries(sources))
    for (const file of files)
      out.set(
        `${repo.replace('/', '+')}-${file.replaceAll('/', '+')}`,
        execFileSync('git', [
          '-C',
          join(MIRRORS, repo.replace('/', '+'), 'repo'),
          'show',
          `${commitOf(key)}:${file}`,
        ]),
      );
  return out;
}

/** The full commit id of a pinned (possibly abbreviated) commit, for case.json. */
export function fullCommit(repo, commit) {
  return execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'rev-parse', commit])
    .toString()
    .trim();
}
