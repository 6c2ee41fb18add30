/**
 * Issue 41's sixth pass (docs5): more documents of the kinds the held-out part is made of — JSON Resume themes not
 * used before (theme names from the public index of `jsonresume-theme-*` repositories and well-known ones: every
 * one the npm registry here has that renders the sample résumé; the repository is the package's `repository`), Vivliostyle's Scholarly HTML sample article, and Tufte Pandoc CSS's two example pages
 * (Pandoc output styled by Tufte CSS). The mirrored pages are made self-contained by papers.mjs's `selfContained`
 * (their sheets, @imports, repository fonts and pictures inlined); the résumés as the fourth pass's are (import.mjs,
 * `fonts: true`: CDN sheets from npm with their fonts, Google Fonts as @fontsource faces, all inlined). import.mjs
 * does the rest as for every case (scripts removed, remote pictures → placeholders, the viewport height measured in
 * Chromium).
 *
 * The npm packages are installed in $WIDER_TOOLS (here /tmp/docs5-tools: `npm i @jsonresume/schema@1.3.1` and the
 * themes below at their versions, `@fontsource/{lato,merriweather,open-sans,montserrat,roboto,roboto-condensed}@5`,
 * `font-awesome@4.7.0 font-awesome-4.1.0@npm:font-awesome@4.1.0 font-awesome-4.5.0@npm:font-awesome@4.5.0
 * bootstrap-3.3.6@npm:bootstrap@3.3.6`); the repositories are read from their mirrors ($MIRRORS, as import.mjs).
 * Tried and not imported (never rendered in a browser): jsonresume-theme-professional (its package's entry is JSX
 * that Node cannot load), -latex and -kwan (a dependency missing from the published package); about twenty more
 * theme repositories of the index have no package in the registry here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fullCommit, selfContained } from './papers.mjs';

const TOOLS = process.env.WIDER_TOOLS ?? '/tmp/wider-tools';
const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const toolRequire = createRequire(join(TOOLS, 'package.json'));
const DOCUMENT = 'document';

/** JSON Resume themes of this pass: [theme, repository, version, licence]. */
const THEMES = [
  ['microdata', 'scottnath/jsonresume-theme-microdata', '0.2.0', 'MIT'],
  ['8-bit-sheep', '8-bit-sheep/jsonresume-theme-8-bit-sheep', '1.7.0', 'MIT'],
  ['folio', 'deadrat-in/jsonresume-theme-folio', '1.3.1', 'MIT'],
  ['colophon', 'dmnelson/jsonresume-theme-colophon', '0.2.0', 'MIT'],
  ['paper-plus-plus', 'lindell/jsonresume-theme-paper', '0.5.1', 'MIT'],
  ['sceptile', 'jugoncalves/jsonresume-theme-sceptile', '1.0.5', 'MIT'],
  ['spartan', 'francescoes/jsonresume-theme-spartan', '0.3.0', 'MIT'],
  ['cora', 'lechuckcaptain/jsonresume-theme-cora', '0.1.1', 'MIT'],
  ['dinesh', 'dineshdhamija/jsonresume-theme-dinesh', '0.0.7', 'MIT'],
  ['srt', 'nabilbendafi/jsonresume-theme-srt', '0.1.3', 'MIT'],
  ['boilerplate', 'erming/jsonresume-theme-boilerplate', '0.1.2', 'MIT'],
  ['simplyelegant', 'skoberlink/jsonresume-theme-simplyelegant', '1.7.2', 'MIT'],
  ['techlead', 'thomasdavis/jsonresume-theme-techlead', '1.0.1', 'ISC'],
  ['onepage-plus', 'vkcelik/jsonresume-theme-onepage-plus', '1.1.0', 'MIT'],
];

/** A JSON Resume theme's render() of @jsonresume/schema's sample résumé (as import.mjs's fourth pass). */
async function jsonResume(pkg) {
  const sample = JSON.parse(
    readFileSync(toolRequire.resolve('@jsonresume/schema/sample.resume.json'), 'utf8'),
  );
  const dir = join(TOOLS, 'node_modules', pkg);
  const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const theme =
    meta.type === 'module'
      ? await import(pathToFileURL(join(dir, meta.module ?? meta.main)).href)
      : toolRequire(pkg);
  return (theme.render ?? theme.default.render)(sample);
}

