// Build the studio page into dist/studio: one minified script and style sheet with content-hashed names, the page
// that loads them, and a .br and .gz copy of each text file so the server sends them compressed without work.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(packageDir, 'studio');
const out = join(packageDir, 'dist', 'studio');

const result = await build({
  entryPoints: [join(source, 'src', 'main.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['chrome111', 'firefox111', 'safari16.4'],
  write: false,
  outdir: 'out',
  legalComments: 'none',
  loader: { '.css': 'css' },
  logLevel: 'warning',
});

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'assets'), { recursive: true });

function writeCompressed(path, bytes) {
  writeFileSync(path, bytes);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

const names = {};
for (const file of result.outputFiles) {
  const extension = file.path.endsWith('.css') ? 'css' : 'js';
  const hash = createHash('sha256').update(file.contents).digest('hex').slice(0, 12);
  const name = `studio-${hash}.${extension}`;
  names[extension] = name;
  writeCompressed(join(out, 'assets', name), file.contents);
}

const page = readFileSync(join(source, 'index.html'), 'utf8')
  .replace('%SCRIPT%', `/studio/assets/${names.js}`)
  .replace('%STYLE%', `/studio/assets/${names.css}`);
writeCompressed(join(out, 'index.html'), Buffer.from(page));
const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
const gz = gzipSync(js.contents, { level: 9 }).length;
console.log(
  `studio: ${names.js} ${(js.contents.length / 1024).toFixed(0)} KiB, ${(gz / 1024).toFixed(0)} KiB gzip`,
);
