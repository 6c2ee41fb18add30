// Copy the faces the engine draws each script with into dist/fonts/ at build time (regular and bold of each Noto Sans
// family, about 6 MB; the @expo-google-fonts packages carry all nine weights), with the SIL Open Font License they
// come under.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { families } = require('./index.cjs');
const out = join(dirname(fileURLToPath(import.meta.url)), 'dist', 'fonts');
mkdirSync(out, { recursive: true });
const copyrights = [];
for (const { package: pkg, files } of families) {
  for (const file of files) copyFileSync(require.resolve(`${pkg}/${file}`), join(out, basename(file)));
  const licence = readFileSync(require.resolve(`${pkg}/LICENSE_FONT`), 'utf8');
  copyrights.push(licence.split('\n')[0]);
}
// One licence text for all (the families differ only in their copyright line).
const first = readFileSync(require.resolve(`${families[0].package}/LICENSE_FONT`), 'utf8');
writeFileSync(join(out, 'OFL.txt'), `${copyrights.join('\n')}\n${first.slice(first.indexOf('\n') + 1)}`);
