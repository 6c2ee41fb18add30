/** Test fonts: Noto Sans JP as @pictor/fonts-cjk ships it (its build input, a dependency of that workspace package), Noto Sans KR. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(createRequire(import.meta.url).resolve('../../fonts-cjk/package.json'));

/** Noto Sans JP Regular, as satori takes fonts. */
export const jp = [
  {
    name: 'Noto Sans JP',
    data: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    ),
    weight: 400 as const,
    style: 'normal' as const,
  },
];

const ownRequire = createRequire(import.meta.url);

/** Noto Sans KR Regular (a dependency of this package's tests), as satori takes a font. */
export const korean = {
  name: 'Noto Sans KR',
  data: readFileSync(
    ownRequire.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
  ),
  weight: 400 as const,
  style: 'normal' as const,
};