/** A page of a mirrored repository made self-contained by papers.mjs, its changes recorded. */
function mirrored(d) {
  const commit = fullCommit(d.repo, d.commit);
  const buildChanges = [];
  return {
    width: 800,
    ...d,
    commit,
    group: DOCUMENT,
    buildChanges,
    build: () => {
      const { html, changes } = selfContained({ repo: d.repo, commit, path: d.path });
      buildChanges.push(...changes);
      return html;
    },
  };
}

const SCHOLARLY = '41372a6dc74bb8511b4435b453d2455c3b2d1861';
const TUFTE_PANDOC = '8442e55459730ab82a3ee8a5625412374dd2ff24';

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs5Documents() {
  const docs = [
    mirrored({
      name: 'vivliostyle-scholarly',
      repo: 'vivliostyle/vivliostyle_doc',
      path: 'samples/scholarly/index.html',
      commit: SCHOLARLY,
      licence: 'Apache-2.0',
      kind: 'scholarly article (Vivliostyle sample: Scholarly HTML)',
      note: 'samples/scholarly/LICENSE is Apache-2.0 (the repository has no licence of its own); Prism (a script and its node_modules sheet, not in the repository) left out',
    }),
    mirrored({
      name: 'tufte-pandoc-css-index',
      repo: 'jez/tufte-pandoc-css',
      path: 'docs/index.html',
      commit: TUFTE_PANDOC,
      licence: 'MIT',
      width: 1024,
      kind: 'article (Tufte Pandoc CSS: Pandoc output, sidenotes, code)',
      note: "the README's License section: MIT (the repository has no licence file)",
    }),
    mirrored({
      name: 'tufte-pandoc-css-tufte-md',
      repo: 'jez/tufte-pandoc-css',
      path: 'docs/tufte-md/index.html',
      commit: TUFTE_PANDOC,
      licence: 'MIT',
      width: 1024,
      kind: 'handout (Tufte Pandoc CSS: Tufte CSS sample in Markdown, margin figures)',
      note: "the README's License section: MIT (the repository has no licence file)",
    }),
  ];
  for (const [theme, repo, version, licence] of THEMES) {
    const pkg = `jsonresume-theme-${theme}`;
    docs.push({
      name: `resume-${theme}`,
      repo,
      npm: `${pkg}@${version}`,
      placeholders: true,
      fonts: true,
      path: `npm ${pkg}@${version}`,
      commit: `npm:${pkg}@${version}`,
      licence,
      group: DOCUMENT,
      kind: 'résumé (JSON Resume theme)',
      width: 800,
      build: () => jsonResume(pkg),
      note: `${pkg}@${version}'s render() of @jsonresume/schema 1.3.1's sample.resume.json`,
    });
  }
  return docs;
}

/** Licence texts of this pass's sources and of the npm packages whose files are in its documents. */
export function docs5Licences() {
  const out = new Map();
  const readAt = (repo, commit, path) =>
    execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${path}`]);
  out.set(
    'vivliostyle+vivliostyle_doc-samples+scholarly+LICENSE',
    readAt('vivliostyle/vivliostyle_doc', SCHOLARLY, 'samples/scholarly/LICENSE'),
  );
  out.set('jez+tufte-pandoc-css-README.md', readAt('jez/tufte-pandoc-css', TUFTE_PANDOC, 'README.md'));
  const packages = [
    ...THEMES.map(([t]) => `jsonresume-theme-${t}`),
    'font-awesome-4.5.0',
    'bootstrap-3.3.6',
    '@fontsource/merriweather',
    '@fontsource/montserrat',
    '@fontsource/roboto-condensed',
  ];
  for (const pkg of packages) {
    const dir = join(TOOLS, 'node_modules', pkg);
    if (!existsSync(dir)) continue;
    const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    out.set(
      `npm+${meta.name.replace('/', '+')}@${meta.version}-LICENSE`,
      file
        ? readFileSync(join(dir, file))
        : `${meta.name}@${meta.version}: package.json declares "license": "${meta.license}"; the package ships no licence file.\n`,
    );
  }
  return out;
}
