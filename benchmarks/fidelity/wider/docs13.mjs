/**
 * Issue 41's session-17 pass (docs26): print documents and articles from thirteen public repositories the corpus had
 * not used — a pandoc article theme's own built pages (jez's pandoc-markdown-css-theme: its home, kitchen sink,
 * paper and Tufte-layout pages), the W3C technical-report sheets' mockups (Editor's Draft, Working Draft,
 * Recommendation, Note), Standard Ebooks' book chapters and front matter (CC0 epub XHTML with their core and local
 * sheets, a poem and a diary among them), xml2rfc's HTML outputs of RFCs and Internet-Drafts (its test suite's expected
 * files), a print sheet shown as printed (Gutenberg's modern and old-style demos), a pandoc HTML template's
 * preview (pandoc-goodies' GitHub template), markdown.css's demo, typebase.css's specimen sheet and two blog themes'
 * post pages (Start Bootstrap's Clean Blog and Blog Post). Each source's page was chosen before any rendering; none
 * was dropped after rendering.
 *
 * Made self-contained by papers.mjs's `selfContained` (linked sheets of the repository inlined, their fonts and
 * pictures as data: URIs); import.mjs does the rest as for every case (scripts and web fonts removed, remote
 * pictures → placeholders of the same size, the viewport height measured in Chromium). Where a page links a file
 * by a URL that the repository holds, the edit is recorded in the case's changes: the W3C mockups link the
 * published https://www.w3.org/StyleSheets/TR/2021/ sheets and logo, whose sources are the repository's src/;
 * Gutenberg's demos link the published gutenberg-css package (unpkg), whose files are the repository's dist/, and
 * link them with media="print": shown here as printed (the attribute dropped), which is what the demo is for.
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs; each pinned at the commit below); run
 * `WIDER_PASS=docs13 node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fullCommit, selfContained } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const DOCUMENT = 'document';
/** A4 at 96 dpi, US letter at 96 dpi, a laptop screen. */
const A4 = 794;
const LETTER = 816;
const SCREEN = 1280;

