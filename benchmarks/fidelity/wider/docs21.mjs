/**
 * Issue 41's session-22 pass (docs48): technical articles as two more document tools write them out — the weakest
 * kind on documents Pictor has not seen — from two public repositories the corpus had not used: Docutils' own
 * documentation (reStructuredText articles: the markup demo, the quick start, the mathematics reference with its
 * formulas as HTML+CSS, the links, smart-quotes and roles references) written out by Docutils' HTML writers with
 * their own style sheets (`html5`: minimal.css + plain.css by default, responsive.css, tuftig.css; `html4`:
 * html4css1.css), and Asciidoctor's own documents (its README, the syntax quick reference, the Markdown-basics
 * benchmark sample, two pages of its docs) written out by Asciidoctor with its default style sheet (one also with
 * the table of contents at the left). Each source's pages were chosen, and the case names fixed, before any
 * rendering or split; none was dropped after rendering.
 *
 * The tools are Debian bookworm's: python3-docutils 0.19 (`rst2html5`, `rst2html4`, already on the machine) and
 * asciidoctor 2.0.18 (`apt-get install asciidoctor`). Asciidoctor's repository is pinned at the v2.0.18 tag, so the
 * pages are its own documents as that release published them; Docutils' mirror has no release tags, so its docs are
 * read at the mirror's newest commit and written out by Debian's 0.19 writers (a docs page using a newer directive
 * shows Docutils' own error message for it, as the writer writes it). Both tools embed their style sheet in the
 * page by default; the page is written beside its source so that its pictures resolve, and is then made
 * self-contained by papers.mjs's `selfContained` reading the source tree (`src.read`), as docs19.mjs does;
 * import.mjs does the rest as for every case (scripts removed, remote pictures → placeholders of the same size,
 * web fonts the page links from a CDN dropped — Asciidoctor's Google Fonts and Font Awesome links —, the viewport
 * height measured in Chromium). Every edit is in the case's changes.
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs). Run (after `apt-get install asciidoctor
 * python3-docutils`) `WIDER_PASS=docs21 node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fullCommit, selfContained, sourceLicences } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const DOCUMENT = 'document';
/** A small laptop screen; a larger one for the page with a side table of contents. */
const SMALL = 1024;
const SCREEN = 1280;

/** Each source: repository, pinned revision, licence files, licence name. */
const SOURCES = {
  docutils: [
    'docutils/docutils',
    '74f8d2c9d350f9e5875b43b5e20f134c7118b690',
    ['docutils/COPYING.rst'],
    'public domain (COPYING.rst); writer style sheets BSD-2-Clause',
  ],
  asciidoctor: ['asciidoctor/asciidoctor', 'v2.0.18', ['LICENSE'], 'MIT'],
};

const gitDir = (repo) => join(MIRRORS, repo.replace('/', '+'), 'repo');
const revParse = ([repo, rev]) =>
  execFileSync('git', ['-C', gitDir(repo), 'rev-parse', `${rev}^{commit}`])
    .toString()
    .trim();
const commitOf = (key) => fullCommit(SOURCES[key][0], revParse(SOURCES[key]));

const roots = [];
process.on('exit', () => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

/** Each repository written out once (its tree at the pinned commit): key → folder. */
const trees = new Map();
function tree(key) {
  if (!trees.has(key)) {
    const [repo] = SOURCES[key];
    const dir = mkdtempSync(join(tmpdir(), `docs21-${key}-`));
    roots.push(dir);
    const tar = execFileSync('git', ['-C', gitDir(repo), 'archive', commitOf(key)], { maxBuffer: 512 << 20 });
    execFileSync('tar', ['x', '-C', dir], { input: tar });
    trees.set(key, dir);
  }
  return trees.get(key);
}

const toolVersion = (cmd, args) => execFileSync(cmd, args).toString().split('\n')[0].trim();

/** Writers: each writes `source` (a path in the tree) to `out` beside it; returns what was run. */
const WRITERS = {
  /** Docutils' HTML5 writer; `sheets` its --stylesheet (the writer's own sheets, embedded as it does by default). */
  rst2html5: (sheets) => (dir, source, out) => {
    const args = ['--report=5', ...(sheets ? [`--stylesheet=${sheets}`] : []), source, out];
    execFileSync('rst2html5', args, { cwd: dir, stdio: 'ignore' });
    return `\`rst2html5 ${args.slice(1, -2).join(' ')}\` (Docutils ${docutilsVersion()}, Debian bookworm's python3-docutils) with ${sheets ? `the writer's ${sheets.split(',').join(' + ')}` : "the writer's default sheets (minimal.css + plain.css)"}, embedded as the writer does by default`;
  },
  /** Docutils' HTML4 writer and its html4css1.css. */
  rst2html4: () => (dir, source, out) => {
    execFileSync('rst2html4', ['--report=5', source, out], { cwd: dir, stdio: 'ignore' });
    return `\`rst2html4\` (Docutils ${docutilsVersion()}, Debian bookworm's python3-docutils) with the writer's html4css1.css, embedded as the writer does by default`;
  },
  /** Asciidoctor's HTML5 converter with its default style sheet; `attrs` extra document attributes. */
  asciidoctor:
    (attrs = []) =>
    (dir, source, out) => {
      const args = attrs.flatMap((a) => ['-a', a]);
      execFileSync('asciidoctor', [...args, '-o', out, source], { cwd: dir, stdio: 'ignore' });
      return `\`asciidoctor${args.length ? ` ${args.join(' ')}` : ''}\` (${toolVersion('asciidoctor', ['--version']).replace(/ \[.*/, '')}, Debian bookworm) with its default style sheet, embedded as it does by default`;
    },
};

const docutilsVersion = () =>
  execFileSync('/usr/bin/python3', ['-c', 'import docutils; print(docutils.__version__)']).toString().trim();

/** A document of a source written out by a writer; `path` is its source in the repository. */
function written(key, writer, d) {
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
      const root = tree(key);
      const dir = join(root, dirname(d.path));
      const out = `${basename(d.path).replace(/\.[a-z]+$/, '')}.docs21-${d.name}.html`;
      const how = writer(dir, basename(d.path), out);
      if (!existsSync(join(dir, out))) throw new Error(`${d.name}: the writer wrote nothing`);
      buildChanges.push(`${d.path} written out by ${how}`);
      const page = join(dirname(d.path), out);
      const src = {
        repo,
        commit,
        path: page,
        read: (p) => (existsSync(join(root, p)) ? readFileSync(join(root, p)) : undefined),
      };
      const { html, changes } = selfContained(src, { page: readFileSync(join(root, page), 'utf8') });
      buildChanges.push(...changes.map((c) => `${c} (from the repository's tree)`));
      return html;
    },
  };
}

