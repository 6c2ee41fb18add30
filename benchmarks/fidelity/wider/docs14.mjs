/**
 * Issue 41's session-18 pass (docs32): more résumés and print documents — the held-out part's weakest kinds — from
 * four public repositories the corpus had not used: DocRaptor's HTML-to-PDF templates (MIT: a book, a brochure, an
 * estimate, a form, an invoice, a packing slip, a proposal, a restaurant menu and a résumé, each written for a
 * print engine with @page margin boxes and running elements, shown here in a browser as the screen shows them; the
 * repository's templates/ are its build's output, the page with its A4 or US-letter sheet inlined), zichy's
 * cv.html (MIT: a one-page A4 CV in Computer Modern, the fonts OFL), Mark Szepieniec's pandoc_resume (MIT: the
 * markdown résumé built to HTML by its Makefile's `html` target, `pandoc --standalone --include-in-header
 * styles/chmduquesne.css --lua-filter=pdc-links-target-blank.lua --from markdown --to html`, pandoc 2.17.1.1 from
 * Debian, whose default HTML template and its sheet are BSD-3-Clause) and Paged.js' experiments (MIT: three print
 * demos, shown without the paged.js script as import.mjs removes every script). Each source's pages were chosen
 * before any rendering; none was dropped after rendering.
 *
 * Made self-contained by papers.mjs's `selfContained` (linked sheets of the repository inlined, their fonts and
 * pictures as data: URIs). The DocRaptor pages @import Montserrat and Crimson Pro from Google Fonts: kept as web
 * fonts (`fonts: true`), the same faces from @fontsource (import.mjs). import.mjs does the rest as for every case
 * (scripts removed, remote pictures → placeholders of the same size, the viewport height measured in Chromium).
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs; each pinned at the commit below); the
 * fonts from $WIDER_TOOLS (here /tmp/docs32-tools: `npm i @fontsource/montserrat@5 @fontsource/crimson-pro@5`);
 * pandoc from Debian (`apt-get install pandoc`). Run `WIDER_PASS=docs14 WIDER_TOOLS=/tmp/docs32-tools node
 * benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fullCommit, selfContained } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const TOOLS = process.env.WIDER_TOOLS ?? '/tmp/docs32-tools';
const DOCUMENT = 'document';
/** A4 at 96 dpi, US letter at 96 dpi. */
const A4 = 794;
const LETTER = 816;