/** Each source: repository, pinned commit, licence file, licence name. */
const SOURCES = {
  pandocTheme: [
    'jez/pandoc-markdown-css-theme',
    '9238d4149493f73fed56a8bf4d4c85ac9c993bfa',
    'LICENSE.md',
    'BlueOak-1.0.0',
  ],
  trDesign: ['w3c/tr-design', 'bf858b4815d590ad48d1fab76bae705a25d1f64b', 'LICENSE', 'W3C Software License'],
  sherlock: [
    'standardebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes',
    '23b2b6e0aa1350aaccaac91e1d0fe3bb6ed4c81f',
    'LICENSE.md',
    'CC0-1.0',
  ],
  devils: [
    'standardebooks/ambrose-bierce_the-devils-dictionary',
    'b4b0e1db590cb06649b095adebce2c2b92115b1a',
    'LICENSE.md',
    'CC0-1.0',
  ],
  gutenberg: ['BafS/Gutenberg', 'cec4afe4bcdd9ee4789557a44d14fef0a8d890cb', 'LICENSE', 'MIT'],
  pandocGoodies: [
    'tajmone/pandoc-goodies',
    'c7963da8590c2815d733ddf194d82d950ba94648',
    'templates/html5/github/LICENSE',
    'MIT',
  ],
  markdownCss: ['mrcoles/markdown-css', '90661e405409d0588c9a3e67829652a62608b7be', 'license.txt', 'MIT'],
  typebase: ['devinhunt/typebase.css', 'e5d2e94aa02637daf888be48898ab18b80a3e2e9', 'LICENSE.md', 'MIT'],
  cleanBlog: [
    'StartBootstrap/startbootstrap-clean-blog',
    '1ebc4f8f3b6194335df237a2a7837955a5a4a9aa',
    'LICENSE',
    'MIT',
  ],
  xml2rfc: ['ietf-tools/xml2rfc', '55ccf550452b62aa28f59ae289aa99fd09430d89', 'LICENSE', 'BSD-3-Clause'],
  leaves: [
    'standardebooks/walt-whitman_leaves-of-grass',
    '90dcc864bfee88a8533d6994e3d2f01c8e986101',
    'LICENSE.md',
    'CC0-1.0',
  ],
  pepys: [
    'standardebooks/samuel-pepys_the-diary',
    'a3031890b10ba1332659e4462fd5db5c99e60616',
    'LICENSE.md',
    'CC0-1.0',
  ],
  blogPost: [
    'StartBootstrap/startbootstrap-blog-post',
    '85c4c8d10116d67b8c8af8c11970bb0cafd93be4',
    'LICENSE',
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

/** The W3C mockups link the published TR 2021 sheets and logos: the repository's src/ holds their sources. */
function trPublished(html, changes) {
  changes.push(
    "the page's https://www.w3.org/StyleSheets/TR/2021/ sheet and logo (the published copies) read as the repository's src/ files they are built from",
  );
  return html.replace(/https:\/\/www\.w3\.org\/StyleSheets\/TR\/2021\//g, '../src/');
}

/** Gutenberg's demos link the published package's sheets for print only: its dist/ files, shown as printed. */
function gutenbergPrinted(html, changes) {
  changes.push(
    'the page\'s //unpkg.com/gutenberg-css sheets (the published package\'s dist/ files) read as the repository\'s dist/gutenberg.css and dist/themes/<theme>.min.css, and their media="print" dropped so the page shows as printed (the demo\'s purpose: "print or use the print preview")',
  );
  return html
    .replace(/href="\/\/unpkg\.com\/gutenberg-css"\s+media="print"/g, 'href="../dist/gutenberg.css"')
    .replace(
      /href="\/\/unpkg\.com\/gutenberg-css\/dist\/(themes\/[\w.-]+\.css)"\s+media="print"/g,
      'href="../dist/$1"',
    );
}

/**
 * xml2rfc's expected outputs link the tool's default sheet by name (`xml2rfc.css`, which the tool copies beside
 * the output: the repository's xml2rfc/data/xml2rfc.css) and an optional `rfc-local.css` that the tests do not have.
 */
function rfcSheet(html, changes) {
  changes.push(
    "the page's xml2rfc.css (the tool's default sheet, copied beside its output) read as the repository's xml2rfc/data/xml2rfc.css; the optional rfc-local.css link (no such file) removed",
  );
  return html
    .replace(/href="xml2rfc\.css"/g, 'href="../../xml2rfc/data/xml2rfc.css"')
    .replace(/<link\b[^>]*href="rfc-local\.css"[^>]*>/g, '');
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs13Documents() {
  return [
    mirrored('pandocTheme', {
      name: 'pandoc-css-theme-home',
      path: 'docs/index.html',
      width: SCREEN,
      kind: "article (pandoc-markdown-css-theme's home page: a pandoc HTML template's built output, side table of contents)",
    }),
    mirrored('pandocTheme', {
      name: 'pandoc-css-theme-kitchen-sink',
      path: 'docs/kitchen-sink/index.html',
      kind: "article (pandoc-markdown-css-theme's kitchen sink: every pandoc element in its theme)",
    }),
    mirrored('pandocTheme', {
      name: 'pandoc-css-theme-paper',
      path: 'docs/paper/index.html',
      width: A4,
      kind: "paper (pandoc-markdown-css-theme's paper variant: serif article with figures and margin notes)",
    }),
    mirrored('pandocTheme', {
      name: 'pandoc-css-theme-tufte',
      path: 'docs/tufte/index.html',
      width: SCREEN,
      kind: "article (pandoc-markdown-css-theme's Tufte layout: sidenotes, margin figures)",
    }),
    mirrored(
      'trDesign',
      {
        name: 'w3c-tr-editors-draft',
        path: 'p2021mockup/ed.html',
        width: SCREEN,
        kind: "specification (W3C technical-report style 2021: an Editor's Draft with its fixed table of contents)",
      },
      { edit: trPublished },
    ),
    mirrored(
      'trDesign',
      {
        name: 'w3c-tr-working-draft',
        path: 'p2021mockup/wd-6.3.6.html',
        width: A4,
        kind: 'specification (W3C technical-report style 2021: a Working Draft)',
      },
      { edit: trPublished },
    ),
    mirrored(
      'trDesign',
      {
        name: 'w3c-tr-recommendation',
        path: 'p2021mockup/rec-6.3.10.html',
        kind: 'specification (W3C technical-report style 2021: a Recommendation)',
      },
      { edit: trPublished },
    ),
    mirrored(
      'trDesign',
      {
        name: 'w3c-tr-group-note',
        path: 'p2021mockup/note-6.4.2.html',
        width: 1024,
        kind: 'specification (W3C technical-report style 2021: a Group Note)',
      },
      { edit: trPublished },
    ),
    mirrored('sherlock', {
      name: 'standard-ebooks-sherlock-chapter',
      path: 'src/epub/text/a-scandal-in-bohemia.xhtml',
      width: A4,
      kind: 'book chapter (Standard Ebooks: The Adventures of Sherlock Holmes, "A Scandal in Bohemia", epub XHTML)',
    }),
    mirrored('sherlock', {
      name: 'standard-ebooks-sherlock-imprint',
      path: 'src/epub/text/imprint.xhtml',
      width: A4,
      kind: "book front matter (Standard Ebooks: The Adventures of Sherlock Holmes's imprint page)",
    }),
    mirrored('devils', {
      name: 'standard-ebooks-devils-dictionary-a',
      path: 'src/epub/text/a.xhtml',
      width: LETTER,
      kind: "book chapter (Standard Ebooks: The Devil's Dictionary, letter A: dictionary entries, verse)",
    }),
    mirrored('devils', {
      name: 'standard-ebooks-devils-dictionary-preface',
      path: 'src/epub/text/preface.xhtml',
      width: LETTER,
      kind: "book front matter (Standard Ebooks: The Devil's Dictionary's preface)",
    }),
    mirrored(
      'gutenberg',
      {
        name: 'gutenberg-print-modern',
        path: 'docs/modern.html',
        width: A4,
        kind: "print document (Gutenberg print sheet's demo, modern theme, as printed)",
      },
      { edit: gutenbergPrinted },
    ),
    mirrored(
      'gutenberg',
      {
        name: 'gutenberg-print-oldstyle',
        path: 'docs/oldstyle.html',
        width: LETTER,
        kind: "print document (Gutenberg print sheet's demo, old-style theme, as printed)",
      },
      { edit: gutenbergPrinted },
    ),
    mirrored(
      'xml2rfc',
      {
        name: 'xml2rfc-rfc7911',
        path: 'tests/valid/rfc7911.v3.html',
        width: A4,
        kind: "RFC (xml2rfc's HTML output of RFC 7911: header table, table of contents, numbered sections)",
      },
      { edit: rfcSheet },
    ),
    mirrored(
      'xml2rfc',
      {
        name: 'xml2rfc-v3-features',
        path: 'tests/valid/draft-v3-features.v3.html',
        width: LETTER,
        kind: "Internet-Draft (xml2rfc's HTML output of its v3 features test: lists, tables, figures, references)",
      },
      { edit: rfcSheet },
    ),
    mirrored(
      'xml2rfc',
      {
        name: 'xml2rfc-elements',
        path: 'tests/valid/elements.v3.html',
        kind: "Internet-Draft (xml2rfc's HTML output of its elements test)",
      },
      { edit: rfcSheet },
    ),
    mirrored('xml2rfc', {
      name: 'xml2rfc-rfc7911-v2',
      path: 'tests/valid/rfc7911.html',
      width: 1024,
      kind: "RFC (xml2rfc's v2 HTML output of RFC 7911, its own inline sheet)",
    }),
    mirrored('leaves', {
      name: 'standard-ebooks-leaves-of-grass-poem',
      path: 'src/epub/text/a-song-of-joys.xhtml',
      width: A4,
      kind: 'book chapter (Standard Ebooks: Leaves of Grass, "A Song of Joys": verse with hanging indents)',
    }),
    mirrored('pepys', {
      name: 'standard-ebooks-pepys-diary-chapter',
      path: 'src/epub/text/chapter-1.xhtml',
      width: LETTER,
      kind: 'book chapter (Standard Ebooks: The Diary of Samuel Pepys, its first month: dated entries)',
    }),
    mirrored('pandocGoodies', {
      name: 'pandoc-goodies-github-template',
      path: 'templates/html5/github/GitHub-Template-Preview.html',
      width: 1012,
      kind: "article (pandoc-goodies' GitHub HTML5 template: its preview, a pandoc output)",
    }),
    mirrored('markdownCss', {
      name: 'markdown-css-demo',
      path: 'index.html',
      kind: "article (markdown.css's demo: HTML styled to look like plain-text markdown)",
    }),
    mirrored('typebase', {
      name: 'typebase-specimen',
      path: 'specimen.html',
      width: SCREEN,
      kind: "typography specimen sheet (typebase.css's specimen: two floated columns on a baseline grid)",
    }),
    mirrored('cleanBlog', {
      name: 'clean-blog-post',
      path: 'dist/post.html',
      width: SCREEN,
      kind: "blog post (Start Bootstrap Clean Blog's post page, Bootstrap 5)",
    }),
    mirrored('blogPost', {
      name: 'bootstrap-blog-post',
      path: 'dist/index.html',
      width: 1024,
      kind: 'blog post (Start Bootstrap Blog Post: article with comments and a sidebar, Bootstrap 5)',
    }),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs13Licences() {
  const out = new Map();
  for (const [repo, commit, file] of Object.values(SOURCES))
    out.set(
      `${repo.replace('/', '+')}-${file.replaceAll('/', '+')}`,
      execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${file}`]),
    );
  return out;
}
