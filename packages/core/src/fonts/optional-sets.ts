/**
 * The fonts of the optional packages, in sets read lazily, each on the first text that needs it: @pictor/fonts-cjk
 * (Chinese and Japanese together, Korean, Traditional Chinese) and @pictor/fonts-world (one Noto Sans family per
 * script: Arabic, Hebrew, Devanagari, Bengali, Thai, …). A set's faces are read together and kept for the life of the
 * thread; the fonts of the loaded sets are always listed in the order of SETS, whatever order they were loaded in, so
 * a glyph's font never depends on what the thread rendered before.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SatoriFont } from '../layout/layout-to-svg.js';

const require = createRequire(import.meta.url);

/** The package with the CJK faces; named in the warning when it is not installed. */
export const CJK_FONTS_PACKAGE = '@pictor/fonts-cjk';
/** The package with the other scripts' faces. */
export const WORLD_FONTS_PACKAGE = '@pictor/fonts-world';

/** One set of faces that load together. */
interface SetSpec {
  name: string;
  package: string;
  /** Text the set draws. */
  text: RegExp;
  /** A document needs the set only when it also matches this (Traditional Chinese: a `lang` that asks for it). */
  document?: RegExp;
  /** What the warning calls the script when no font draws it. */
  label: string;
}

const HAN = /[\p{Script=Han}]/u;

const world = (name: string, script: string, label = script): SetSpec => ({
  name,
  package: WORLD_FONTS_PACKAGE,
  text: new RegExp(`\\p{Script=${script}}`, 'u'),
  label,
});

const WORLD_SCRIPTS = [
  'Arabic',
  'Hebrew',
  'Devanagari',
  'Bengali',
  'Thai',
  'Lao',
  'Khmer',
  'Myanmar',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Gujarati',
  'Gurmukhi',
  'Oriya',
  'Sinhala',
  'Armenian',
  'Georgian',
  'Ethiopic',
];

/** Any script of @pictor/fonts-world: one scan before the one per script. */
const WORLD_TEXT = new RegExp(`[${WORLD_SCRIPTS.map((script) => `\\p{Script=${script}}`).join('')}]`, 'u');

/** Every set, in the order their fonts are listed (and glyphs fall back along). */
const SETS: readonly SetSpec[] = [
  {
    name: 'cjk',
    package: CJK_FONTS_PACKAGE,
    text: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u,
    label: 'CJK',
  },
  { name: 'korean', package: CJK_FONTS_PACKAGE, text: /\p{Script=Hangul}/u, label: 'Korean' },
  {
    name: 'chinese-traditional',
    package: CJK_FONTS_PACKAGE,
    text: HAN,
    document: /\blang\s*=\s*["']?zh-(?:tw|hk)/i,
    label: 'Traditional Chinese',
  },
  ...WORLD_SCRIPTS.map((script) => world(script.toLowerCase(), script)),
];

/** A set of optional faces: `cjk`, `korean`, `chinese-traditional`, or a script of @pictor/fonts-world. */
export type FontSet = string;

/**
 * Characters outside every set (Latin, Greek, Cyrillic, punctuation, symbols): a document made only of these needs
 * no set, found with one scan.
 */
const NO_SET = /^[\0-\u052f\u1d00-\u1fff\u2000-\u2bff\u{1f000}-\u{1faff}]*$/u;

/** One face as the packages list it (fonts-cjk's have `lang` and `set`; older ones no `set`: all `cjk`). */
interface PackageFace {
  file: string;
  name: string;
  weight: SatoriFont['weight'];
  style: SatoriFont['style'];
  lang?: string;
  set?: string;
  script?: string;
}

const packageFaces = new Map<string, PackageFace[]>();

function facesOf(spec: SetSpec): PackageFace[] {
  let faces = packageFaces.get(spec.package);
  if (!faces) {
    try {
      faces = (require(spec.package) as { faces: PackageFace[] }).faces;
    } catch {
      faces = [];
    }
    packageFaces.set(spec.package, faces);
  }
  return faces.filter((face) => (face.set ?? face.script ?? 'cjk') === spec.name);
}

const loaded = new Map<string, SatoriFont[]>();
let version = 0;

function spec(name: FontSet): SetSpec | undefined {
  return SETS.find((set) => set.name === name);
}

/** The sets `text` has characters of (their own test only; see `setsForDocument`). */
export function setsForText(text: string, among: readonly SetSpec[] = SETS): SetSpec[] {
  if (NO_SET.test(text)) return [];
  const world = WORLD_TEXT.test(text);
  return among.filter((set) => (set.package !== WORLD_FONTS_PACKAGE || world) && set.text.test(text));
}

/** The installed sets a document (HTML) needs that this thread has not loaded yet. */
export function setsToLoad(html: string): FontSet[] {
  // Loaded and uninstalled sets are not looked for: a long document is scanned once per set still to find.
  const candidates = SETS.filter((set) => !loaded.has(set.name) && facesOf(set).length > 0);
  if (candidates.length === 0) return [];
  return setsForText(html, candidates)
    .filter((set) => !set.document || set.document.test(html))
    .map((set) => set.name);
}

/** Read a set's faces (once per thread); none when its package is not installed. */
export function loadSet(name: FontSet): readonly SatoriFont[] {
  const found = loaded.get(name);
  if (found) return found;
  const set = spec(name);
  const fonts: SatoriFont[] = (set ? facesOf(set) : []).map((face) => ({
    name: face.name,
    data: readFileSync(face.file),
    weight: face.weight,
    style: face.style,
    ...(face.lang ? { lang: face.lang } : {}),
  }));
  // Traditional Chinese answers for Hong Kong too (satori matches one language per face).
  if (name === 'chinese-traditional') {
    fonts.push(...fonts.map((font) => ({ ...font, lang: 'zh-HK' })));
  }
  loaded.set(name, fonts);
  version++;
  return fonts;
}

/** True once `name` has been read in this thread. */
export function setLoaded(name: FontSet): boolean {
  return loaded.has(name);
}

/** True when the package of set `name` is installed (its faces can be read). */
export function setInstalled(name: FontSet): boolean {
  const set = spec(name);
  return set !== undefined && facesOf(set).length > 0;
}

/** The fonts of every loaded set, in the order of SETS. */
export function loadedSetFonts(): SatoriFont[] {
  return SETS.flatMap((set) => loaded.get(set.name) ?? []);
}

/** Changes whenever a set is loaded (lists built from loadedSetFonts are stale then). */
export function loadedSetsVersion(): number {
  return version;
}

/** The package that carries set `name`, and what a warning calls its script. */
export function setPackage(name: FontSet): { package: string; label: string } | undefined {
  const set = spec(name);
  return set && { package: set.package, label: set.label };
}
