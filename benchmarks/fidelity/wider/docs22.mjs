/**
 * Issue 41's session-24 pass (articles): technical articles as three more document tools write them out, from five
 * public repositories the corpus had not used: Jupyter notebooks (the Jupyter Notebook's own example notebooks and
 * nbconvert's library documentation, BSD-3-Clause) exported by nbconvert's HTML exporter with its `lab` template
 * (JupyterLab's style sheet embedded, BSD-3-Clause; one page in its dark theme); markdown documents (the TOML
 * specification, MIT; marked's documentation pages, MIT) written out by pandoc's standalone HTML5 writer with its
 * default template and the style sheet that template embeds (pandoc's templates are dual-licensed GPL-2+ or
 * BSD-3-Clause — Debian's copyright file of the package says so —; the BSD-3-Clause grant is the one used here);
 * LaTeX articles of LaTeXML's own test suite (public domain, NIST) written out by LaTeXML (`latexml` then
 * `latexmlpost --format=html5`, its LaTeXML.css and class sheets, public domain). Each source's pages were chosen,
 * and the case names fixed, before any rendering or split; none was dropped after rendering.
 *
 * The tools are Debian bookworm's: python3-nbconvert 6.5.3, pandoc 2.17.1.1 and latexml 0.8.7 (`apt-get install
 * python3-nbconvert pandoc latexml`). nbconvert's `classic` template could not be used: Debian ships its style sheet
 * as an empty stub (upstream's build downloads it from the Notebook 6 wheel, which only PyPI has), so a classic
 * export here would not look like anyone's. The page is written beside its source so that its pictures resolve, and
 * is then made self-contained by papers.mjs's `selfContained` reading the source tree (`src.read`), as docs21.mjs
 * does; import.mjs does the rest as for every case (scripts removed — nbconvert's require.js and MathJax, so TeX
 * stays as its source text in both engines —, remote pictures → placeholders of the same size, the viewport height
 * measured in Chromium). Every edit is in the case's changes.
 *
 * The repositories are read from their mirrors ($MIRRORS, as import.mjs). Run (after `apt-get install
 * python3-nbconvert pandoc latexml`) `WIDER_PASS=docs22 node benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fullCommit, selfContained, sourceLicences } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const DOCUMENT = 'document';
/** A small laptop screen. */
const SMALL = 1024;

/** Each source: repository, pinned revision, licence files, licence name. */
const SOURCES = {
  notebook: ['jupyter/notebook', '1cabcced0af1f7d6e43f06cec6883576399d6ac1', ['LICENSE'], 'BSD-3-Clause'],
  nbconvert: ['jupyter/nbconvert', '78ed30837a607deab7cf0a12dca072bf3f63417a', ['LICENSE'], 'BSD-3-Clause'],
  toml: ['toml-lang/toml', 'bcbbd1c1f03473ffe97b8bf26a0fc945efe2b4a1', ['LICENSE'], 'MIT'],
  marked: ['markedjs/marked', '681373ccc058b5dc93c1f63291d755d7d714c2fa', ['LICENSE'], 'MIT'],
  latexml: [
    'brucemiller/LaTeXML',
    'ee4b3640a26d1ba359670b3304e07678d4d1e87e',
    ['LICENSE'],
    'public domain (NIST, LICENSE)',
  ],
};

const gitDir = (repo) => join(MIRRORS, repo.replace('/', '+'), 'repo');
const commitOf = (key) => fullCommit(SOURCES[key][0], SOURCES[key][1]);

