/**
 * What users install: the packages packed as they would be published (pnpm pack), installed with npm into an empty
 * folder from their tarballs (third-party dependencies from the npm registry), and the size of node_modules —
 * @pictor/core alone, with the optional CJK fonts, with the optional fonts of the other scripts, @pictor/server on its
 * defaults (SQLite, disk; it brings both font packages), and the server with its optional PostgreSQL and
 * S3 drivers added (what every server install carried before they became optional); and how the installed core
 * loads from CommonJS.
 *
 *   node benchmarks/footprint/run.mjs     # about 3–5 minutes (better-sqlite3 compiles); prints a table
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine, markdownTable } from '../lib/report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const packs = mkdtempSync(join(tmpdir(), 'pictor-packs-'));
const pnpm = ['-y', 'pnpm@10.34.9'];
for (const pkg of ['core', 'fonts-cjk', 'fonts-world', 'client', 'server']) {
  execFileSync('npx', [...pnpm, 'pack', '--pack-destination', packs], {
    cwd: join(root, 'packages', pkg),
    stdio: 'ignore',
  });
}
const tarball = (name) =>
  join(
    packs,
    readdirSync(packs).find((f) => f.startsWith(`pictor-${name}-`)),
  );

/** Bytes under `dir` (du, apparent sizes) and the number of packages in node_modules. */
function sizeOf(dir) {
  const bytes = Number(
    execFileSync('du', ['-sb', join(dir, 'node_modules')], { encoding: 'utf8' }).split('\t')[0],
  );
  const packages =
    execFileSync('npm', ['ls', '--all', '--parseable'], { cwd: dir, encoding: 'utf8' }).trim().split('\n')
      .length - 1;
  return { mb: (bytes / 1e6).toFixed(0), packages: String(packages) };
}

function install(specs) {
  const dir = mkdtempSync(join(tmpdir(), 'pictor-install-'));
  execFileSync('npm', ['init', '-y'], { cwd: dir, stdio: 'ignore' });
  execFileSync('npm', ['install', '--no-audit', '--no-fund', ...specs], { cwd: dir, stdio: 'ignore' });
  return dir;
}

/** How an installed copy loads: `require` says how to import it (ERR_PICTOR_ESM_ONLY), `import()` renders. */
function loading(dir) {
  const required = execFileSync(
    process.execPath,
    ['-e', "try { require('@pictor/core'); console.log('loaded') } catch (e) { console.log(e.code) }"],
    { cwd: dir, encoding: 'utf8' },
  ).trim();
  const imported = execFileSync(
    process.execPath,
    [
      '-e',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the child's own template literal
      "import('@pictor/core').then(async (m) => { const r = await m.render({ html: '<div style=\"display:flex;width:20px;height:10px\"></div>', format: 'png' }); console.log(`${r.width}×${r.height}`); process.exit(0) })",
    ],
    { cwd: dir, encoding: 'utf8' },
  ).trim();
  return `require('@pictor/core') → ${required}; import('@pictor/core') from CommonJS → renders ${imported}`;
}

const rows = [];
const core = install([tarball('core')]);
rows.push(['@pictor/core', ...Object.values(sizeOf(core))]);
const loaded = loading(core);
rmSync(core, { recursive: true, force: true });
const withCjk = install([tarball('core'), tarball('fonts-cjk')]);
rows.push([
  '@pictor/core + @pictor/fonts-cjk (Chinese, Japanese, Korean)',
  ...Object.values(sizeOf(withCjk)),
]);
rmSync(withCjk, { recursive: true, force: true });
const withWorld = install([tarball('core'), tarball('fonts-world')]);
rows.push(['@pictor/core + @pictor/fonts-world (19 more scripts)', ...Object.values(sizeOf(withWorld))]);
rmSync(withWorld, { recursive: true, force: true });
const server = install([
  tarball('core'),
  tarball('fonts-cjk'),
  tarball('fonts-world'),
  tarball('client'),
  tarball('server'),
]);
rows.push(['@pictor/server (SQLite, disk: the defaults)', ...Object.values(sizeOf(server))]);
execFileSync('npm', ['install', '--no-audit', '--no-fund', 'pg@8', '@aws-sdk/client-s3@3'], {
  cwd: server,
  stdio: 'ignore',
});
rows.push([
  '@pictor/server + pg + @aws-sdk/client-s3 (as every install was before)',
  ...Object.values(sizeOf(server)),
]);
rmSync(server, { recursive: true, force: true });
rmSync(packs, { recursive: true, force: true });

console.log(
  [
    `Run ${new Date().toISOString()} — ${machineLine()}, npm ${execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim()}`,
    '',
    '`node benchmarks/footprint/run.mjs`: each install into an empty folder with npm from the packed tarballs.',
    '',
    markdownTable(['installed', 'node_modules (MB)', 'packages'], rows),
    '',
    `From the installed @pictor/core: ${loaded}.`,
  ].join('\n'),
);
