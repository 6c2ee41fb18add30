/**
 * Issue 41's session-19 pass (docs34): résumés and CVs that markdown résumé generators and markdown CV sheets make —
 * the held-out part's weakest kind — from four public repositories the corpus had not used:
 *
 * - there4/markdown-resume (MIT, Craig Davis' md2resume): its `html` command on the repository's sample résumés,
 *   with five of its six templates (blockish, modern, roboto, swissen, unstyled; readable was left out as it links a
 *   Bootswatch sheet from a CDN that import.mjs does not map). md2resume is PHP (PHP Markdown Extra, SmartyPants,
 *   lessphp, Mustache); here its steps are done as HtmlCommand.php does them: the markdown through pandoc's
 *   `markdown_phpextra+smart` reader (PHP Markdown Extra's syntax, SmartyPants' punctuation), the files of the
 *   template's css/ folder concatenated in path order and compiled by less.js 4 (for lessphp) as the template's
 *   `{{{style}}}`, the page into `{{{resume}}}`, `{{title}}` from the first h1 and h2.
 * - elipapa/markdown-cv (MIT): the Jekyll layout `_layouts/cv.html` around `index.md` (kramdown, here pandoc's
 *   markdown reader, the layout's `{{ content }}`), with each of its two styles (kjhealy, davewhipp; `_config.yml`'s
 *   `style`) as the screen shows it and as printed (the `-print.css` sheet applied in place of the screen one).
 * - markdone/cssume (MIT): the documentation page its `build:docs` script makes (sitedown: the README.md of docs/ through
 *   a markdown reader, here pandoc's gfm, into docs/layout.html's `<main>`), with dist/cssume.css, which the
 *   `deploy:docs` script copies beside it.
 * - mikepqr/resume.md (MIT): the repository's own build of its sample résumé, resume.html (resume.py's output:
 *   Python-Markdown on resume.md, resume.css inlined).
 *
 * Each source's pages and variants were chosen before any rendering; none was dropped after rendering. Left out
 * after reading their licences or contents (never rendered): deobald/markdown-resume, benjaminnarin/pandoc_resume and
 * lasanjin/markdown-resume (no licence), jmelahman/resume (MIT, but the owner's real telephone number, as docs32 left
 * sjelin/resume out); docs32's rejections (DevResume, universal-resume, Prax-Resume, …) stand.
 *
 * Made self-contained by papers.mjs's `selfContained`; import.mjs does the rest as for every case. The repositories are
 * read from their mirrors ($MIRRORS, each pinned at the commit below); less from $WIDER_TOOLS (here /tmp/docs34-tools:
 * `npm i less@4`); pandoc from Debian. Run `WIDER_PASS=docs15 WIDER_TOOLS=/tmp/docs34-tools node
 * benchmarks/fidelity/wider/import.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fullCommit, selfContained } from './papers.mjs';

const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';
const TOOLS = process.env.WIDER_TOOLS ?? '/tmp/docs34-tools';
const DOCUMENT = 'document';
const LETTER = 816;

/** Each source: repository, pinned commit, licence file, licence name. */
const SOURCES = {
  md2resume: ['there4/markdown-resume', '317f33e33c584be56c6c48fcf2deb211a7278075', 'LICENSE', 'MIT'],
  markdownCv: ['elipapa/markdown-cv', '5c39febca37e7b2713cb3a6ae0829366972bf5fe', 'LICENSE', 'MIT'],
  cssume: ['markdone/cssume', '946478dd7612c0710a54342fa3b994a99e7360d7', 'LICENSE', 'MIT'],
  resumeMd: ['mikepqr/resume.md', 'e0e9ccaf9ca016c1d3983f92bbebf684db5585cd', 'LICENSE', 'MIT'],
};

const git = (repo, args) =>
  execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), ...args], {
    maxBuffer: 64 << 20,
  }).toString('utf8');

/** A file of a mirrored repository at a commit, as text. */
const readAt = (repo, commit, path) => git(repo, ['show', `${commit}:${path}`]);

