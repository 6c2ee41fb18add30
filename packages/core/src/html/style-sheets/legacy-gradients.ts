/**
 * Pictor (legacy-gradients): the gradients Chromium still draws from WebKit's old syntaxes, written as the standard
 * ones satori draws. `-webkit-gradient(linear, <point>, <point>, from(), color-stop(), to())` (Apple's 2008 syntax,
 * in old e-mails' buttons and Bootstrap 2/3 themes), and the prefixed `-webkit-linear-gradient(<side> | <angle>, …)`,
 * `-webkit-repeating-linear-gradient`, `-webkit-radial-gradient` and `-webkit-repeating-radial-gradient`, whose side
 * keyword names where the gradient starts (`top` is `to bottom`) and whose angle runs counter-clockwise from the
 * right (`90deg - angle` in the standard's terms). satori rejected them, so the box lost its background.
 *
 * Left as written (and dropped by satori, as Chromium drops them): `-moz-` and `-o-` gradients, which Chromium does
 * not parse, a prefixed gradient written with the standard's `to` (invalid there too), and what this does not
 * convert: `-webkit-gradient(radial, …)`, and a `-webkit-gradient(linear, …)` whose line is neither vertical nor
 * horizontal nor a box diagonal, or is given in pixels along its direction.
 */

const LEGACY =
  /-webkit-(gradient|linear-gradient|repeating-linear-gradient|radial-gradient|repeating-radial-gradient)\(/gi;

/** The text between the parenthesis opened before `start` and its closing one, and the index after it. */
function argumentsFrom(value: string, start: number): { inner: string; end: number } | undefined {
  let depth = 1;
  let quote = '';
  for (let i = start; i < value.length; i++) {
    const c = value[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return { inner: value.slice(start, i), end: i + 1 };
    }
  }
  return undefined;
}

/** `text` split at its commas outside parentheses, each part trimmed. */
function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  parts.push(text.slice(from).trim());
  return parts;
}

const ANGLE = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(deg|grad|rad|turn)$/i;
const DEGREES_PER: Record<string, number> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };
const OPPOSITE: Record<string, string> = { left: 'right', right: 'left', top: 'bottom', bottom: 'top' };

/** A number written without exponent noise (`45`, `-22.5`). */
function number(n: number): string {
  return String(Math.round(n * 1e4) / 1e4);
}

/**
 * The standard direction of a prefixed linear gradient's first argument: `top` → `to bottom`, `left top` →
 * `to right bottom`, `45deg` → `45deg` (90 − 45); '' when it is not a direction (a colour stop: the default, top to
 * bottom, is the standard's too); undefined when it is invalid in Chromium (`to right`, a side named twice).
 */
function prefixedDirection(first: string): string | undefined | '' {
  const text = first.trim().toLowerCase();
  const angle = ANGLE.exec(text);
  if (angle) {
    const degrees = Number(angle[1]) * (DEGREES_PER[angle[2] as string] as number);
    return `${number(90 - degrees)}deg`;
  }
  const words = text.split(/\s+/);
  if (words[0] === 'to') return undefined;
  if (!words.every((w) => w in OPPOSITE)) return '';
  if (words.length > 2) return undefined;
  if (words.length === 2) {
    const horizontal = (w: string) => w === 'left' || w === 'right';
    if (horizontal(words[0] as string) === horizontal(words[1] as string)) return undefined;
  }
  return `to ${words.map((w) => OPPOSITE[w]).join(' ')}`;
}

/** A prefixed radial gradient's arguments in the standard's order: `[<position>,] [<shape> <size>,] stops`. */
function radialArguments(parts: string[]): string[] | undefined {
  const SHAPE =
    /^(?:circle|ellipse|closest-side|closest-corner|farthest-side|farthest-corner|contain|cover)(?:\s+(?:circle|ellipse|closest-side|closest-corner|farthest-side|farthest-corner|contain|cover))?$/i;
  const POSITION = /^(?:(?:left|right|top|bottom|center|[+-]?[\d.]+(?:%|[a-z]+)?)\s*){1,2}$/i;
  let position = '';
  let shape = '';
  let rest = parts;
  if (rest.length > 1 && POSITION.test(rest[0] as string) && !SHAPE.test(rest[0] as string)) {
    position = rest[0] as string;
    rest = rest.slice(1);
  }
  if (rest.length > 1 && SHAPE.test(rest[0] as string)) {
    // `contain` and `cover` are the old names of `closest-side` and `farthest-corner`.
    shape = (rest[0] as string)
      .toLowerCase()
      .replace('contain', 'closest-side')
      .replace('cover', 'farthest-corner');
    rest = rest.slice(1);
  }
  if (!position && !shape) return rest;
  const head = [shape, position ? `at ${position}` : ''].filter(Boolean).join(' ');
  return [head, ...rest];
}

/** One coordinate of a `-webkit-gradient` point in percent of the box, or a length in px (`px: true`). */
function pointCoordinate(word: string, horizontal: boolean): { value: number; px: boolean } | undefined {
  const w = word.toLowerCase();
  const keywords: Record<string, number> = horizontal
    ? { left: 0, center: 50, right: 100 }
    : { top: 0, center: 50, bottom: 100 };
  if (w in keywords) return { value: keywords[w] as number, px: false };
  const percent = /^([+-]?(?:\d+\.?\d*|\.\d+))%$/.exec(w);
  if (percent) return { value: Number(percent[1]), px: false };
  const px = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:px)?$/.exec(w);
  if (px) return { value: Number(px[1]), px: true };
  return undefined;
}

