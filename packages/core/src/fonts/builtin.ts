/**
 * The built-in fonts: Inter (sans-serif), Noto Serif and JetBrains Mono, shipped in this package (dist/assets/fonts,
 * the faces listed here only). The optional packages' fonts (CJK, the world's scripts) are in optional-sets.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assetDir } from '../assets.js';
import type { SatoriFont } from '../layout/layout-to-svg.js';

/** One built-in face: its file in dist/assets/fonts and the family names it answers to. */
interface BuiltinFace {
  file: string;
  names: string[];
  weight: SatoriFont['weight'];
  style: SatoriFont['style'];
}

/**
 * Each face's family names: its own, its generic family, and the common families a Linux browser's fontconfig
 * replaces with a metric-compatible face (Arial and Helvetica → a sans-serif, Times → a serif, Courier → a
 * monospace), so `font-family: arial` is set in the sans-serif as in Chromium, not in the standard font (serif) that a
 * list of unavailable families falls back to.
 */
const SANS = ['sans-serif', 'Inter', 'system-ui', 'Arial', 'Helvetica'];
const SERIF = ['serif', 'Noto Serif', 'Times New Roman', 'Times'];
const MONO = ['monospace', 'JetBrains Mono', 'Courier New', 'Courier'];

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

let facesRead = 0;

/** How many built-in face files this process has read (each is read when a render first draws with it). */
export function builtinFacesRead(): number {
  return facesRead;
}

function loadBaseFaces(): SatoriFont[] {
  const fonts: SatoriFont[] = [];
  const dir = join(assetDir(), 'fonts');
  for (const face of BASE_FACES) {
    // One reader per file, shared by every family name (satori parses a face once per identity of its data, and
    // calls a reader when a render first needs the face): a process keeps only the faces it has drawn with.
    const path = join(dir, face.file);
    const data = () => {
      facesRead++;
      return readFileSync(path);
    };
    for (const name of face.names) fonts.push({ name, data, weight: face.weight, style: face.style });
  }
  return fonts;
}

let baseFonts: SatoriFont[] | undefined;

/** The base built-in fonts (sans, serif, mono), read on first call and the same objects ever after. */
export function getBuiltinFonts(): readonly SatoriFont[] {
  baseFonts ??= loadBaseFaces();
  return baseFonts;
}
