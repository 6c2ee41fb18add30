/**
 * The fonts of the optional packages, in sets read lazily, each on the first text that needs it: @pictor/fonts-cjk
 * (Chinese and Japanese together, Korean, Traditional Chinese) and @pictor/fonts-world (one Noto Sans family per
 * script: Arabic, Hebrew, Devanagari, Bengali, Thai, …). A set's faces are read together and kept for the life of the
 * thread. A render lists the fonts of the sets its own document needs (`setsNeeded`), in the order of SETS, and no
 * others: a glyph's font never depends on what the thread rendered before.
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
  /** The blocks of code points (UTF-16 code units: Han beyond the BMP by its high surrogates) the set draws. */
  blocks: readonly (readonly [number, number])[];
  /** A document needs the set only when it also matches this (Traditional Chinese: a `lang` that asks for it). */
  document?: RegExp;
  /**
   * A document whose `lang` names one of these languages needs the set even without a character of it: under
   * ja, ko and zh the standard font and sans-serif are the language's face, Latin text included, as in Chromium.
   */
  languages?: RegExp;
  /** What the warning calls the script when no font draws it. */
  label: string;
}

/** Han: unified ideographs, extension A, compatibility ideographs, planes 2–3 (high surrogates D840–D8BF). */
const HAN = [
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0xd840, 0xd8bf],
] as const;

