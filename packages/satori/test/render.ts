/**
 * Test helpers: elements as satori takes them, Inter from @expo-google-fonts/inter, and the built package
 * (`dist/index.js`, what @pictor/core bundles; turbo builds it before the tests).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// PICTOR_SATORI_DIST: another build to test (e.g. one without a change, to watch its test fail).
const built = await import(
  process.env.PICTOR_SATORI_DIST ? pathToFileURL(process.env.PICTOR_SATORI_DIST).href : '../dist/index.js'
);
const satori = built.default as (element: unknown, options: unknown) => Promise<string>;

/** The build's count of faces parsed so far in this process (lazy-faces), or undefined in a build without it. */
export const fontStats = built.pictorFontStats as (() => { facesParsed: number }) | undefined;

/** The build's counts of shaped buffers read from HarfBuzz's memory and through JSON (shaped-glyphs-direct), or undefined. */
export const shapeStats = built.pictorShapeStats as (() => { direct: number; json: number }) | undefined;

/** The build's counts of underlined glyphs flattened and skipped for skip-ink (skip-ink-bands), or undefined. */
export const skipInkStats = built.pictorSkipInkStats as
  | (() => { flattened: number; skipped: number })
  | undefined;

/** The build's counts of selectors the ancestor filter skipped and let through (ancestor-filter), or undefined. */
export const ancestorFilterStats = built.pictorAncestorFilterStats as
  | (() => { skipped: number; passed: number })
  | undefined;

/** The build's counts of own-selector checks and rules gathered for validation (own-selectors, validate-rules-once). */
export const matchStats = built.pictorMatchStats as
  | (() => { ownChecks: number; rulesValidated: number })
  | undefined;

/** The build's way to parse every face of a font list ahead of a render (lazy-faces), or undefined. */
export const parseFaces = built.pictorParseFaces as ((fonts: unknown[]) => Promise<void>) | undefined;

const require = createRequire(import.meta.url);
const font = (file: string) => readFileSync(require.resolve(`@expo-google-fonts/inter/${file}`));

/** Inter Regular and Bold, as satori takes fonts. */
export const fonts = [
  {
    name: 'Inter',
    data: font('400Regular/Inter_400Regular.ttf'),
    weight: 400 as const,
    style: 'normal' as const,
  },
  { name: 'Inter', data: font('700Bold/Inter_700Bold.ttf'), weight: 700 as const, style: 'normal' as const },
];

/** Latin Modern Regular (latex.css: LaTeX.css's web font; USE_TYPO_METRICS, typographic metrics unlike hhea, no smcp). */
export const latinModern = {
  name: 'Latin Modern',
  data: readFileSync(require.resolve('latex.css/fonts/LM-regular.ttf')),
  weight: 400 as const,
  style: 'normal' as const,
};

/** Noto Sans Hebrew and Noto Sans Arabic Regular, for right-to-left text (family names `Hebrew` and `Arabic`). */
export const rtlFonts = [
  {
    name: 'Hebrew',
    data: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'),
    ),
    weight: 400 as const,
    style: 'normal' as const,
  },
  {
    name: 'Arabic',
    data: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
    ),
    weight: 400 as const,
    style: 'normal' as const,
  },
];

/** Noto Sans Thai Regular, under the family name a test gives it. */
export const thaiFont = (name: string) => ({
  name,
  data: readFileSync(
    require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
  ),
  weight: 400 as const,
  style: 'normal' as const,
});

/**
 * The text satori writes with `embedFont: false`, one `<text>` per piece, and the left of each, in document order.
 */
export async function textPieces(element: Element, options: Record<string, unknown> = {}) {
  const svg = await render(element, { fonts: [...fonts, ...rtlFonts], embedFont: false, ...options });
  return [...svg.matchAll(/<text[^>]*? x="([\d.-]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({
    text: m[2] as string,
    x: Number(m[1]),
  }));
}

/** The pieces' texts from left to right, spaces left out. */
export function leftToRight(pieces: { text: string; x: number }[]): string[] {
  return pieces
    .filter((p) => p.text.trim())
    .sort((a, b) => a.x - b.x)
    .map((p) => p.text.trim());
}

export type Element = { type: string; props: Record<string, unknown> };

/** An element: `h('div', { display: 'flex' }, 'text')`. */
export function h(type: string, style: Record<string, unknown>, ...children: unknown[]): Element {
  return { type, props: { style, children: children.length === 1 ? children[0] : children } };
}

/** An element with attributes besides its style (`<img src width height>`). */
export function hp(type: string, props: Record<string, unknown>, ...children: unknown[]): Element {
  return { type, props: { ...props, children: children.length === 1 ? children[0] : children } };
}

/** The SVG satori writes for `element` (options: width, height and Pictor's own). */
export function render(element: Element, options: Record<string, unknown> = {}): Promise<string> {
  return satori(element as never, { fonts, ...options } as never);
}

/** The root `<svg>`'s width and height. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg[^>]*>/.exec(svg)?.[0] ?? '';
  return {
    width: Number(/width="([\d.]+)"/.exec(root)?.[1]),
    height: Number(/height="([\d.]+)"/.exec(root)?.[1]),
  };
}

/** An element's box as satori's onNodeDetected reports it. */
export type LaidOut = { left: number; top: number; width: number; height: number; type: string };

/** Each element's laid-out box, in document order (satori's onNodeDetected). */
export async function boxes(element: Element, options: Record<string, unknown> = {}) {
  const found: LaidOut[] = [];
  const svg = await render(element, { ...options, onNodeDetected: (node: LaidOut) => found.push(node) });
  return { svg, boxes: found };
}

/** The SVG rasterized by resvg (as @pictor/core does): RGBA pixels. */
export async function pixels(svg: string): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  return Buffer.from(new Resvg(svg).render().pixels);
}

/** A 40×40 red box with `style`, drawn: its SVG, its style errors and the RGBA of its centre pixel. */
export async function redBox(style: Record<string, unknown>) {
  const errors: string[] = [];
  const svg = await render(h('div', { width: 40, height: 40, backgroundColor: 'red', ...style }), {
    width: 40,
    height: 40,
    onStyleError: (e: Error) => errors.push(e.message),
  });
  const rgba = await pixels(svg);
  const at = (20 * 40 + 20) * 4;
  return { svg, errors, centre: [...rgba.subarray(at, at + 4)] };
}

/** How many 20px lines `text` takes in a box 1px wide: one per piece between break opportunities. */
export async function piecesBetweenBreaks(text: string): Promise<number> {
  const root = h(
    'div',
    { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', fontSize: 16, lineHeight: '20px' },
    h('div', { width: 1 }, text),
  );
  const { boxes: found } = await boxes(root, { width: 300 });
  return (found[1]?.height ?? 0) / 20;
}