type Coordinate = { value: number; px: boolean };

function readPoint(text: string): [Coordinate, Coordinate] | undefined {
  const words = text.trim().split(/\s+/);
  if (words.length !== 2) return undefined;
  const x = pointCoordinate(words[0] as string, true);
  const y = pointCoordinate(words[1] as string, false);
  return x && y ? [x, y] : undefined;
}

/** A `-webkit-gradient` stop, `from(c)`, `to(c)` or `color-stop(<number> | <percentage>, c)`: offset 0–1 and colour. */
function readStop(text: string): { offset: number; color: string } | undefined {
  const match = /^(from|to|color-stop)\(([\s\S]*)\)$/i.exec(text.trim());
  if (!match) return undefined;
  const kind = (match[1] as string).toLowerCase();
  const args = splitArguments(match[2] as string);
  if (kind !== 'color-stop')
    return args.length === 1 ? { offset: kind === 'from' ? 0 : 1, color: args[0] as string } : undefined;
  if (args.length !== 2) return undefined;
  const at = /^([+-]?(?:\d+\.?\d*|\.\d+))(%?)$/.exec(args[0] as string);
  if (!at) return undefined;
  return { offset: Number(at[1]) / (at[2] ? 100 : 1), color: args[1] as string };
}

/** `-webkit-gradient(linear, …)`'s arguments as a standard `linear-gradient(…)`, or undefined. */
function webkitGradient(parts: string[]): string | undefined {
  if ((parts[0] ?? '').toLowerCase() !== 'linear' || parts.length < 3) return undefined;
  const start = readPoint(parts[1] as string);
  const end = readPoint(parts[2] as string);
  if (!start || !end) return undefined;
  const stops: { offset: number; color: string }[] = [];
  for (const part of parts.slice(3)) {
    const stop = readStop(part);
    if (!stop) return undefined;
    stops.push(stop);
  }
  // Chromium sorts a legacy gradient's stops by offset (stably), and draws nothing but the box without any.
  stops.sort((a, b) => a.offset - b.offset);
  if (stops.length === 0) return undefined;
  const [x1, y1] = start;
  const [x2, y2] = end;
  const sameX = x1.px === x2.px && x1.value === x2.value;
  const sameY = y1.px === y2.px && y1.value === y2.value;
  let direction: string;
  let from: number;
  let to: number;
  if (sameX && !sameY && !y1.px && !y2.px) {
    // Vertical: stops at percentages of the height, measured from the side the gradient starts at.
    direction = y2.value > y1.value ? 'to bottom' : 'to top';
    [from, to] = y2.value > y1.value ? [y1.value, y2.value] : [100 - y1.value, 100 - y2.value];
  } else if (sameY && !sameX && !x1.px && !x2.px) {
    direction = x2.value > x1.value ? 'to right' : 'to left';
    [from, to] = x2.value > x1.value ? [x1.value, x2.value] : [100 - x1.value, 100 - x2.value];
  } else if (
    !x1.px &&
    !x2.px &&
    !y1.px &&
    !y2.px &&
    [x1, x2, y1, y2].every((c) => c.value === 0 || c.value === 100) &&
    x1.value !== x2.value &&
    y1.value !== y2.value
  ) {
    // Corner to corner: the standard's `to <corner>` (exact in a square box; its angle differs a little in others).
    direction = `to ${x2.value > x1.value ? 'right' : 'left'} ${y2.value > y1.value ? 'bottom' : 'top'}`;
    from = 0;
    to = 100;
  } else return undefined;
  const written = stops.map(({ offset, color }) => `${color} ${number(from + offset * (to - from))}%`);
  return `linear-gradient(${direction}, ${written.join(', ')})`;
}

/** One legacy gradient function's name and arguments as a standard gradient, or undefined when left as written. */
function standardGradient(name: string, inner: string): string | undefined {
  const parts = splitArguments(inner);
  if (name === 'gradient') return webkitGradient(parts);
  if (name.endsWith('radial-gradient')) {
    const args = radialArguments(parts);
    return args ? `${name}(${args.join(', ')})` : undefined;
  }
  const direction = prefixedDirection(parts[0] as string);
  if (direction === undefined) return undefined;
  const args = direction ? [direction, ...parts.slice(1)] : parts;
  return `${name}(${args.join(', ')})`;
}

/** `value` with every legacy gradient Chromium draws written as the standard gradient; unchanged when it has none. */
export function standardGradients(value: string): string {
  if (!/-webkit-[a-z-]*gradient\(/i.test(value)) return value;
  let out = '';
  let last = 0;
  LEGACY.lastIndex = 0;
  for (let match = LEGACY.exec(value); match; match = LEGACY.exec(value)) {
    const args = argumentsFrom(value, match.index + match[0].length);
    if (!args) break;
    const converted = standardGradient((match[1] as string).toLowerCase(), args.inner);
    if (converted === undefined) continue;
    out += value.slice(last, match.index) + converted;
    last = args.end;
    LEGACY.lastIndex = args.end;
  }
  return out + value.slice(last);
}