const DOCUTILS_DOCS = 'docutils/docs';

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs21Documents() {
  return [
    written('docutils', WRITERS.rst2html5(), {
      name: 'docutils-rst-demo',
      path: `${DOCUTILS_DOCS}/user/rst/demo.rst`,
      kind: "technical article (Docutils' reStructuredText demo: every construct, HTML5 writer, its default sheets)",
    }),
    written('docutils', WRITERS.rst2html5(), {
      name: 'docutils-rst-quickstart',
      path: `${DOCUTILS_DOCS}/user/rst/quickstart.rst`,
      kind: "technical article (Docutils' reStructuredText quick start, HTML5 writer, its default sheets)",
    }),
    written('docutils', WRITERS.rst2html5(), {
      name: 'docutils-rst-mathematics',
      path: `${DOCUTILS_DOCS}/ref/rst/mathematics.rst`,
      kind: "technical article (Docutils' LaTeX mathematics reference: formulas as HTML + math.css, tables)",
    }),
    written('docutils', WRITERS.rst2html5('minimal.css,responsive.css'), {
      name: 'docutils-links-responsive',
      path: `${DOCUTILS_DOCS}/user/links.rst`,
      kind: "technical article (Docutils' links page, HTML5 writer with its responsive.css)",
    }),
    written('docutils', WRITERS.rst2html5('minimal.css,tuftig.css'), {
      name: 'docutils-smartquotes-tuftig',
      path: `${DOCUTILS_DOCS}/user/smartquotes.rst`,
      kind: "technical article (Docutils' smart quotes reference, HTML5 writer with its Tufte-like tuftig.css)",
    }),
    written('docutils', WRITERS.rst2html4(), {
      name: 'docutils-rst-roles-html4',
      path: `${DOCUTILS_DOCS}/ref/rst/roles.rst`,
      kind: "technical article (Docutils' interpreted text roles reference, HTML4 writer with html4css1.css)",
    }),
    written('asciidoctor', WRITERS.asciidoctor(), {
      name: 'asciidoctor-readme',
      path: 'README.adoc',
      kind: "technical article (Asciidoctor's README written out by Asciidoctor: lists, code, admonitions)",
    }),
    written('asciidoctor', WRITERS.asciidoctor(['toc=left']), {
      name: 'asciidoctor-readme-toc-left',
      path: 'README.adoc',
      width: SCREEN,
      kind: "technical article (Asciidoctor's README with the table of contents in a left column)",
    }),
    written('asciidoctor', WRITERS.asciidoctor(), {
      name: 'asciidoctor-syntax-reference',
      path: 'data/reference/syntax.adoc',
      kind: "technical article (Asciidoctor's syntax quick reference: every block, tables, footnotes)",
    }),
    written('asciidoctor', WRITERS.asciidoctor(), {
      name: 'asciidoctor-mdbasics',
      path: 'benchmark/sample-data/mdbasics.adoc',
      kind: "technical article (Asciidoctor's Markdown-basics sample document: headings, lists, code, quotes)",
    }),
    written('asciidoctor', WRITERS.asciidoctor(), {
      name: 'asciidoctor-docs-features',
      path: 'docs/modules/ROOT/pages/features.adoc',
      kind: "technical article (Asciidoctor's docs: its features, written out as a standalone page)",
    }),
    written('asciidoctor', WRITERS.asciidoctor(), {
      name: 'asciidoctor-docs-templates',
      path: 'docs/modules/convert/pages/templates.adoc',
      kind: "technical article (Asciidoctor's docs: converter templates, code listings and tables)",
    }),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs21Licences() {
  const out = sourceLicences(SOURCES, commitOf);
  // The Docutils writers' style sheets in the pages (BSD-2-Clause): Debian's copyright file of the package.
  out.set('debian+python3-docutils-copyright', readFileSync('/usr/share/doc/python3-docutils/copyright'));
  return out;
}