/** Each script of @pictor/fonts-world and its blocks (the dandas U+0964–5, shared by the Indic scripts, left out). */
const WORLD_SCRIPTS: readonly [string, string, (readonly [number, number])[]][] = [
  [
    'arabic',
    'Arabic',
    [
      [0x600, 0x6ff],
      [0x750, 0x77f],
      [0x870, 0x8ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
  ],
  [
    'hebrew',
    'Hebrew',
    [
      [0x591, 0x5ff],
      [0xfb1d, 0xfb4f],
    ],
  ],
  [
    'devanagari',
    'Devanagari',
    [
      [0x900, 0x963],
      [0x966, 0x97f],
      [0xa8e0, 0xa8ff],
    ],
  ],
  ['bengali', 'Bengali', [[0x980, 0x9ff]]],
  ['thai', 'Thai', [[0xe00, 0xe7f]]],
  ['lao', 'Lao', [[0xe80, 0xeff]]],
  [
    'khmer',
    'Khmer',
    [
      [0x1780, 0x17ff],
      [0x19e0, 0x19ff],
    ],
  ],
  [
    'myanmar',
    'Myanmar',
    [
      [0x1000, 0x109f],
      [0xa9e0, 0xa9ff],
      [0xaa60, 0xaa7f],
    ],
  ],
  ['tamil', 'Tamil', [[0xb80, 0xbff]]],
  ['telugu', 'Telugu', [[0xc00, 0xc7f]]],
  ['kannada', 'Kannada', [[0xc80, 0xcff]]],
  ['malayalam', 'Malayalam', [[0xd00, 0xd7f]]],
  ['gujarati', 'Gujarati', [[0xa80, 0xaff]]],
  ['gurmukhi', 'Gurmukhi', [[0xa00, 0xa7f]]],
  ['oriya', 'Oriya', [[0xb00, 0xb7f]]],
  ['sinhala', 'Sinhala', [[0xd80, 0xdff]]],
  [
    'armenian',
    'Armenian',
    [
      [0x530, 0x58f],
      [0xfb13, 0xfb17],
    ],
  ],
  [
    'georgian',
    'Georgian',
    [
      [0x10a0, 0x10ff],
      [0x1c90, 0x1cbf],
      [0x2d00, 0x2d2f],
    ],
  ],
  [
    'ethiopic',
    'Ethiopic',
    [
      [0x1200, 0x139f],
      [0x2d80, 0x2ddf],
      [0xab00, 0xab2f],
    ],
  ],
];

/** Text that may be a `lang` attribute naming Japanese, Chinese or Korean (SETS' `languages` tell which). */
const MAYBE_CJK_LANG = /lang\s*=\s*["']?(?:ja|zh|ko)(?![a-z])/i;

/** A `lang` attribute in a tag whose value starts with one of `languages` (a pattern), as a whole subtag. */
function langAttribute(languages: string): RegExp {
  return new RegExp(`<[a-z][^>]*?\\slang\\s*=\\s*["']?(?:${languages})(?![a-z])`, 'i');
}

/** Every set, in the order their fonts are listed (and glyphs fall back along). */
const SETS: readonly SetSpec[] = [
  {
    name: 'cjk',
    package: CJK_FONTS_PACKAGE,
    // Radicals, CJK punctuation, kana, strokes, Han, fullwidth forms.
    blocks: [[0x2e80, 0x2fdf], [0x3000, 0x30ff], [0x31c0, 0x31ff], [0xff00, 0xffef], ...HAN],
    languages: langAttribute('ja|zh(?!-(?:tw|hk|mo|hant))'),
    label: 'CJK',
  },
  {
    name: 'korean',
    package: CJK_FONTS_PACKAGE,
    blocks: [
      [0x1100, 0x11ff],
      [0x3130, 0x318f],
      [0xa960, 0xa97f],
      [0xac00, 0xd7ff],
    ],
    languages: langAttribute('ko'),
    label: 'Korean',
  },
  {
    name: 'chinese-traditional',
    package: CJK_FONTS_PACKAGE,
    blocks: HAN,
    document: /\blang\s*=\s*["']?zh-(?:tw|hk|mo|hant)/i,
    languages: langAttribute('zh-(?:tw|hk|mo|hant)'),
    label: 'Traditional Chinese',
  },
  ...WORLD_SCRIPTS.map(([name, label, blocks]) => ({ name, package: WORLD_FONTS_PACKAGE, blocks, label })),
];

let setsOfUnit: Uint32Array | undefined;

/**
 * For each UTF-16 code unit, the sets that draw it, as bits (SETS has fewer than 32): one pass over a document finds
 * every set it needs (regular expressions with a class or property escape per script took 2–20 ms on 240 kB). Built
 * on the first document that may need a set, not at start (20–100 ms of a worker's start under load).
 */
function setsOfUnitTable(): Uint32Array {
  if (setsOfUnit) return setsOfUnit;
  const table = new Uint32Array(0x10000);
  SETS.forEach((set, index) => {
    for (const [from, to] of set.blocks) {
      for (let unit = from; unit <= to; unit++) table[unit] = (table[unit] as number) | (1 << index);
    }
  });
  setsOfUnit = table;
  return table;
}

/**
 * A code unit some set may draw: outside Latin, Greek, Cyrillic, general punctuation and symbols, and outside the
 * astral planes but for planes 2–3 (Han). A document without one (most) needs no set: one quick scan.
 */
const MAYBE_SET = /[^\0-\u052f\u1d00-\u1fff\u2000-\u2bff\ud800-\ud83f\ud8c0-\udfff]/;

/** A set of optional faces: `cjk`, `korean`, `chinese-traditional`, or a script of @pictor/fonts-world. */
export type FontSet = string;

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

function spec(name: FontSet): SetSpec | undefined {
  return SETS.find((set) => set.name === name);
}

/** The sets `text` has characters of (by code point alone; see `setsToLoad` for documents), among `among`. */
export function setsForText(text: string, among: readonly SetSpec[] = SETS): SetSpec[] {
  if (!MAYBE_SET.test(text)) return [];
  let wanted = 0;
  for (const set of among) wanted |= 1 << SETS.indexOf(set);
  let found = 0;
  const setsOf = setsOfUnitTable();
  for (let i = 0; i < text.length; i++) {
    const bits = setsOf[text.charCodeAt(i)] as number;
    if (bits === 0) continue;
    found |= bits & wanted;
    if (found === wanted) break;
  }
  return found === 0 ? [] : among.filter((set) => (found & (1 << SETS.indexOf(set))) !== 0);
}

/** The installed sets a document (HTML) needs, loaded or not, in the order of SETS. */
export function setsNeeded(html: string): FontSet[] {
  const candidates = SETS.filter((set) => !set.document || set.document.test(html));
  const byText = setsForText(html, candidates);
  // One quick scan first (0.06 ms on 270 kB): most documents name none of these languages, and a set's own pattern,
  // which checks that the `lang` is an attribute in a tag, takes 2 ms there.
  const byLanguage = MAYBE_CJK_LANG.test(html)
    ? candidates.filter((set) => !byText.includes(set) && set.languages?.test(html))
    : [];
  // Whether a set's package is installed only for the sets the document needs: a document of none of their scripts
  // (a Latin card) never loads the packages' lists (resolving and compiling them was ~10 ms of a fresh worker's
  // first render).
  return candidates
    .filter((set) => (byText.includes(set) || byLanguage.includes(set)) && facesOf(set).length > 0)
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

/** The fonts of the sets named, read where not yet, in the order of SETS (whatever the order of `names`). */
export function setFonts(names: readonly FontSet[]): SatoriFont[] {
  return SETS.filter((set) => names.includes(set.name)).flatMap((set) => loadSet(set.name));
}

/** The package that carries set `name`, and what a warning calls its script. */
export function setPackage(name: FontSet): { package: string; label: string } | undefined {
  const set = spec(name);
  return set && { package: set.package, label: set.label };
}
