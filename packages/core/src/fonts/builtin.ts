/** The built-in fonts shipped from npm: Inter (sans-serif), Noto Serif, JetBrains Mono, and lazily loaded CJK fonts. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SatoriFont } from '../svg/satori.js';

const require = createRequire(import.meta.url);

/** One built-in face: npm file and the family names it answers to. */
interface BuiltinFace {
  file: string;
  names: string[];
  weight: SatoriFont['weight'];
  style: SatoriFont['style'];
  lang?: string;
}

const SANS = ['sans-serif', 'Inter', 'system-ui'];
const SERIF = ['serif', 'Noto Serif'];
const MONO = ['monospace', 'JetBrains Mono'];

/** Faces loaded at start: the default sans-serif first (it is satori's last-resort font too). */
const BASE_FACES: BuiltinFace[] = [
  {
    file: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
    names: SANS,
    weight: 400,
    style: 'normal',
  },
  {
    file: '@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf',
    names: SANS,
    weight: 500,
    style: 'normal',
  },
  {
    file: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
    names: SANS,
    weight: 600,
    style: 'normal',
  },
  { file: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf', names: SANS, weight: 700, style: 'normal' },
  {
    file: '@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf',
    names: SANS,
    weight: 800,
    style: 'normal',
  },
  {
    file: '@expo-google-fonts/inter/400Regular_Italic/Inter_400Regular_Italic.ttf',
    names: SANS,
    weight: 400,
    style: 'italic',
  },
  {
    file: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
    names: SERIF,
    weight: 400,
    style: 'normal',
  },
  {
    file: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
    names: SERIF,
    weight: 700,
    style: 'normal',
  },
  {
    file: '@expo-google-fonts/jetbrains-mono/400Regular/JetBrainsMono_400Regular.ttf',
    names: MONO,
    weight: 400,
    style: 'normal',
  },
  {
    file: '@expo-google-fonts/jetbrains-mono/700Bold/JetBrainsMono_700Bold.ttf',
    names: MONO,
    weight: 700,
    style: 'normal',
  },
];

/**
 * CJK fonts, loaded together on first use (each file is 5–10 MB; parsing them takes about a second).
 * Always both, in this order, so a glyph's font never depends on what the thread rendered before:
 * Noto Sans SC draws Han and kana by default; Noto Sans JP takes over for elements with `lang="ja"`.
 */
const CJK_FACES: BuiltinFace[] = [
  {
    file: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    names: ['Noto Sans SC'],
    weight: 400,
    style: 'normal',
    lang: 'zh-CN',
  },
  {
    file: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
    names: ['Noto Sans SC'],
    weight: 700,
    style: 'normal',
    lang: 'zh-CN',
  },
  {
    file: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    names: ['Noto Sans JP'],
    weight: 400,
    style: 'normal',
    lang: 'ja-JP',
  },
  {
    file: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
    names: ['Noto Sans JP'],
    weight: 700,
    style: 'normal',
    lang: 'ja-JP',
  },
];

/** Read each file once and register it under every family name, sharing one Buffer (satori caches by identity). */
function loadFaces(faces: BuiltinFace[]): SatoriFont[] {
  const fonts: SatoriFont[] = [];
  for (const face of faces) {
    const data = readFileSync(require.resolve(face.file));
    for (const name of face.names) {
      const font: SatoriFont = { name, data, weight: face.weight, style: face.style };
      if (face.lang) font.lang = face.lang;
      fonts.push(font);
    }
  }
  return fonts;
}

let baseFonts: SatoriFont[] | undefined;
let cjkFonts: SatoriFont[] | undefined;

/** The base built-in fonts (sans, serif, mono), read on first call and the same objects ever after. */
export function getBuiltinFonts(): readonly SatoriFont[] {
  baseFonts ??= loadFaces(BASE_FACES);
  return baseFonts;
}

/** The CJK fonts (Noto Sans SC, Noto Sans JP), read on first call and kept for the life of the thread. */
export function getCjkFonts(): readonly SatoriFont[] {
  cjkFonts ??= loadFaces(CJK_FACES);
  return cjkFonts;
}

/** True once the CJK fonts have been read in this thread. */
export function cjkFontsLoaded(): boolean {
  return cjkFonts !== undefined;
}
