/**
 * Issue 41's sixth pass (printdocs): more documents from the print-document sources whose held-out documents had no
 * tuning sibling — paper.css's sheet examples (A4, A3, landscape and legal sheets, several sheets), Vivliostyle's
 * base theme example manuscripts and its slide theme, and node-html-pdf's page with an external (Bootstrap) sheet.
 * Each is made self-contained here (sheets inlined: the CDN ones from the same package version on npm, the
 * repository's own at the same commit); import.mjs does the rest as for every case (remote pictures →
 * placeholders, the viewport height measured in Chromium).
 *
 * The npm packages are installed in $PRINTDOCS_TOOLS (default /tmp/printdocs-tools: `npm i normalize.css@7.0.0
 * bootstrap@3.3.4 @vivliostyle/vfm@2.7.2 @vivliostyle/theme-base@3.0.0 @vivliostyle/theme-slide@3.0.0` plus
 * docs4.mjs's packages, which import.mjs loads too; run import.mjs with DOCS4_TOOLS and WIDER_TOOLS pointing there);
 * paper.css and node-html-pdf are read from their mirrors ($MIRRORS, as import.mjs).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { vivliostylePage } from './docs4.mjs';

const TOOLS = process.env.PRINTDOCS_TOOLS ?? '/tmp/printdocs-tools';
const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const toolRequire = createRequire(join(TOOLS, 'package.json'));
const DOCUMENT = 'document';

const PAPER_CSS = 'cognitom/paper-css';
const PAPER_CSS_COMMIT = 'c69fbe2d687c328345774fb81b5e81d40ea7ad47';
const HTML_PDF = 'marcbachmann/node-html-pdf';
const HTML_PDF_COMMIT = '7e8c02af936341c1ba23a6a1c422649363e7a7aa';

/** A file of a mirrored repository at a commit. */
function readAt(repo, commit, path) {
  return execFileSync(
    'git',
    ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${path}`],
    { maxBuffer: 64 << 20 },
  );
}

const pkgDir = (name) => dirname(toolRequire.resolve(`${name}/package.json`));
const pkgVersion = (name) => JSON.parse(readFileSync(join(pkgDir(name), 'package.json'), 'utf8')).version;
const npmFile = (name, file) => readFileSync(join(pkgDir(name), file), 'utf8');

/** A `<link rel=stylesheet>` whose href matches `pattern`, replaced by `<style>` with `css`; throws when absent. */
function inlineLink(html, pattern, css) {
  const re = new RegExp(`<link\\b[^>]*href="[^"]*${pattern}[^"]*"[^>]*>`, 'i');
  if (!re.test(html)) throw new Error(`no <link> matching ${pattern}`);
  return html.replace(re, () => `<style>\n${css}\n</style>`);
}

/** A paper.css example: cdnjs's normalize 7.0.0 (npm) and paper-css 0.4.1 (the repository's paper.css) inlined. */
export function paperCssExample(example) {
  const html = readAt(PAPER_CSS, PAPER_CSS_COMMIT, `examples/${example}.html`).toString('utf8');
  const withNormalize = inlineLink(html, 'normalize', npmFile('normalize.css', 'normalize.css'));
  return inlineLink(
    withNormalize,
    'paper-css',
    readAt(PAPER_CSS, PAPER_CSS_COMMIT, 'paper.css').toString('utf8'),
  );
}

/** node-html-pdf's test page with an external sheet: getbootstrap.com's dist CSS of its day (3.3.4, npm) inlined. */
function htmlPdfExternalCss() {
  const html = readAt(HTML_PDF, HTML_PDF_COMMIT, 'test/external-css.html').toString('utf8');
  return inlineLink(html, 'bootstrap\\.min\\.css', npmFile('bootstrap', 'dist/css/bootstrap.min.css'));
}

/** A Vivliostyle example manuscript, its pictures from the package inlined as data: URIs. */
async function vivliostyleExample(theme, entry, options) {
  const html = await vivliostylePage(theme, entry, options);
  return html.replace(/src="\.\/assets\/([\w.-]+\.svg)"/g, (_, file) => {
    const svg = readFileSync(join(pkgDir(theme), dirname(entry), 'assets', file));
    return `src="data:image/svg+xml;base64,${svg.toString('base64')}"`;
  });
}

/** The documents of this pass, as import.mjs's `add` takes them. */
export function printdocsDocuments() {
  const docs = [];
  for (const [example, kind] of [
    ['a4', 'A4 sheet (paper.css)'],
    ['a4-landscape', 'A4 landscape sheet (paper.css)'],
    ['a3', 'A3 sheet (paper.css)'],
    ['legal-landscape', 'legal-size landscape sheet (paper.css)'],
    ['multiple-sheets', 'several sheets (paper.css)'],
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
  docs.push({
    name: 'html-pdf-external-css',
    repo: HTML_PDF,
    path: 'test/external-css.html',
    commit: HTML_PDF_COMMIT,
    licence: 'MIT',
    group: DOCUMENT,
    kind: 'page with an external sheet (html-pdf test, Bootstrap 3)',
    width: 800,
    build: htmlPdfExternalCss,
    note: `getbootstrap.com's dist/css/bootstrap.min.css (the page's 2015 commit: Bootstrap 3.3.4) inlined from bootstrap@${pkgVersion('bootstrap')} (npm)`,
  });
  const vivlio = (theme, entry, options, d) =>
    docs.push({
      width: 800,
      ...d,
      repo: 'vivliostyle/themes',
      npm: `${theme}@${pkgVersion(theme)}`,
      path: `npm ${theme}@${pkgVersion(theme)}`,
      commit: `npm:${theme}@${pkgVersion(theme)}`,
      placeholders: true,
      licence: 'CC0-1.0',
      group: DOCUMENT,
      build: () => vivliostyleExample(theme, entry, options),
      note: `${entry} of the package made HTML by @vivliostyle/vfm@${pkgVersion('@vivliostyle/vfm')} stringify() (as the Vivliostyle CLI does), with ${options.sheet ?? 'theme.css'} (the package's vivliostyle.config.js theme) and its @imports (@vivliostyle/theme-base@${pkgVersion('@vivliostyle/theme-base')}) inlined as <style>, its SVG pictures inlined as data: URIs; shown on screen (the @page rules apply only in print)`,
    });
  // The title of each manuscript is its first-level heading (the CLI's default when the config names none).
  const firstHeading = (theme, entry) =>
    /^# (.+)$/m.exec(readFileSync(join(pkgDir(theme), entry), 'utf8'))[1].trim();
  for (const [entry, name] of [
    ['example/01_typography.md', 'vivliostyle-base-typography'],
    ['example/02_figures-and-tables.md', 'vivliostyle-base-figures-and-tables'],
    ['example/03_code-and-math.md', 'vivliostyle-base-code-and-math'],
  ])
    vivlio(
      '@vivliostyle/theme-base',
      entry,
      {
        title: firstHeading('@vivliostyle/theme-base', entry),
        language: 'en',
        sheet: 'example/example.css',
      },
      { name, kind: 'manuscript sample (Vivliostyle base theme)' },
    );
  vivlio(
    '@vivliostyle/theme-slide',
    'example/slide.md',
    { title: 'Slideshow', language: 'ja' },
    { name: 'vivliostyle-slide', kind: 'slides (Vivliostyle slide theme)' },
  );
  return docs;
}

/** Licence texts of the npm packages of this pass that no earlier pass wrote: [file name, bytes]. */
export function printdocsLicences() {
  const out = new Map();
  for (const name of ['@vivliostyle/theme-slide', '@vivliostyle/theme-base', 'normalize.css', 'bootstrap']) {
    const dir = pkgDir(name);
    out.set(
      `npm+${name.replace('/', '+')}@${pkgVersion(name)}-LICENSE`,
      readFileSync(join(dir, name === 'normalize.css' ? 'LICENSE.md' : 'LICENSE')),
    );
  }
  return out;
}
