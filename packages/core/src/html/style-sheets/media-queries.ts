/**
 * CSS media queries evaluated against the render's size (issue 44): `@media` on `width`, `height`, `aspect-ratio` and
 * `orientation`, with `min-`/`max-` prefixes and the range syntax (`(width >= 600px)`, `(400px < width <= 800px)`),
 * joined by `and`, `or`, `not` and commas. A render is a screen of its CSS size: `all` and `screen` match, `print`
 * does not. The features a screen answers without the user's say — `prefers-color-scheme: light`, no reduced motion
 * or contrast preference, no forced colours, a fine pointer that hovers, 8-bit sRGB colour, the render's scale as
 * `resolution` — are answered as a browser with its defaults answers them. A block whose query matches is kept as if
 * it were written without `@media`; one that does not is dropped, so one template lays itself out for each size it is
 * rendered at. A feature this module does not know, or a size the render does not fix yet (auto-size), does not match.
 */
import * as csstree from 'css-tree';

/** The CSS size a document is rendered at; an omitted dimension follows the content. */
export interface MediaViewport {
  width?: number | undefined;
  height?: number | undefined;
  /** Device pixels per CSS pixel (the render's `scale`), default 1: the `resolution` a query reads. */
  scale?: number | undefined;
}

// Pictor (media-screen-defaults): a document's light palette or its hover styles sit under
// `@media (prefers-color-scheme: light)` / `(hover: hover)` (github-markdown-css); an unknown feature dropped them.
/** Discrete features as a screen with a browser's defaults answers them (no user preference expressed). */
const SCREEN_FEATURES: Readonly<Record<string, readonly string[]>> = {
  'prefers-color-scheme': ['light'],
  'prefers-reduced-motion': ['no-preference'],
  'prefers-contrast': ['no-preference'],
  'prefers-reduced-transparency': ['no-preference'],
  'forced-colors': ['none'],
  hover: ['hover'],
  'any-hover': ['hover'],
  pointer: ['fine'],
  'any-pointer': ['fine'],
  update: ['fast'],
  'overflow-block': ['scroll'],
  'overflow-inline': ['scroll'],
  'display-mode': ['browser'],
  'dynamic-range': ['standard'],
  // A gamut query matches every gamut the screen covers: sRGB, not P3 or Rec. 2020.
  'color-gamut': ['srgb'],
};

/** A discrete feature's match; undefined when `name` is not one. In a boolean context (`(hover)`), `none` and
 * `no-preference` are false. */
function matchesScreenFeature(name: string, valueText: string | undefined): boolean | undefined {
  const values = SCREEN_FEATURES[name];
  if (!values) return undefined;
  const actual = values[0] as string;
  if (valueText === undefined) return actual !== 'none' && actual !== 'no-preference';
  return values.includes(valueText.trim().toLowerCase());
}

/** A resolution in dppx (`2dppx`, `2x`, `192dpi`, `75.6dpcm`), or a bare number (`-webkit-device-pixel-ratio: 2`). */
function readResolution(text: string, bareNumber: boolean): number | undefined {
  const m = /^([0-9]*\.?[0-9]+)(dppx|x|dpi|dpcm)?$/.exec(text.trim().toLowerCase());
  if (!m) return undefined;
  const n = Number(m[1]);
  switch (m[2]) {
    case undefined:
      return bareNumber ? n : undefined;
    case 'dpi':
      return n / 96;
    case 'dpcm':
      return (n * 2.54) / 96;
    default:
      return n;
  }
}

const ROOT_FONT_SIZE = 16;
type Comparison = '<' | '<=' | '>' | '>=' | '=';

/** A length or number in CSS px (`600px`, `37.5em`, `1.5`), a ratio (`16/9`), or undefined. */
function readValue(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  const ratio = /^([0-9.]+)\s*\/\s*([0-9.]+)$/.exec(t);
  if (ratio) {
    const [a, b] = [Number(ratio[1]), Number(ratio[2])];
    return b === 0 || !Number.isFinite(a / b) ? undefined : a / b;
  }
  const length = /^(-?[0-9]*\.?[0-9]+)(px|em|rem)?$/.exec(t);
  if (!length) return undefined;
  const n = Number(length[1]);
  return length[2] === 'em' || length[2] === 'rem' ? n * ROOT_FONT_SIZE : n;
}

