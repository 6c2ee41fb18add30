/**
 * The extent of SVG path data, for the text layer (raster/text-layer.ts): what satori's backgrounds, borders and
 * text paths left with resvg cover, and each glyph outline's bounds.
 */
import { pathNumber, readPathNumber } from '../svg/path-number.js';

/** A box on the canvas in CSS px: left, top, right, bottom. */
export type Box = [number, number, number, number];

/** Arguments a command takes (by its lower-case letter's char code); -1 for a character that is no command. */
const ARITY = new Int8Array(128).fill(-1);
for (const [letter, arity] of Object.entries({
  m: 2,
  l: 2,
  h: 1,
  v: 1,
  c: 6,
  s: 4,
  q: 4,
  t: 2,
  a: 7,
  z: 0,
})) {
  ARITY[letter.charCodeAt(0)] = arity;
  ARITY[letter.toUpperCase().charCodeAt(0)] = arity;
}
/**
 * A box around path data (satori's backgrounds and borders: absolute and relative lines, curves and arcs): every
 * point and control point, and around each arc twice its largest radius or chord; undefined for data it cannot read
 * whole. Read one character at a time (no token strings or match arrays: a page's text left with resvg is long path
 * data), with the same arithmetic in the same order as the token reader it replaced.
 */
export function pathExtent(d: string): Box | undefined {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (px: number, py: number, pad: number): void => {
    minX = Math.min(minX, px - pad);
    minY = Math.min(minY, py - pad);
    maxX = Math.max(maxX, px + pad);
    maxY = Math.max(maxY, py + pad);
  };
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  /** The command's letter (0: none yet), its lower-case letter, and whether it is relative. */
  let command = 0;
  let current = 0;
  let relative = false;
  let arity = 0;
  const numbers: number[] = [0, 0, 0, 0, 0, 0, 0];
  let count = 0;
  const length = d.length;
  for (let at = 0; at < length; ) {
    const code = d.charCodeAt(at);
    const commandArity = code < 128 ? (ARITY[code] as number) : -1;
    if (commandArity >= 0) {
      if (count > 0) return undefined;
      command = code;
      current = code | 32;
      relative = command === current;
      arity = commandArity;
      if (current === 122) {
        x = startX;
        y = startY;
      }
      at++;
      continue;
    }
    const end = readPathNumber(d, at, false, false);
    if (end < 0) {
      at++;
      continue;
    }
    if (command === 0 || current === 122) return undefined;
    numbers[count++] = pathNumber.value;
    at = end;
    if (count < arity) continue;
    const offsetX = relative ? x : 0;
    const offsetY = relative ? y : 0;
    let endX: number;
    let endY: number;
    if (current === 104) {
      // h
      endX = (numbers[0] as number) + offsetX;
      endY = y;
    } else if (current === 118) {
      // v
      endX = x;
      endY = (numbers[0] as number) + offsetY;
    } else if (current === 97) {
      // a
      endX = (numbers[5] as number) + offsetX;
      endY = (numbers[6] as number) + offsetY;
      const rx = Math.abs(numbers[0] as number);
      const ry = Math.abs(numbers[1] as number);
      const reach = 2 * Math.max(rx, ry, Math.abs(endX - x), Math.abs(endY - y));
      add(x, y, reach);
      add(endX, endY, reach);
    } else {
      for (let i = 0; i + 2 < count; i += 2)
        add((numbers[i] as number) + offsetX, (numbers[i + 1] as number) + offsetY, 0);
      endX = (numbers[count - 2] as number) + offsetX;
      endY = (numbers[count - 1] as number) + offsetY;
    }
    // A move draws nothing from where it starts.
    if (current !== 109) add(x, y, 0);
    add(endX, endY, 0);
    x = endX;
    y = endY;
    if (current === 109) {
      startX = endX;
      startY = endY;
      // Further pairs after a move are lines.
      command = relative ? 108 : 76;
      current = 108;
      arity = 2;
    }
    count = 0;
  }
  const box: Box = [minX, minY, maxX, maxY];
  return count === 0 && box.every(Number.isFinite) ? box : undefined;
}
