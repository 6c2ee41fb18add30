/**
 * Bare Tailwind utility classes (`class="flex p-4 bg-[#0b1020]"` without the compiled CSS) → satori's `tw`
 * prop. A class some stylesheet of the document styles is left to that stylesheet, so compiled Tailwind
 * CSS in a `<style>` is never applied twice; and a document that brings compiled Tailwind CSS gets no utility
 * styling at all (`DocumentStyles.compiledTailwind`): what its build left out styles nothing, as in a browser.
 */

const UTILITY =
  /^(?:[a-z0-9-]+:)*-?(?:flex|grid|inline-grid|block|inline|inline-block|inline-flex|hidden|contents|relative|absolute|fixed|static|sticky|container|truncate|italic|not-italic|underline|line-through|no-underline|uppercase|lowercase|capitalize|normal-case|antialiased|grow|shrink|shadow|rounded|border|ring|outline-none|(?:p|px|py|pt|pr|pb|pl|m|mx|my|mt|mr|mb|ml|w|h|min-w|min-h|max-w|max-h|size|gap|gap-x|gap-y|space-x|space-y|inset|inset-x|inset-y|top|right|bottom|left|z|order|basis|grow|shrink|flex|grid-cols|grid-rows|col|row|col-span|row-span|col-start|col-end|row-start|row-end|items|justify|content|self|place|text|font|leading|tracking|bg|from|via|to|border|border-[xytrbl]|rounded|rounded-[a-z]+|shadow|opacity|object|overflow|whitespace|break|line-clamp|decoration|indent|align|list|aspect|tabular|translate-x|translate-y|rotate|scale|skew|origin|transform|fill|stroke|blur|brightness|contrast|grayscale|invert|saturate|sepia|drop-shadow|backdrop|mix-blend|bg-blend|underline-offset)-.+)$/;

/** Tailwind's colour palettes, for telling `text-red-500` from an e-mail theme's `text-header`. */
const COLOR = String.raw`(?:(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d{2,3}|black|white|transparent|current|inherit)(?:\/\d+)?`;
/** An arbitrary value: `[…]` or, in Tailwind 4, `(…)`. */
const ARBITRARY = String.raw`\[.+\]|\(.+\)`;
/** A spacing scale step (`4`, `2.5`, `px`) or a fraction (`1/2`). */
const SPACING = String.raw`\d+(?:\.\d+)?|px|\d+\/\d+`;
/** The width and height keywords and named sizes (`full`, `screen`, `fit`, `prose`, `lg`, `screen-md`, `dvh`). */
const SIZE_KEYWORD = String.raw`auto|full|screen|min|max|fit|none|prose|[sld]v[hw]|[23]?xs|sm|md|lg|xl|[2-7]xl|screen-(?:sm|md|lg|xl|2xl)`;

/**
 * The values a utility family takes, for the families whose prefix also begins the class names of hand-written
 * e-mail themes (`text-header`, `text-nav`, `content-block`, `col-2`): such a class is a utility only with one of
 * these values. Other families are recognised by their prefix alone.
 */
const FAMILY_VALUES: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [
    /^text-(.+)$/,
    new RegExp(
      `^(?:xs|sm|base|lg|xl|[2-9]xl|left|center|right|justify|start|end|wrap|nowrap|balance|pretty|ellipsis|clip|shadow(?:-.+)?|${COLOR}|${ARBITRARY})$`,
    ),
  ],
  [
    /^content-(.+)$/,
    new RegExp(`^(?:center|start|end|between|around|evenly|baseline|stretch|normal|none|${ARBITRARY})$`),
  ],
  [/^(?:col|row)-(.+)$/, new RegExp(`^(?:auto|(?:span|start|end)-.+|${ARBITRARY})$`)],
  // Microformats name classes h-card, h-entry, p-name, p-author (blogs, reports, résumés, W3C reports): padding and
  // sizing utilities take a spacing value or a size keyword only.
  [
    /^(?:p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me)-(.+)$/,
    new RegExp(`^(?:${SPACING}|auto|${ARBITRARY})$`),
  ],
  [
    /^(?:w|h|size|min-w|min-h|max-w|max-h)-(.+)$/,
    new RegExp(`^(?:${SPACING}|${SIZE_KEYWORD}|${ARBITRARY})$`),
  ],
];

/** Whether a class that starts like a utility has a value its family takes (see FAMILY_VALUES). */
function plausibleValue(name: string): boolean {
  const bare = name.replace(/^(?:[a-z0-9-]+:)*-?/, '');
  for (const [family, values] of FAMILY_VALUES) {
    const value = family.exec(bare)?.[1];
    if (value !== undefined) return values.test(value);
  }
  return true;
}

