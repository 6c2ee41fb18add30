/**
 * Pages of the HTML manuals Debian's documentation packages install, as corpus cases (the passes docs25.mjs and
 * docs26.mjs): each page is read from the installed package, made self-contained by papers.mjs's `selfContained`
 * from the package's own files, and recorded with the upstream repository as its source and the Debian package and
 * version as its commit; each package's Debian copyright file is its licence text in LICENSES/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { selfContained } from './papers.mjs';

/**
 * A table of packages: key → [Debian package, upstream repository, folder of its HTML, licence as its copyright
 * file says].
 * @typedef {Record<string, [string, string, string, string]>} Packages
 */

/** The installed version of a Debian package. */
const versionOf = (pkg) => execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg]).toString().trim();

/**
 * A page maker for one table of packages: `page(key, d)` is the case of `d` (name, path relative to the package's
 * HTML folder, width, kind, and any other case fields) read from package `key`. Style sheet links marked `disabled`
 * (themes a script turns on) are dropped, as a browser does not apply them; `d.rewrite(html)`, when given, returns
 * `{ html, change }` for one more recorded change made before the page is made self-contained; `d.files`, when
 * given, is `{ from, to, change }`: files under the folder `from` are read from the folder `to` instead (a package that
 * installs its assets one folder deeper than its pages link them), recorded as `change`.
 * @param {Packages} packages
 */
export function debianPages(packages) {
  return function page(key, { rewrite, files, ...d }) {
    const [pkg, repo, root, licence] = packages[key];
    const buildChanges = [];
    const version = existsSync(root) ? versionOf(pkg) : 'not installed';
    return {
      group: 'document',
      ...d,
      path: `${root}/${d.path}`,
      repo,
      commit: `debian:${pkg}=${version}`,
      licence,
      built: true,
      buildChanges,
      build: () => {
        if (!existsSync(root)) throw new Error(`${d.name}: ${pkg} is not installed (apt-get install ${pkg})`);
        buildChanges.push(`${d.path} as Debian bookworm's ${pkg} ${version} installs it in ${root}`);
        let html = readFileSync(join(root, d.path), 'utf8');
        const disabled = html.match(/<link\b[^>]*\sdisabled\b[^>]*>/gi) ?? [];
        if (disabled.length) {
          html = html.replace(/<link\b[^>]*\sdisabled\b[^>]*>/gi, '');
          buildChanges.push(
            `${disabled.length} style sheet link(s) marked disabled (themes a script turns on) dropped, as a browser does not apply them`,
          );
        }
        if (rewrite) {
          const out = rewrite(html);
          html = out.html;
          buildChanges.push(out.change);
        }
        if (files) buildChanges.push(files.change);
        const moved = (p) => (files && p.startsWith(files.from) ? files.to + p.slice(files.from.length) : p);
        const src = {
          repo,
          commit: `debian:${pkg}=${version}`,
          path: d.path,
          read: (p) => (existsSync(join(root, moved(p))) ? readFileSync(join(root, moved(p))) : undefined),
        };
        const { html: out, changes } = selfContained(src, { page: html });
        buildChanges.push(...changes.map((c) => `${c} (from the package's files)`));
        return out;
      },
    };
  };
}

/**
 * Each package's Debian copyright file: file name in LICENSES/ → bytes.
 * @param {Packages} packages
 */
export function debianLicences(packages) {
  const out = new Map();
  for (const [pkg] of Object.values(packages)) {
    const file = `/usr/share/doc/${pkg}/copyright`;
    if (existsSync(file)) out.set(`debian+${pkg}-copyright`, readFileSync(file));
  }
  return out;
}
