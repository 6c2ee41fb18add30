/**
 * Issue 41's eighth pass (docs6): more documents from the document sources already in the corpus, to widen the
 * tuning evidence — paper.css's remaining sheet examples (A3 and A5 landscape, A5, legal, letter landscape),
 * WeasyPrint's two remaining sample outputs (the book with its classical sheet, the poster with its flyer sheet:
 * `printall.sh` gives those sheets to WeasyPrint with `-s`), the Vivliostyle gutenberg theme's two other books
 * (Sherlock Holmes and White Fang, first chapter each), Vivliostyle's CC0 slide deck on CSS Paged Media
 * (vivliostyle_doc), and ReceiptLine's guest check in English and Japanese. Every example of those sources that was
 * not in the corpus and is a document was taken; none was chosen or dropped after rendering.
 *
 * Built with the helpers of the earlier passes (printdocs.mjs's paper.css example, papers.mjs's `selfContained`,
 * docs4.mjs's Vivliostyle page and ReceiptLine page); import.mjs does the rest as for every case (scripts removed,
 * remote pictures → placeholders, the viewport height measured in Chromium).
 *
 * The npm packages are installed in one tool directory (here /tmp/docs6-tools: printdocs.mjs's packages plus
 * `@fontsource/libre-baskerville@5 @fontsource/quattrocento@5`, the faces sherlock.css loads from Google Fonts);
 * run `WIDER_PASS=docs6 DOCS4_TOOLS=/tmp/docs6-tools PRINTDOCS_TOOLS=/tmp/docs6-tools node
 * benchmarks/fidelity/wider/import.mjs`. paper.css, WeasyPrint's samples and vivliostyle_doc are read from their
 * mirrors ($MIRRORS, as import.mjs).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { receiptPage, vivliostylePage } from './docs4.mjs';
import { fullCommit, selfContained } from './papers.mjs';
import { paperCssExample } from './printdocs.mjs';

const TOOLS = process.env.DOCS4_TOOLS ?? '/tmp/docs4-tools';
const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const toolRequire = createRequire(join(TOOLS, 'package.json'));
const DOCUMENT = 'document';

const pkgDir = (name) => dirname(toolRequire.resolve(`${name}/package.json`));
const pkgVersion = (name) => JSON.parse(readFileSync(join(pkgDir(name), 'package.json'), 'utf8')).version;

const PAPER_CSS = 'cognitom/paper-css';
const PAPER_CSS_COMMIT = 'c69fbe2d687c328345774fb81b5e81d40ea7ad47';
const WEASYPRINT = 'CourtBouillon/weasyprint-samples';
const WEASYPRINT_COMMIT = '6dc675b05a5cba59576dfaa8881ea6ccdccb13cc';
const VIVLIOSTYLE_DOC = 'vivliostyle/vivliostyle_doc';
const VIVLIOSTYLE_DOC_COMMIT = '4405702c04924f1ae3e3cdbbc9fb66a803e4ceaf';
const PAGED_MEDIA_SLIDES = 'en/events/vivliostyle-css-paged-media-20210410';

/** A page of a mirrored repository made self-contained by papers.mjs, its changes recorded. */
function mirrored(d, options) {
  const commit = fullCommit(d.repo, d.commit);
  const buildChanges = [];
  return {
    width: 800,
    ...d,
    commit,
    group: DOCUMENT,
    buildChanges,
    build: () => {
      const { html, changes } = selfContained({ repo: d.repo, commit, path: d.path }, options);
      buildChanges.push(...changes);
      return html;
    },
  };
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs6Documents() {
  const docs = [];
  for (const [example, kind] of [
    ['a3-landscape', 'A3 landscape sheet (paper.css)'],
    ['a5', 'A5 sheet (paper.css)'],
    ['a5-landscape', 'A5 landscape sheet (paper.css)'],
    ['legal', 'legal-size sheet (paper.css)'],
    ['letter-landscape', 'letter-size landscape sheet (paper.css)'],
  ])
    docs.push({
      name: `paper-css-${example}`,
      repo: PAPER_CSS,
      path: `examples/${example}.html`,
      commit: PAPER_CSS_COMMIT,
      licence: 'MIT',
      group: DOCUMENT,
      kind,
      width: 860,
      build: () => paperCssExample(example),
      note: "the example's cdnjs sheets inlined: normalize.css 7.0.0 (npm) and paper-css 0.4.1 as the repository's paper.css (same commit)",
    });
  for (const [name, path, sheet, kind] of [
    [
      'weasyprint-book-classical',
      'book/book.html',
      'book/book-classical.css',
      'book, classical style (WeasyPrint sample; its first 2000 px)',
    ],
    [
      'weasyprint-flyer',
      'poster/poster.html',
      'poster/flyer.css',
      'flyer (WeasyPrint sample: the poster with its flyer sheet)',
    ],
  ])
    docs.push(
      mirrored(
        {
          name,
          repo: WEASYPRINT,
          path,
          commit: WEASYPRINT_COMMIT,
          licence: 'public domain',
          kind,
          width: 794,
          note: `${sheet} given to the page as printall.sh gives it to WeasyPrint (-s), added at the end of <head>`,
        },
        { extraSheets: [sheet] },
      ),
    );
  const gutenberg = '@vivliostyle/theme-gutenberg';
  for (const [book, title, kind] of [
    ['sherlock', 'A Scandal in Bohemia', 'book chapter (Vivliostyle gutenberg theme, Sherlock Holmes)'],
    ['fang', 'Part I', 'book chapter (Vivliostyle gutenberg theme, White Fang)'],
  ])
    docs.push({
      name: `vivliostyle-gutenberg-${book}`,
      repo: 'vivliostyle/themes',
      npm: `${gutenberg}@${pkgVersion(gutenberg)}`,
      path: `npm ${gutenberg}@${pkgVersion(gutenberg)}`,
      commit: `npm:${gutenberg}@${pkgVersion(gutenberg)}`,
      placeholders: true,
      licence: 'CC0-1.0',
      group: DOCUMENT,
      kind,
      width: 800,
      build: () =>
        vivliostylePage(gutenberg, `example/${book}/ch01.md`, {
          title,
          language: 'en',
          sheet: `${book}.css`,
        }),
      note: `example/${book}/ch01.md of the package made HTML by @vivliostyle/vfm@${pkgVersion('@vivliostyle/vfm')} stringify() (as the Vivliostyle CLI does), with ${book}.css (config/${book}/vivliostyle.config.js's theme) and its @imports (@vivliostyle/theme-base@${pkgVersion('@vivliostyle/theme-base')}; a Google Fonts css2 @import as @font-face rules of the same faces from @fontsource, inlined) inlined as <style>; shown on screen (the @page rules apply only in print)`,
    });
  docs.push(
    mirrored({
      name: 'vivliostyle-css-paged-media-slides',
      repo: VIVLIOSTYLE_DOC,
      path: `${PAGED_MEDIA_SLIDES}/slide.html`,
      commit: VIVLIOSTYLE_DOC_COMMIT,
      licence: 'CC0-1.0',
      kind: 'slide deck (Vivliostyle talk on CSS Paged Media, its own slide theme)',
      note: `${PAGED_MEDIA_SLIDES}/LICENSE is CC0-1.0 (the repository has no licence of its own); shown on screen (the @page rules apply only in print)`,
    }),
  );
  const receipt = `receiptline@${pkgVersion('receiptline')}`;
  for (const [lang, script] of [
    ['en', 'en_print_svg.js'],
    ['ja', 'ja_print_svg.js'],
  ])
    docs.push({
      name: `receiptline-guest-${lang}`,
      repo: 'receiptline/receiptline',
      npm: receipt,
      path: `npm ${receipt}`,
      commit: `npm:${receipt}`,
      placeholders: true,
      licence: 'Apache-2.0',
      group: DOCUMENT,
      kind: `guest check of a restaurant${lang === 'ja' ? ', Japanese' : ''} (ReceiptLine SVG)`,
      width: 640,
      ...(lang === 'ja' ? { script: 'Japanese' } : {}),
      build: () => receiptPage(script, `${lang}/guest.receipt`),
      note: `example/receipt/${script}'s page and printer settings, with the receipt of example/data/${lang}/guest.receipt, transformed to SVG by receiptline.transform`,
    });
  return docs;
}

/** Licence texts of this pass's sources and npm packages that no earlier pass wrote: [file name, bytes]. */
export function docs6Licences() {
  const out = new Map();
  const readAt = (repo, commit, path) =>
    execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${path}`]);
  out.set(
    `vivliostyle+vivliostyle_doc-${PAGED_MEDIA_SLIDES.replaceAll('/', '+')}+LICENSE`,
    readAt(VIVLIOSTYLE_DOC, VIVLIOSTYLE_DOC_COMMIT, `${PAGED_MEDIA_SLIDES}/LICENSE`),
  );
  for (const name of ['@fontsource/libre-baskerville', '@fontsource/quattrocento']) {
    out.set(
      `npm+${name.replace('/', '+')}@${pkgVersion(name)}-LICENSE`,
      readFileSync(join(pkgDir(name), 'LICENSE')),
    );
  }
  return out;
}
