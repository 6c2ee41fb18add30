// Copy the engine's built-in assets into dist/assets at build time, so the published package carries exactly the
// faces it draws with (not every weight of every family) and Twemoji as one file (3,723 small files cost twice their
// size on disk): dist/assets/fonts/*.ttf and dist/assets/twemoji.json ({ "1f44b.svg": "<svg…>", … }); and the two
// WebAssembly modules satori runs, dist/assets/wasm/layout.wasm and hb.wasm (read on first use, not inlined in the
// bundles: src/layout/layout-to-svg.ts).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(packageDir, 'dist', 'assets');
mkdirSync(join(out, 'fonts'), { recursive: true });

/** The faces of src/fonts/builtin.ts (BASE_FACES), by npm file. */
export const FONT_FILES = [
  '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  '@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf',
  '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
  '@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf',
  '@expo-google-fonts/inter/400Regular_Italic/Inter_400Regular_Italic.ttf',
  '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
  '@expo-google-fonts/jetbrains-mono/400Regular/JetBrainsMono_400Regular.ttf',
  '@expo-google-fonts/jetbrains-mono/700Bold/JetBrainsMono_700Bold.ttf',
];
for (const file of FONT_FILES) copyFileSync(require.resolve(file), join(out, 'fonts', basename(file)));

const emojiDir = dirname(require.resolve('@twemoji/svg/package.json'));
const emoji = {};
for (const name of readdirSync(emojiDir).sort()) {
  if (name.endsWith('.svg')) emoji[name] = readFileSync(join(emojiDir, name), 'utf8');
}
writeFileSync(join(out, 'twemoji.json'), JSON.stringify(emoji));
console.log(`assets: ${FONT_FILES.length} fonts, ${Object.keys(emoji).length} emoji`);

// The layout engine bundled into dist/ is satori, MPL-2.0 (a file-level licence): its licence and where its source
// form is go with it (dist/satori/).
const satoriDir = dirname(require.resolve('@pictor/satori/package.json'));
mkdirSync(join(packageDir, 'dist', 'satori'), { recursive: true });
copyFileSync(join(satoriDir, 'LICENSE'), join(packageDir, 'dist', 'satori', 'LICENSE'));
writeFileSync(
  join(packageDir, 'dist', 'satori', 'README.md'),
  '# satori in this package\n\n' +
    "@pictor/core's dist/ bundles satori 0.63.2 (https://github.com/vercel/satori, by Vercel) with Pictor's changes,\n" +
    'under the Mozilla Public License 2.0 (LICENSE beside this file): those files and the changes to them stay under\n' +
    'it; the rest of @pictor/core is MIT. The source form, each change as one commit with its test, is packages/satori\n' +
    'of the Pictor repository (docs/layout-engine.md).\n',
);

// satori's WebAssembly modules: its layout engine (layout.wasm at the package's root) and HarfBuzz (harfbuzzjs's hb.wasm).
const satoriRequire = createRequire(join(satoriDir, 'package.json'));
mkdirSync(join(out, 'wasm'), { recursive: true });
copyFileSync(join(satoriDir, 'layout.wasm'), join(out, 'wasm', 'layout.wasm'));
copyFileSync(satoriRequire.resolve('harfbuzzjs/hb.wasm'), join(out, 'wasm', 'hb.wasm'));