/** The value of a numeric feature for the viewport, or undefined when it is unknown. */
function featureValue(name: string, viewport: MediaViewport): number | undefined {
  const { width, height } = viewport;
  switch (name) {
    case 'width':
      return width;
    case 'height':
      return height;
    case 'aspect-ratio':
      return width !== undefined && height !== undefined && height > 0 ? width / height : undefined;
    // A screen's own size is the render's (a browser's window fills its screen here).
    case 'device-width':
      return width;
    case 'device-height':
      return height;
    case 'resolution':
      return viewport.scale ?? 1;
    // Bits per colour component; no colour map, no monochrome, not a grid device.
    case 'color':
      return 8;
    case 'color-index':
    case 'monochrome':
    case 'grid':
      return 0;
    default:
      return undefined;
  }
}

function compare(left: number, op: Comparison, right: number): boolean {
  // Sizes are compared to a thousandth of a pixel, so `16/9` equals 1200×675 exactly.
  const d = left - right;
  const eps = 1e-6;
  switch (op) {
    case '<':
      return d < -eps;
    case '<=':
      return d <= eps;
    case '>':
      return d > eps;
    case '>=':
      return d >= -eps;
    case '=':
      return Math.abs(d) <= eps;
  }
}

const FLIPPED: Record<Comparison, Comparison> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=' };

/** One parenthesised feature test, without its parentheses: `min-width: 600px`, `orientation: portrait`, `width > 1`. */
function matchesFeature(text: string, viewport: MediaViewport): boolean {
  const plain = /^([a-z-]+)\s*(?::\s*(.+))?$/i.exec(text.trim());
  if (plain) {
    const name = (plain[1] as string).toLowerCase();
    const valueText = plain[2];
    if (name === 'orientation') {
      const { width, height } = viewport;
      if (width === undefined || height === undefined || valueText === undefined) return false;
      const value = valueText.trim().toLowerCase();
      return value === 'portrait' ? height >= width : value === 'landscape' ? width > height : false;
    }
    const screen = matchesScreenFeature(name, valueText);
    if (screen !== undefined) return screen;
    // `-webkit-device-pixel-ratio` (and its -min-/-max-) reads `resolution` as a bare number.
    const webkitRatio = /^-webkit-((?:min-|max-)?)device-pixel-ratio$/.exec(name);
    const unprefixed = webkitRatio ? `${webkitRatio[1]}resolution` : name;
    const prefix = unprefixed.startsWith('min-') ? '>=' : unprefixed.startsWith('max-') ? '<=' : '=';
    const feature = prefix === '=' ? unprefixed : unprefixed.slice(4);
    const actual = featureValue(feature, viewport);
    if (actual === undefined) return false;
    if (valueText === undefined) return prefix === '=' && actual !== 0; // `(width)`: true when not zero
    const expected =
      feature === 'resolution' ? readResolution(valueText, webkitRatio !== null) : readValue(valueText);
    return expected !== undefined && compare(actual, prefix, expected);
  }
  // Range syntax: `name op value`, `value op name`, or `value op name op value`.
  const parts = text.split(/(<=|>=|<|>|=)/).map((p) => p.trim());
  if (parts.length !== 3 && parts.length !== 5) return false;
  const nameAt = parts.findIndex((p, i) => i % 2 === 0 && /^[a-z-]+$/i.test(p));
  if (nameAt === -1) return false;
  const name = (parts[nameAt] as string).toLowerCase();
  const actual = featureValue(name, viewport);
  if (actual === undefined) return false;
  const read = (text: string) => (name === 'resolution' ? readResolution(text, false) : readValue(text));
  for (let i = 1; i < parts.length; i += 2) {
    const op = parts[i] as Comparison;
    const leftIsName = i - 1 === nameAt;
    const other = read(parts[leftIsName ? i + 1 : i - 1] as string);
    if (other === undefined) return false;
    if (!(leftIsName ? compare(actual, op, other) : compare(actual, FLIPPED[op], other))) return false;
  }
  return true;
}

/** A tiny reader over a condition's text: parentheses, words and what lies between. */
class ConditionReader {
  private at = 0;
  constructor(private readonly text: string) {}

