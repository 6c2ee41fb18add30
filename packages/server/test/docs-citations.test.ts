/**
 * Every document the repository cites resolves inside it: a `docs/….md` or `benchmarks/….md` path named in source,
 * tests, scripts or Markdown exists, with the `#anchor` it names; a section cited by title
 * (`docs/contract/decisions.md "Links"`, `benchmarks/RESULTS.md, "Tunings"`, `docs/contract/specification.md 4.1`)
 * is a heading of that file; and no
 * file cites the contract by its old name outside the repository (`DECISIONS.md`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const self = relative(root, fileURLToPath(import.meta.url));

/**
 * Folders never scanned: installed, built or generated files, the changelog's history, and the licences of corpus
 * documents (other projects' own texts, whose links point into those projects).
 */
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  '.turbo',
  '.git',
  'out',
  '__image_snapshots__',
  'corpus',
  'LICENSES',
]);
const SKIP_FILES = new Set(['CHANGELOG.md']);
/** Upstream's own files (the satori fork), whose links follow upstream's layout. */
const SKIP_PATHS = new Set(['packages/satori']);
const SCANNED = /\.(ts|mts|mjs|js|md)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP_DIRS.has(name) || SKIP_FILES.has(name) || SKIP_PATHS.has(relative(root, path))) return [];
    if (statSync(path).isDirectory()) return files(path);
    return SCANNED.test(name) ? [relative(root, path)] : [];
  });
}

const scanned = [
  ...['README.md', 'SECURITY.md', 'CONTRIBUTING.md'].filter((name) => existsSync(join(root, name))),
  ...['docs', 'benchmarks', 'examples', 'packages'].flatMap((dir) => files(join(root, dir))),
].filter((file) => file !== self);

const text = new Map(scanned.map((file) => [file, readFileSync(join(root, file), 'utf8')]));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The headings of a Markdown file, without their `#`s (none inside fenced code). */
function headings(file: string): string[] {
  let fenced = false;
  return readFileSync(join(root, file), 'utf8')
    .split('\n')
    .filter((line) => {
      if (line.startsWith('```')) fenced = !fenced;
      return !fenced && /^#{1,6} /.test(line);
    })
    .map((line) => line.replace(/^#+ /, '').trim());
}

/** Whether `file` (repository-relative) exists and, when an anchor is given, has a heading with that anchor. */
function resolves(file: string, anchor: string | undefined): string | undefined {
  if (!existsSync(join(root, file))) return `${file} does not exist`;
  if (anchor === undefined || !file.endsWith('.md')) return undefined;
  const anchors = headings(file).map(slug);
  return anchors.includes(anchor) ? undefined : `${file} has no heading with the anchor #${anchor}`;
}

describe('citations of documents', () => {
  it('name docs/ and benchmarks/ Markdown files that exist, with their anchors', () => {
    const broken: string[] = [];
    for (const [file, body] of text) {
      // Not a path of an upstream repository, written `owner/name \`path\`` (the wider corpus's source column).
      const upstream = /(?<![\w./-])[\w.-]+\/[\w.-]+ `(?:docs|benchmarks)\/[^`]*`/g;
      // Nor the `path:` of a corpus case, which names a file inside the upstream repository it is written from.
      const casePath = /\bpath: '(?:docs|benchmarks)\/[^']*'/g;
      for (const match of body
        .replace(upstream, '')
        .replace(casePath, '')
        .matchAll(/(?<![\w./-])((?:docs|benchmarks)\/[\w./-]*\.md)(?:#([\w-]+))?/g)) {
        const problem = resolves(match[1]!, match[2]);
        if (problem) broken.push(`${file}: ${match[0]}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('resolve relative Markdown links of .md files, with their anchors', () => {
    const broken: string[] = [];
    for (const [file, body] of text) {
      if (!file.endsWith('.md')) continue;
      for (const match of body.matchAll(/\]\(([^)\s:#]*\.md)?(?:#([\w-]+))?\)/g)) {
        if (match[1] === undefined && match[2] === undefined) continue;
        const target = match[1] ? relative(root, resolve(root, dirname(file), match[1])) : file;
        const problem = resolves(target, match[2]);
        if (problem) broken.push(`${file}: ${match[0]}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('cite sections that exist: a quoted title after a document is one of its headings', () => {
    const specification = headings('docs/contract/specification.md');
    const broken: string[] = [];
    for (const [file, body] of text) {
      // `docs/contract/decisions.md "Links"`, `(\`benchmarks/RESULTS.md\`, "Tunings")`, also several titles
      // (`… "Limits", "Fonts"`) and across a comment's line break.
      const cited = /((?:docs|benchmarks)\/[\w./-]*\.md)`?((?:,?\s*(?:\*\s*|\/\/\s*)?"[^"]+")+)/g;
      for (const match of body.matchAll(cited)) {
        if (!existsSync(join(root, match[1]!))) continue; // reported by the first test
        const titles = headings(match[1]!);
        for (const [, quoted] of match[2]!.matchAll(/"([^"]+)"/g)) {
          const title = quoted!.replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, ' ');
          const found = titles.some((heading) => heading === title || heading.startsWith(`${title} (`));
          if (!found) broken.push(`${file}: ${match[1]} has no section "${title}"`);
        }
      }
      for (const match of body.matchAll(/docs\/contract\/specification\.md (\d+(?:\.\d+)?)/g)) {
        const found = specification.some(
          (heading) => heading.startsWith(`${match[1]}. `) || heading.startsWith(`${match[1]} `),
        );
        if (!found) broken.push(`${file}: specification.md has no section ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('never cite the contract by its name outside the repository', () => {
    const old = [...text].filter(([, body]) => /\bDECISIONS(\.md)?\b/.test(body)).map(([file]) => file);
    expect(old, 'cite docs/contract/decisions.md and a section title instead').toEqual([]);
  });
});