const roots = [];
process.on('exit', () => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

/** Each repository written out once (its tree at the pinned commit): key → folder. */
const trees = new Map();
function tree(key) {
  if (!trees.has(key)) {
    const [repo] = SOURCES[key];
    const dir = mkdtempSync(join(tmpdir(), `docs22-${key}-`));
    roots.push(dir);
    const tar = execFileSync('git', ['-C', gitDir(repo), 'archive', commitOf(key)], { maxBuffer: 512 << 20 });
    execFileSync('tar', ['x', '-C', dir], { input: tar });
    trees.set(key, dir);
  }
  return trees.get(key);
}

/** LaTeXML prints its version on stderr: `latexml (LaTeXML version 0.8.7)`. */
const latexmlVersion = () =>
  `${spawnSync('latexml', ['--VERSION']).stderr}`.replace(/^[^(]*\((.*)\)[\s\S]*$/, '$1');
const firstLine = (cmd, args) => execFileSync(cmd, args).toString().split('\n')[0].trim();

/** Writers: each writes `source` (a file name in `dir`) to `out` beside it; returns what was run. */
const WRITERS = {
  /** nbconvert's HTML exporter with the `lab` template; `theme` its --theme (light by default). */
  nbconvert:
    (theme = 'light') =>
    (dir, source, out) => {
      const args = ['--to', 'html', '--template', 'lab', ...(theme === 'light' ? [] : [`--theme=${theme}`])];
      execFileSync(
        '/usr/bin/python3',
        ['-m', 'nbconvert', ...args, source, '--output', out.replace(/\.html$/, '')],
        {
          cwd: dir,
          stdio: 'ignore',
        },
      );
      const version = firstLine('/usr/bin/python3', ['-m', 'nbconvert', '--version']);
      return `\`jupyter nbconvert ${args.join(' ')}\` (nbconvert ${version}, Debian bookworm's python3-nbconvert) with the template's JupyterLab style sheet${theme === 'light' ? '' : ` and its ${theme} theme`}, embedded as the exporter does; the notebook's saved outputs, not executed again`;
    },
  /** pandoc's standalone HTML5 writer with its default template (and the style sheet it embeds). */
  pandoc:
    (from = 'gfm', extra = []) =>
    (dir, source, out) => {
      const args = ['-s', '-f', from, '-t', 'html5', ...extra];
      execFileSync('pandoc', [...args, source, '-o', out], { cwd: dir, stdio: 'ignore' });
      return `\`pandoc ${args.join(' ')}\` (${firstLine('pandoc', ['--version'])}, Debian bookworm) with its default template and the style sheet the template embeds`;
    },
  /** LaTeXML: `latexml` to XML, then `latexmlpost --format=html5` with its own style sheets. */
  latexml: () => (dir, source, out) => {
    const xml = out.replace(/\.html$/, '.xml');
    execFileSync('latexml', ['--quiet', `--dest=${xml}`, source], { cwd: dir, stdio: 'ignore' });
    execFileSync('latexmlpost', ['--quiet', '--format=html5', `--dest=${out}`, xml], {
      cwd: dir,
      stdio: 'ignore',
    });
    return `\`latexml\` then \`latexmlpost --format=html5\` (${latexmlVersion()}, Debian bookworm) with the style sheets it writes beside the page (LaTeXML.css and the class's ltx-*.css)`;
  },
};

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
      const out = `${basename(d.path).replace(/\.[a-z]+$/, '')}.docs22-${d.name}.html`;
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

const NOTEBOOKS = 'docs/source/examples/Notebook';

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs22Documents() {
  return [
    written('notebook', WRITERS.nbconvert(), {
      name: 'nbconvert-lab-running-code',
      path: `${NOTEBOOKS}/Running Code.ipynb`,
      kind: "technical article (the Jupyter Notebook's example notebook on running code: code cells with their outputs, nbconvert's lab template)",
    }),
    written('notebook', WRITERS.nbconvert(), {
      name: 'nbconvert-lab-markdown-cells',
      path: `${NOTEBOOKS}/Working With Markdown Cells.ipynb`,
      kind: "technical article (the Jupyter Notebook's example notebook on Markdown cells: headings, lists, tables, TeX)",
    }),
    written('notebook', WRITERS.nbconvert(), {
      name: 'nbconvert-lab-notebook-basics',
      path: `${NOTEBOOKS}/Notebook Basics.ipynb`,
      kind: "technical article (the Jupyter Notebook's example notebook on its interface, with screenshots)",
    }),
    written('notebook', WRITERS.nbconvert(), {
      name: 'nbconvert-lab-importing-notebooks',
      path: `${NOTEBOOKS}/Importing Notebooks.ipynb`,
      kind: "technical article (the Jupyter Notebook's example notebook on importing notebooks: long code cells, outputs)",
    }),
    written('notebook', WRITERS.nbconvert('dark'), {
      name: 'nbconvert-lab-dark-typesetting-equations',
      path: `${NOTEBOOKS}/Typesetting Equations.ipynb`,
      kind: "technical article (the Jupyter Notebook's example notebook on typesetting equations, lab template's dark theme)",
    }),
    written('nbconvert', WRITERS.nbconvert(), {
      name: 'nbconvert-lab-library-docs',
      path: 'docs/source/nbconvert_library.ipynb',
      kind: "technical article (nbconvert's documentation notebook on using it as a library: code, outputs)",
    }),
    written('toml', WRITERS.pandoc(), {
      name: 'pandoc-toml-spec',
      path: 'toml.md',
      kind: 'technical article (the TOML specification written out by pandoc: headings, code blocks, lists)',
    }),
    written('marked', WRITERS.pandoc(), {
      name: 'pandoc-marked-using-advanced',
      path: 'docs/USING_ADVANCED.md',
      kind: "technical article (marked's advanced usage docs written out by pandoc: option tables, code)",
    }),
    written('marked', WRITERS.pandoc(), {
      name: 'pandoc-marked-using-pro',
      path: 'docs/USING_PRO.md',
      kind: "technical article (marked's extensibility docs written out by pandoc: tables, long code listings)",
    }),
    written('marked', WRITERS.pandoc(), {
      name: 'pandoc-marked-quickref',
      path: 'docs/demo/quickref.md',
      kind: "technical article (marked's Markdown quick reference written out by pandoc)",
    }),
    written('latexml', WRITERS.latexml(), {
      name: 'latexml-amsarticle',
      path: 't/structure/amsarticle.tex',
      kind: "technical article (LaTeXML's amsart test article written out by LaTeXML: sections, theorems, equations)",
    }),
    written('latexml', WRITERS.latexml(), {
      name: 'latexml-tabular-cells',
      path: 't/alignment/cells.tex',
      kind: "technical article (LaTeXML's tabular test document written out by LaTeXML: tables with spans and rules)",
    }),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs22Licences() {
  const out = sourceLicences(SOURCES, commitOf);
  // The pandoc template and its style sheet (dual-licensed GPL-2+ or BSD-3-Clause): Debian's copyright file.
  out.set('debian+pandoc-copyright', readFileSync('/usr/share/doc/pandoc/copyright'));
  // nbconvert's lab template and its JupyterLab style sheet (BSD-3-Clause): Debian's copyright file.
  out.set('debian+python3-nbconvert-copyright', readFileSync('/usr/share/doc/python3-nbconvert/copyright'));
  return out;
}
