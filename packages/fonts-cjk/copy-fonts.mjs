// Copy the eight faces the engine draws CJK text with into dist/fonts/ at build time: the published package carries
// these (about 58 MB), not every weight of the four families.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const out = join(dirname(fileURLToPath(import.meta.url)), 'dist', 'fonts');
mkdirSync(out, { recursive: true });
for (const file of [
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
]) {
  copyFileSync(require.resolve(file), join(out, basename(file)));
}