/** Each source: repository, pinned commit, licence file, licence name. */
const SOURCES = {
  docraptor: [
    'DocRaptor/html-to-pdf-templates',
    '4537df82c2e7bc8ba3ae8a8340bfe0ece5f33bd9',
    'LICENSE',
    'MIT',
  ],
  zichy: ['zichy/cv.html', '5ef20b9d2cb705b028d57018708395f2cd50351b', 'LICENSE', 'MIT'],
  pandocResume: ['mszep/pandoc_resume', 'b5abc55e0cbe54b132069c9c487c81d6f10b8679', 'LICENSE', 'MIT'],
  pagedjs: ['pagedjs/pagedjs-experiments', '0504fe55edaa4bd21f71e6bd2c07b29bb00b81a7', 'LICENSE', 'MIT'],
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

/** pandoc_resume's Makefile `html` target on its markdown/resume.md (pandoc from Debian). */
function pandocBuilt(markdown, changes, src) {
  const dir = mkdtempSync(join(tmpdir(), 'docs14-pandoc-'));
  try {
    writeFileSync(join(dir, 'resume.md'), markdown);
    writeFileSync(join(dir, 'style.css'), readAt(src.repo, src.commit, 'styles/chmduquesne.css'));
    writeFileSync(join(dir, 'links.lua'), readAt(src.repo, src.commit, 'pdc-links-target-blank.lua'));
    const version = execFileSync('pandoc', ['--version']).toString().split('\n')[0];
    changes.push(
      `built as the repository's Makefile \`html\` target does: \`pandoc --standalone --include-in-header styles/chmduquesne.css --lua-filter=pdc-links-target-blank.lua --from markdown --to html --metadata pagetitle=resume\` (${version}, Debian; its default HTML template and sheet are BSD-3-Clause)`,
    );
    return execFileSync(
      'pandoc',
      [
        '--standalone',
        '--include-in-header',
        'style.css',
        '--lua-filter=links.lua',
        '--from',
        'markdown',
        '--to',
        'html',
        '--metadata',
        'pagetitle=resume',
        'resume.md',
      ],
      { cwd: dir },
    ).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** DocRaptor's templates: [case name, template, paper, kind]. */
const DOCRAPTOR = [
  [
    'docraptor-book',
    'book',
    'A4',
    'book (DocRaptor template: cover, table of contents with leaders, chapters with figures; @page margin boxes)',
  ],
  [
    'docraptor-brochure',
    'brochure',
    'USLetter',
    'brochure (DocRaptor template: a product brochure with photographs and feature columns)',
  ],
  [
    'docraptor-estimate',
    'estimate',
    'A4',
    'estimate (DocRaptor template: a cost estimate with line-item tables and totals)',
  ],
  [
    'docraptor-form',
    'form',
    'USLetter',
    'form (DocRaptor template: a printable application form with fields and check boxes)',
  ],
  [
    'docraptor-invoice',
    'invoice',
    'A4',
    'invoice (DocRaptor template: header, addresses, line items, totals)',
  ],
  [
    'docraptor-packing-slip',
    'packingslip',
    'USLetter',
    'packing slip (DocRaptor template: order items table, addresses, barcode-like header)',
  ],
  [
    'docraptor-proposal',
    'proposal',
    'A4',
    'proposal (DocRaptor template: a business proposal with cover, sections, pricing table)',
  ],
  [
    'docraptor-restaurant-menu',
    'restaurantmenu',
    'USLetter',
    'restaurant menu (DocRaptor template: two typefaces, dish lists with prices and pictures)',
  ],
  [
    'docraptor-resume-a4',
    'resume',
    'A4',
    'résumé (DocRaptor template, A4: a header band, a coloured sidebar as running elements, a photo)',
  ],
  [
    'docraptor-resume-letter',
    'resume',
    'USLetter',
    'résumé (DocRaptor template, US letter: a header band, a coloured sidebar as running elements, a photo)',
  ],
];

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs14Documents() {
  return [
    ...DOCRAPTOR.map(([name, template, paper, kind]) =>
      mirrored('docraptor', {
        name,
        path: `templates/${template}/${template}.${paper}.html`,
        width: paper === 'A4' ? A4 : LETTER,
        fonts: true,
        kind,
      }),
    ),
    mirrored('zichy', {
      name: 'zichy-cv',
      path: 'cv.html',
      width: A4,
      kind: 'CV (zichy/cv.html: a minimalist one-page A4 CV in Computer Modern, definition lists in columns)',
    }),
    mirrored(
      'pandocResume',
      {
        name: 'pandoc-resume-chmduquesne',
        path: 'markdown/resume.md',
        width: LETTER,
        kind: 'résumé (pandoc_resume: a markdown résumé built by pandoc with the chmduquesne sheet: definition lists, blockquote)',
      },
      { edit: pandocBuilt },
    ),
    mirrored('pagedjs', {
      name: 'pagedjs-fullpage-demo',
      path: '--paged-fullpage/demo.html',
      width: A4,
      kind: 'print demo (Paged.js experiments: full-page images and sections, print sheet, without the paged.js script)',
    }),
    mirrored('pagedjs', {
      name: 'pagedjs-fold-demo',
      path: 'pagedjs-fold/index.html',
      width: A4,
      kind: 'print demo (Paged.js experiments: a folded leaflet, print sheet, without the paged.js script)',
    }),
    mirrored('pagedjs', {
      name: 'pagedjs-baseline-demo',
      path: '--paged-push-to-baseline/demo.html',
      width: A4,
      kind: 'print demo (Paged.js experiments: text on a baseline grid, print sheet, without the paged.js script)',
    }),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs14Licences() {
  const out = new Map();
  for (const [repo, commit, file] of Object.values(SOURCES))
    out.set(
      `${repo.replace('/', '+')}-${file.replaceAll('/', '+')}`,
      execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${file}`]),
    );
  // The web fonts of the DocRaptor pages (OFL), from the @fontsource packages their faces were read from.
  for (const id of ['montserrat', 'crimson-pro']) {
    const dir = join(TOOLS, 'node_modules/@fontsource', id);
    if (!existsSync(dir)) continue;
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    out.set(`npm+@fontsource+${id}@${version}-LICENSE`, readFileSync(join(dir, 'LICENSE')));
  }
  return out;
}