/** Class names a bare Tailwind setup would style: the utilities no stylesheet of the document mentions. */
export function tailwindUtilities(
  classes: string[],
  styledClasses: { has(name: string): boolean },
): string[] {
  return classes.filter((c) => !styledClasses.has(c) && UTILITY.test(c) && plausibleValue(c));
}

/**
 * The class names and bare utilities a document uses, to tell a page written with Tailwind from one whose
 * hand-written classes happen to be utility names (Emailology's `text-center` and `text-right` beside
 * `text-header`, `img-center`, each mirroring an inline style). Only the first gets Tailwind's preflight, a
 * page-wide reset (pictures made blocks, line height 1.5) that would rearrange the second.
 */
export class UtilityCensus {
  private readonly classes = new Set<string>();
  private readonly utilities = new Set<string>();

  /** Count an element's classes and the bare utilities among them. */
  record(classes: readonly string[], utilities: readonly string[]): void {
    for (const name of classes) this.classes.add(name);
    for (const name of utilities) this.utilities.add(name);
  }

  /**
   * True when at least half the distinct class names are bare utilities. In the corpora a page of bare Tailwind has
   * all of them (compiled Tailwind CSS styles its own), a hand-written theme a tenth.
   */
  get writtenInTailwind(): boolean {
    return this.utilities.size > 0 && this.utilities.size * 2 >= this.classes.size;
  }
}

/** `4` → `1rem`, `px` → `1px`, `[13px]` → `13px`; null when not a spacing value. */
function spacing(value: string): string | null {
  if (value === 'px') return '1px';
  if (value === '0') return '0px';
  if (/^\d+(\.\d+)?$/.test(value)) return `${Number(value) * 0.25}rem`;
  const arbitrary = /^\[(.+)\]$/.exec(value);
  return arbitrary ? arbitrary[1]!.replace(/_/g, ' ') : null;
}

function track(value: string): string | null {
  if (value === 'none') return 'none';
  if (/^\d+$/.test(value)) return `repeat(${value}, minmax(0, 1fr))`;
  const arbitrary = /^\[(.+)\]$/.exec(value);
  return arbitrary ? arbitrary[1]!.replace(/_/g, ' ') : null;
}

function line(prefix: 'Column' | 'Row', kind: string, value: string): Record<string, string> | null {
  const grid = `grid${prefix}`;
  if (kind === 'span') {
    if (value === 'full') return { [grid]: '1 / -1' };
    if (/^\d+$/.test(value)) return { [grid]: `span ${value} / span ${value}` };
    return null;
  }
  if (!/^(\d+|auto)$/.test(value)) return null;
  return { [`${grid}${kind === 'start' ? 'Start' : 'End'}`]: value };
}

/**
 * The grid and gap utilities, which satori's `tw` does not know (it logs "unknown or invalid utility"):
 * class → style declarations, or null for any other class.
 */
export function gridUtility(name: string): Record<string, string> | null {
  if (name === 'grid') return { display: 'grid' };
  if (name === 'inline-grid') return { display: 'inline-grid' };
  let m = /^grid-(cols|rows)-(.+)$/.exec(name);
  if (m) {
    const value = track(m[2]!);
    return value ? { [m[1] === 'cols' ? 'gridTemplateColumns' : 'gridTemplateRows']: value } : null;
  }
  m = /^grid-flow-(row|col|dense|row-dense|col-dense)$/.exec(name);
  if (m) return { gridAutoFlow: m[1]!.replace('col', 'column').replace('-', ' ') };
  m = /^(col|row)-(span|start|end)-(.+)$/.exec(name);
  if (m) return line(m[1] === 'col' ? 'Column' : 'Row', m[2]!, m[3]!);
  m = /^gap-(x-|y-)?(.+)$/.exec(name);
  if (m) {
    const value = spacing(m[2]!);
    if (!value) return null;
    if (m[1] === 'x-') return { columnGap: value };
    if (m[1] === 'y-') return { rowGap: value };
    return { gap: value };
  }
  return null;
}

/**
 * Bare utilities split between satori's `tw` and plain style declarations (grid and gap utilities, which `tw`
 * lacks). Variants (`md:`, `hover:`) are left to `tw`.
 */
export function splitTailwind(utilities: string[]): { tw: string[]; style: Record<string, string> } {
  const tw: string[] = [];
  const style: Record<string, string> = {};
  for (const name of utilities) {
    const declarations = name.includes(':') ? null : gridUtility(name);
    if (declarations) Object.assign(style, declarations);
    else tw.push(name);
  }
  return { tw, style };
}