  private skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at] as string)) this.at++;
  }

  /** The next word (`and`, `not`, `screen`) without taking it, lower-cased, or ''. */
  peekWord(): string {
    this.skipSpace();
    const match = /^[a-z-]+/i.exec(this.text.slice(this.at));
    return match ? match[0].toLowerCase() : '';
  }

  takeWord(): string {
    const word = this.peekWord();
    this.at += word.length;
    return word;
  }

  atEnd(): boolean {
    this.skipSpace();
    return this.at >= this.text.length;
  }

  /** The text inside the parentheses that start here, or undefined. */
  takeGroup(): string | undefined {
    this.skipSpace();
    if (this.text[this.at] !== '(') return undefined;
    let depth = 0;
    for (let i = this.at; i < this.text.length; i++) {
      if (this.text[i] === '(') depth++;
      else if (this.text[i] === ')' && --depth === 0) {
        const inner = this.text.slice(this.at + 1, i);
        this.at = i + 1;
        return inner;
      }
    }
    return undefined;
  }
}

/** `<media-in-parens>`: a nested condition or a feature test. */
function matchesInParens(reader: ConditionReader, viewport: MediaViewport): boolean {
  const inner = reader.takeGroup();
  if (inner === undefined) throw new SyntaxError('expected (');
  const trimmed = inner.trim();
  if (trimmed.startsWith('(') || /^not\s*\(/i.test(trimmed)) return matchesCondition(trimmed, viewport);
  return matchesFeature(trimmed, viewport);
}

/** `<media-condition>`: `not (…)`, or `(…)` joined by `and` or by `or` (not both without parentheses). */
function matchesCondition(text: string, viewport: MediaViewport): boolean {
  const reader = new ConditionReader(text);
  const result = readCondition(reader, viewport);
  if (!reader.atEnd()) throw new SyntaxError('unexpected text');
  return result;
}

function readCondition(reader: ConditionReader, viewport: MediaViewport): boolean {
  if (reader.peekWord() === 'not') {
    reader.takeWord();
    return !matchesInParens(reader, viewport);
  }
  let result = matchesInParens(reader, viewport);
  const joiner = reader.peekWord();
  if (joiner !== 'and' && joiner !== 'or') return result;
  while (reader.peekWord() === joiner) {
    reader.takeWord();
    const next = matchesInParens(reader, viewport);
    result = joiner === 'and' ? result && next : result || next;
  }
  return result;
}

/** One query of a list: `[only|not] [type] [and <condition>]`, or a bare condition. */
function matchesQuery(text: string, viewport: MediaViewport): boolean {
  const reader = new ConditionReader(text);
  let negate = false;
  let word = reader.peekWord();
  if (word === 'only' || word === 'not') {
    reader.takeWord();
    negate = word === 'not';
    word = reader.peekWord();
  }
  let result = true;
  if (word !== '' && word !== 'not') {
    reader.takeWord();
    result = word === 'all' || word === 'screen';
    if (reader.atEnd()) return negate ? !result : result;
    if (reader.takeWord() !== 'and') throw new SyntaxError('expected and');
    result = readCondition(reader, viewport) && result;
  } else {
    result = readCondition(reader, viewport);
  }
  if (!reader.atEnd()) throw new SyntaxError('unexpected text');
  return negate ? !result : result;
}

/**
 * Whether a media query list (the text after `@media`) matches the viewport: true when any of its comma-separated
 * queries does. A query that does not parse is false (as in browsers), the others still count.
 * @example matchesMediaQueries('(orientation: portrait)', { width: 1080, height: 1920 }) // true
 */
export function matchesMediaQueries(list: string, viewport: MediaViewport): boolean {
  if (list.trim() === '') return true;
  return list.split(',').some((query) => {
    try {
      return matchesQuery(query, viewport);
    } catch {
      return false;
    }
  });
}

/**
 * Resolve every `@media` block of a parsed sheet for the viewport, at any depth: a matching block's rules take its
 * place, a block that does not match is removed. Returns whether the sheet changed.
 */
export function resolveMediaBlocks(ast: csstree.CssNode, viewport: MediaViewport): boolean {
  let changed = false;
  const visit = (children: csstree.List<csstree.CssNode>): void => {
    children.forEach((node, item) => {
      if (node.type !== 'Atrule' && node.type !== 'Rule') return;
      if (node.block) visit(node.block.children);
      if (node.type !== 'Atrule' || node.name.toLowerCase() !== 'media') return;
      changed = true;
      const prelude = node.prelude ? csstree.generate(node.prelude) : '';
      if (node.block && matchesMediaQueries(prelude, viewport)) {
        children.insertList(node.block.children, item);
      }
      children.remove(item);
    });
  };
  if (ast.type === 'StyleSheet') visit(ast.children);
  return changed;
}
