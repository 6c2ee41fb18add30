/**
 * The built-in fonts: Inter (sans-serif), Noto Serif and JetBrains Mono, shipped in this package (dist/assets/fonts,
 * the faces listed here only), and the CJK fonts of the optional package @pictor/fonts-cjk, loaded on first use.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { assetDir } from '../assets.js';
import type { SatoriFont } from '../layout/layout-to-svg.js';

const require = createRequire(import.meta.url);

/** One built-in face: its file in dist/assets/fonts and the family names it answers to. */
interface BuiltinFace {
  file: string;
  names: string[];
  weight: SatoriFont['weight'];
  style: SatoriFont['style'];
}

const SANS = ['sans-serif', 'Inter', 'system-ui'];
const SERIF = ['serif', 'Noto Serif'];
const MONO = ['monospace', 'JetBrains Mono'];

/** Faces loaded at start: the default sans-serif first (it is satori's last-resort font too). */
const BASE_FACES: BuiltinFace[] = [
  { file: 'Inter_400Regular.ttf', names: SANS, weight: 400, style: 'normal' },
  { file: 'Inter_500Medium.ttf', names: SANS, weight: 500, style: 'normal' },
  { file: 'Inter_600SemiBold.ttf', names: SANS, weight: 600, style: 'normal' },
  { file: 'Inter_700Bold.ttf', names: SANS, weight: 700, style: 'normal' },
  { file: 'Inter_800ExtraBold.ttf', names: SANS, weight: 800, style: 'normal' },
  { file: 'Inter_400Regular_Italic.ttf', names: SANS, weight: 400, style: 'italic' },
  { file: 'NotoSerif_400Regular.ttf', names: SERIF, weight: 400, style: 'normal' },
  { file: 'NotoSerif_700Bold.ttf', names: SERIF, weight: 700, style: 'normal' },
  { file: 'JetBrainsMono_400Regular.ttf', names: MONO, weight: 400, style: 'normal' },
  { file: 'JetBrainsMono_700Bold.ttf', names: MONO, weight: 700, style: 'normal' },
];

/** The package that carries the CJK faces; named in the warning when it is not installed. */
export const CJK_FONTS_PACKAGE = '@pictor/fonts-cjk';

interface CjkFace {
  file: string;
  name: string;
  weight: SatoriFont['weight'];
  style: SatoriFont['style'];
  lang: string;
}

/**
 * The CJK faces of @pictor/fonts-cjk when it is installed (each file is 5–10 MB; parsing them takes about a second,
 * so they are read together on first use). Always both families, in this order, so a glyph's font never depends on
 * what the thread rendered before: Noto Sans SC draws Han and kana by default; Noto Sans JP takes over for elements
 * with `lang="ja"`.
 */
function cjkFaces(): CjkFace[] {
  try {
    return (require(CJK_FONTS_PACKAGE) as { faces: CjkFace[] }).faces;
  } catch {
    return [];
  }
}

function loadBaseFaces(): SatoriFont[] {
  const fonts: SatoriFont[] = [];
  const dir = join(assetDir(), 'fonts');
  for (const face of BASE_FACES) {
    // One Buffer per file, shared by every family name (satori caches by identity).
    const data = readFileSync(join(dir, face.file));
    for (const name of face.names) fonts.push({ name, data, weight: face.weight, style: face.style });
  }
  return fonts;
}

function loadCjkFaces(): SatoriFont[] {
  return cjkFaces().map((face) => ({
    name: face.name,
    data: readFileSync(face.file),
    weight: face.weight,
    style: face.style,
    lang: face.lang,
  }));
}

let baseFonts: SatoriFont[] | undefined;
let cjkFonts: SatoriFont[] | undefined;

/** The base built-in fonts (sans, serif, mono), read on first call and the same objects ever after. */
export function getBuiltinFonts(): readonly SatoriFont[] {
  baseFonts ??= loadBaseFaces();
  return baseFonts;
}

/** The CJK fonts (none without @pictor/fonts-cjk), read on first call and kept for the life of the thread. */
export function getCjkFonts(): readonly SatoriFont[] {
  cjkFonts ??= loadCjkFaces();
  return cjkFonts;
}

/** True when @pictor/fonts-cjk is installed (its faces can be loaded). */
export function cjkFontsInstalled(): boolean {
  return cjkFontsLoaded() ? getCjkFonts().length > 0 : cjkFaces().length > 0;
}

/** True once the CJK fonts have been read in this thread. */
export function cjkFontsLoaded(): boolean {
  return cjkFonts !== undefined;
}