/**
 * Tailwind's preflight (its base reset), which every page built with Tailwind has, for elements without a
 * `class` (zero specificity). satori ranks `tw` below stylesheets, so elements with utilities get the reset
 * inline instead, minus what their utilities set (`preflightStyle`).
 */
export const TAILWIND_PREFLIGHT = [
  ':where(:not([class])),:where(:not([class]))::before,:where(:not([class]))::after{box-sizing:border-box;border-width:0;border-style:solid;border-color:#e5e7eb}',
  ':where(body:not([class])){margin:0;line-height:inherit}',
  ':where(html:not([class]),[data-pictor-root]:not([class])){line-height:1.5}',
  ':where(h1,h2,h3,h4,h5,h6):not([class]){font-size:inherit;font-weight:inherit}',
  ':where(blockquote,dl,dd,h1,h2,h3,h4,h5,h6,hr,figure,p,pre):not([class]){margin:0}',
  ':where(ol,ul,menu):not([class]){list-style:none;margin:0;padding:0}',
  ':where(img,svg,video,canvas):not([class]){display:block;vertical-align:middle}',
  ':where(a):not([class]){color:inherit;text-decoration:inherit}',
].join('\n');

const SIZE = /^text-(xs|sm|base|lg|[2-9]?xl|\[[\d.]+(px|rem|em)\])$/;
const WEIGHT = /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\[\d+\])$/;
const DISPLAY = /^(block|inline|inline-block|flex|inline-flex|grid|inline-grid|hidden|contents|table)$/;

/** Which property groups a list of utilities sets (variants like `md:` count as setting nothing). */
function covered(utilities: string[]): Set<string> {
  const out = new Set<string>();
  for (const u of utilities) {
    if (u.includes(':')) continue;
    const name = u.replace(/^-/, '');
    const m = /^m([xytrbl]?)-/.exec(name);
    if (m) {
      const sides = { '': 'trbl', x: 'rl', y: 'tb', t: 't', r: 'r', b: 'b', l: 'l' }[m[1]!]!;
      for (const side of sides) out.add(`margin-${side}`);
    }
    if (/^p[xytrbl]?-/.test(name)) out.add('padding');
    if (SIZE.test(name)) out.add('font-size');
    if (WEIGHT.test(name)) out.add('font-weight');
    if (/^leading-/.test(name)) out.add('line-height');
    if (/^list-/.test(name)) out.add('list-style');
    if (DISPLAY.test(name)) out.add('display');
    if (/^text-/.test(name) && !SIZE.test(name) && !/^text-(left|center|right|justify|start|end)$/.test(name))
      out.add('color');
    if (/^(underline|no-underline|line-through|overline)$/.test(name)) out.add('text-decoration');
  }
  return out;
}

const MARGIN_TAGS = new Set([
  'blockquote',
  'dl',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'figure',
  'p',
  'pre',
  'body',
]);
const SIDES: Record<string, string> = {
  t: 'marginTop',
  r: 'marginRight',
  b: 'marginBottom',
  l: 'marginLeft',
};

/** The preflight declarations of an element with utilities that its utilities do not set themselves. */
export function preflightStyle(tag: string, utilities: string[]): Record<string, string> {
  const has = covered(utilities);
  const style: Record<string, string> = {};
  if (MARGIN_TAGS.has(tag) || tag === 'ol' || tag === 'ul' || tag === 'menu')
    for (const side of 'trbl') if (!has.has(`margin-${side}`)) style[SIDES[side]!] = '0px';
  if (/^h[1-6]$/.test(tag)) {
    if (!has.has('font-size')) style.fontSize = 'inherit';
    if (!has.has('font-weight')) style.fontWeight = 'inherit';
  }
  if (tag === 'ol' || tag === 'ul' || tag === 'menu') {
    if (!has.has('list-style')) style.listStyleType = 'none';
    if (!has.has('padding')) style.padding = '0px';
  }
  if (['img', 'svg', 'video', 'canvas'].includes(tag) && !has.has('display')) style.display = 'block';
  if (tag === 'a') {
    if (!has.has('color')) style.color = 'inherit';
    if (!has.has('text-decoration')) style.textDecoration = 'inherit';
  }
  if ((tag === 'html' || tag === 'body') && !has.has('line-height'))
    style.lineHeight = tag === 'html' ? '1.5' : 'inherit';
  return style;
}