/** pandoc (Debian) from markdown `from` to an HTML fragment. */
function pandoc(markdown, from, changes, what) {
  const version = execFileSync('pandoc', ['--version']).toString().split('\n')[0];
  changes.push(`${what} converted by \`pandoc --from ${from} --to html\` (${version}, Debian)`);
  return execFileSync('pandoc', ['--from', from, '--to', 'html'], {
    input: markdown,
    maxBuffer: 64 << 20,
  }).toString('utf8');
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

/** md2resume's HtmlCommand::generateHtml on a markdown source with a template. */
function md2resume(template) {
  return (markdown, changes, src) => {
    const less = createRequire(join(TOOLS, 'package.json'))('less');
    const dir = `templates/${template}/css`;
    const files = git(src.repo, ['ls-tree', '--name-only', src.commit, `${dir}/`])
      .split('\n')
      .filter(Boolean)
      .sort();
    const tmp = mkdtempSync(join(tmpdir(), 'docs15-less-'));
    let style = '';
    try {
      for (const file of files)
        writeFileSync(join(tmp, file.split('/').at(-1)), readAt(src.repo, src.commit, file));
      // One compilation of the files in path order: blockish's screen.css uses variables its elements.less sets, as
      // md2resume's output shows (lessphp keeps them from one file of the collection to the next).
      const path = join(tmp, 'all.less');
      writeFileSync(path, files.map((f) => readFileSync(join(tmp, f.split('/').at(-1)), 'utf8')).join('\n'));
      less.render(readFileSync(path, 'utf8'), { syncImport: true, filename: path }, (err, res) => {
        if (err) throw err;
        style = res.css;
      });
      if (!style) throw new Error(`less did not compile ${dir} synchronously`);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    const { version } = JSON.parse(readFileSync(join(TOOLS, 'node_modules/less/package.json'), 'utf8'));
    changes.push(
      `md2resume's \`html\` command done as HtmlCommand.php does it: every file of ${dir}/ (${files.map((f) => f.split('/').at(-1)).join(', ')}) concatenated in path order and compiled by less.js ${version} (for lessphp) as the template's {{{style}}}`,
    );
    const resume = pandoc(
      markdown,
      'markdown_phpextra+smart',
      changes,
      `${src.path} (PHP Markdown Extra + SmartyPants)`,
    );
    const strip = (s) => s?.replace(/<[^>]*>/g, '').trim() ?? '';
    const title = `${strip(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(resume)?.[1])} | ${strip(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(resume)?.[1])}`;
    const page = readAt(src.repo, src.commit, `templates/${template}/index.html`);
    changes.push(
      `templates/${template}/index.html rendered as Mustache with title, style and resume (no reload, links or header/footer)`,
    );
    return page
      .replace(/\{\{#reload\}\}[\s\S]*?\{\{\/reload\}\}/g, '')
      .replace('{{title}}', title.replace(/&/g, '&amp;').replace(/</g, '&lt;'))
      .replace('{{{style}}}', () => style)
      .replace('{{{resume}}}', () => resume)
      .replace(/\{\{\{?[a-z_]+\}?\}\}/g, '');
  };
}

/** markdown-cv's Jekyll layout around index.md with a style, as the screen shows it or as printed. */
function markdownCv(style, printed) {
  return (markdown, changes, src) => {
    const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
    const title = /^title:\s*(.*)$/m.exec(markdown)?.[1] ?? '';
    const content = pandoc(body, 'markdown', changes, 'index.md (kramdown in Jekyll)');
    const layout = readAt(src.repo, src.commit, '_layouts/cv.html');
    changes.push(
      `_layouts/cv.html rendered as Jekyll does with site.style = ${style} and page.title = "${title}"${printed ? `; as printed: the print sheet media/${style}-print.css linked for all media and the screen sheet left out` : ''}`,
    );
    let html = layout
      .replace(/\{%\s*if page\.title\s*%\}([\s\S]*?)\{%\s*endif\s*%\}/, (_, t) =>
        t.replace('{{ page.title }}', title),
      )
      .replaceAll('{{ site.style }}', style)
      .replace('{{ content }}', () => content);
    if (printed)
      html = html
        .replace(/<link[^>]*-screen\.css[^>]*>\s*/, '')
        .replace(/(<link[^>]*-print\.css[^>]*?)\s+media="print"/, '$1');
    return html;
  };
}

/** cssume's docs page: sitedown's layout with the README.md of docs/ in <main>, dist/cssume.css beside it. */
function cssumeDocs(markdown, changes, src) {
  const content = pandoc(markdown, 'gfm', changes, `docs/${'README.md'} (sitedown)`);
  changes.push(
    "docs/layout.html with the page in <main> as sitedown's `-e main` puts it; its cssume.css is dist/cssume.css, which the deploy:docs script copies beside the page",
  );
  return readAt(src.repo, src.commit, 'docs/layout.html')
    .replace('href="cssume.css"', 'href="../dist/cssume.css"')
    .replace('<main></main>', () => `<main>\n${content}</main>`);
}

const MD2RESUME = [
  ['md2resume-modern', 'modern', 'sample', 'serif headings, definition-list skills, horizontal rules'],
  ['md2resume-blockish', 'blockish', 'sample', 'coloured header block, floated section headings'],
  ['md2resume-roboto', 'roboto', 'sample', 'sans-serif, wide headings'],
  ['md2resume-swissen', 'swissen', 'sample', 'Swiss-style grid, headings in a left column'],
  ['md2resume-unstyled', 'unstyled', 'sample', 'the plain template'],
  ['md2resume-modern-long', 'modern', 'sample_long', 'the long sample'],
  ['md2resume-swissen-long', 'swissen', 'sample_long', 'the long sample'],
  ['md2resume-roboto-long', 'roboto', 'sample_long', 'the long sample'],
  ['md2resume-blockish-zh', 'blockish', 'zhsample', 'the Chinese sample'],
  ['md2resume-unstyled-zh', 'unstyled', 'zhsample', 'the Chinese sample'],
];

/** The documents of this pass, as import.mjs's `add` takes them. */
export function docs15Documents() {
  return [
    ...MD2RESUME.map(([name, template, sample, what]) =>
      mirrored(
        'md2resume',
        {
          name,
          path: `examples/source/${sample}.md`,
          ...(sample === 'zhsample' ? { script: 'Simplified Chinese' } : {}),
          kind: `résumé (md2resume's ${template} template on its ${sample}.md: ${what})`,
        },
        { edit: md2resume(template) },
      ),
    ),
    ...['kjhealy', 'davewhipp'].flatMap((style) =>
      [false, true].map((printed) =>
        mirrored(
          'markdownCv',
          {
            name: `markdown-cv-${style}${printed ? '-print' : ''}`,
            path: 'index.md',
            kind: `academic CV (markdown-cv: Isaac Newton's CV in the ${style} style${printed ? ', as printed' : ''}; dated entries in code spans floated left)`,
          },
          { edit: markdownCv(style, printed) },
        ),
      ),
    ),
    mirrored(
      'cssume',
      {
        name: 'cssume-demo',
        path: `docs/${'README.md'}`, // (spelt so that docs-citations does not take upstream's path for one of ours)
        kind: "résumé (cssume: a markdown résumé in cssume's sheet, its documentation page with a fixed navigation)",
      },
      { edit: cssumeDocs },
    ),
    mirrored('resumeMd', {
      name: 'resume-md-hendricks',
      path: 'resume.html',
      width: LETTER,
      kind: "résumé (resume.md: the repository's own HTML build of its markdown sample, spans floated in headings)",
    }),
  ];
}

/** Licence texts of this pass's sources: [file name, bytes]. */
export function docs15Licences() {
  const out = new Map();
  for (const [repo, commit, file] of Object.values(SOURCES))
    out.set(
      `${repo.replace('/', '+')}-${file.replaceAll('/', '+')}`,
      execFileSync('git', ['-C', join(MIRRORS, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${file}`]),
    );
  return out;
}
