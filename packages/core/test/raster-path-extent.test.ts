/**
 * The extent of path data (raster/path-extent.ts), read one character at a time since it replaced a token reader
 * (a regular expression's matches) for speed: the same boxes as that reader, kept here as the reference, on
 * satori's path shapes, glyph outlines, arcs, exponents, odd separators and broken data, and on 20,000 random strings.
 */
import { describe, expect, it } from 'vitest';
import { pathExtent } from '../src/raster/path-extent.js';
import { seededRandom } from './helpers/seeded-random.js';

type Box = [number, number, number, number];

// The reader pathExtent replaced, as it was (text-layer.ts before the ninth page-CPU pass).
const PATH_TOKEN = /[MmLlHhVvCcSsQqTtAaZz]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g;
const PATH_ARITY: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

/**
 * A box around path data (satori's backgrounds and borders: absolute and relative lines, curves and arcs): every
 * point and control point, and around each arc twice its largest radius or chord; undefined for data it cannot read
 * whole.
 */
function tokenExtent(d: string): Box | undefined {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number, pad = 0): void => {
    box[0] = Math.min(box[0], x - pad);
    box[1] = Math.min(box[1], y - pad);
    box[2] = Math.max(box[2], x + pad);
    box[3] = Math.max(box[3], y + pad);
  };
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let command = '';
  let numbers: number[] = [];
  for (const [token] of d.matchAll(PATH_TOKEN)) {
    const kind = token.toLowerCase();
    if (kind in PATH_ARITY) {
      if (numbers.length > 0) return undefined;
      command = token;
      if (kind === 'z') [x, y] = [startX, startY];
      continue;
    }
    if (command === '' || command.toLowerCase() === 'z') return undefined;
    numbers.push(Number(token));
    const current = command.toLowerCase();
    if (numbers.length < (PATH_ARITY[current] as number)) continue;
    const relative = command === current;
    const at = (i: number): [number, number] => [
      (numbers[i] as number) + (relative ? x : 0),
      (numbers[i + 1] as number) + (relative ? y : 0),
    ];
    let end: [number, number];
    if (current === 'h') end = [(numbers[0] as number) + (relative ? x : 0), y];
    else if (current === 'v') end = [x, (numbers[0] as number) + (relative ? y : 0)];
    else if (current === 'a') {
      end = at(5);
      const [rx, ry] = [Math.abs(numbers[0] as number), Math.abs(numbers[1] as number)];
      const reach = 2 * Math.max(rx, ry, Math.abs(end[0] - x), Math.abs(end[1] - y));
      add(x, y, reach);
      add(end[0], end[1], reach);
    } else {
      for (let i = 0; i + 2 < numbers.length; i += 2) add(...at(i));
      end = at(numbers.length - 2);
    }
    // A move draws nothing from where it starts.
    if (current !== 'm') add(x, y);
    add(...end);
    [x, y] = end;
    if (current === 'm') {
      [startX, startY] = end;
      // Further pairs after a move are lines.
      command = relative ? 'l' : 'L';
    }
    numbers = [];
  }
  return numbers.length === 0 && box.every(Number.isFinite) ? box : undefined;
}

const PIECES = [
  'M',
  'm',
  'L',
  'l',
  'H',
  'h',
  'V',
  'v',
  'C',
  'c',
  'S',
  's',
  'Q',
  'q',
  'T',
  't',
  'A',
  'a',
  'Z',
  'z',
  ' ',
  ' ',
  ' ',
  ',',
  '-',
  '.',
  'e',
  'e-',
  'e+',
  'E',
  '+',
  '0',
  '1',
  '7',
  '12',
  '3.5',
  '-4.25',
  '.5',
  '-.75',
  '1e3',
  '2.e-1',
  'x',
  '#',
  '\u00e9',
  '\n',
  '~',
];

function randomPath(next: () => number): string {
  const length = 1 + Math.floor(next() * 40);
  let d = next() < 0.8 ? 'M' : '';
  for (let i = 0; i < length; i++) d += PIECES[Math.floor(next() * PIECES.length)];
  return d;
}

/** Well-formed data: commands with the right number of arguments, relative and absolute. */
function wellFormed(next: () => number): string {
  const arity: Record<string, number> = { l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7 };
  const number = () => {
    const v = next() * 400 - 200;
    const pick = next();
    // Rounded to 0–2 places (satori's), written to 0–17 digits, and with an exponent.
    if (pick < 0.5) return (Math.round(v * 100) / 100).toString();
    if (pick < 0.9) return v.toFixed(Math.floor(next() * 18));
    return v.toExponential(Math.floor(next() * 6));
  };
  let d = `M${number()} ${number()}`;
  for (let i = 0; i < 12; i++) {
    const letters = Object.keys(arity);
    let letter = letters[Math.floor(next() * letters.length)] as string;
    if (next() < 0.5) letter = letter.toUpperCase();
    const args = Array.from({ length: arity[letter.toLowerCase()] as number }, (_, k) =>
      letter.toLowerCase() === 'a' && k >= 3 && k <= 4 ? String(Math.round(next())) : number(),
    );
    d += `${letter}${args.join(next() < 0.5 ? ' ' : ',')}`;
    if (next() < 0.1) d += next() < 0.5 ? 'Z' : 'z';
  }
  return d;
}

/** A box with its negative zeros told apart (toEqual takes -0 for 0). */
const exactly = (box: Box | undefined) => box?.map((v) => (Object.is(v, -0) ? '-0' : v));
const same = (d: string) => expect(exactly(pathExtent(d)), d).toEqual(exactly(tokenExtent(d)));

describe('path extent', () => {
  it('reads the shapes satori writes', () => {
    const cases = [
      'M0 0h100v50H0z',
      'M10.5 20.25L30 40l-5 5Z',
      'M12 0 l4 0 c1 2 3 4 5 6 s1 1 2 2 q3 3 4 4 t1 1 a5 5 0 0 1 10 0 z',
      'M0,0 A 10 20 0 1 0 30 40',
      'M1e2 -2.5e-1 L.5 -.5',
      'M0 0 1 1 2 2 3 3',
      'm5 5 1 1 2 2 z m 3 3 l 1 1',
      'M0 0 L 1',
      'M0 0 Z 5',
      '10 10',
      '',
      'M12.3 45.6l1.2-3.4q.5.5 1 1',
      'M--5 6',
      'M1.2.3.4',
      'M1e 5 6e+',
      'M-0 -0.0L-.0 0',
      'M0.1 0.2l0.30000000000000004 123456789.012345 1234567890.1234567 -99999999999999.9',
      'M007.50 -000.125e2 5e-324 1e309',
    ];
    for (const d of cases) same(d);
    expect(pathExtent('M0 0h100v50H0z')).toEqual([0, 0, 100, 50]);
    expect(pathExtent('M0 0 L 1')).toBeUndefined();
  });

  it('gives the reference boxes on 20,000 random strings', () => {
    const next = seededRandom(41);
    for (let i = 0; i < 10_000; i++) same(randomPath(next));
    for (let i = 0; i < 10_000; i++) same(wellFormed(next));
  });
});
