/** CSS Fonts 4 weight and style matching (src/fonts/matching.ts), applied before satori sees the fonts. */
import { describe, expect, it } from 'vitest';
import { cssFaceSet, matchFace } from '../src/fonts/matching.js';
import { parseUnicodeRange } from '../src/fonts/unicode-range.js';

type Face = { weight: number; style: 'normal' | 'italic'; id: string };
const face = (weight: number, style: 'normal' | 'italic' = 'normal'): Face => ({
  weight,
  style,
  id: `${weight}${style[0]}`,
});
const pick = (faces: Face[], weight: number, style: 'normal' | 'italic' = 'normal') =>
  matchFace(faces, weight, style)?.id;

describe('matchFace', () => {
  it('500 with only 400 and 700 takes 400 (up to 500, then down), as Chrome does', () => {
    expect(pick([face(400), face(700)], 500)).toBe('400n');
    expect(pick([face(700), face(400)], 500)).toBe('400n');
    expect(pick([face(300), face(700)], 500)).toBe('300n');
    expect(pick([face(300), face(500), face(600)], 400)).toBe('500n');
    expect(pick([face(300), face(600)], 400)).toBe('300n');
  });

  it('below 400 looks down first, above 500 up first', () => {
    expect(pick([face(200), face(400)], 300)).toBe('200n');
    expect(pick([face(400), face(700)], 300)).toBe('400n');
    expect(pick([face(400), face(700)], 600)).toBe('700n');
    expect(pick([face(400), face(700)], 900)).toBe('700n');
    expect(pick([face(400), face(500)], 600)).toBe('500n');
  });

  it('style narrows before weight: italic faces first, then normal ones (synthesised oblique)', () => {
    const inter = [face(400), face(500), face(700), face(400, 'italic')];
    expect(pick(inter, 700, 'italic')).toBe('400i');
    expect(pick(inter, 500, 'italic')).toBe('400i');
    expect(pick([face(400), face(700)], 700, 'italic')).toBe('700n');
    expect(pick([face(400, 'italic')], 700)).toBe('400i');
  });

  it('the earlier of two faces with the same weight and style wins', () => {
    expect(matchFace([{ ...face(400), id: 'first' }, face(400)], 400, 'normal')?.id).toBe('first');
  });
});

describe('cssFaceSet', () => {
  it('gives satori one entry per family, weight and style, the regular face first', () => {
    const data = (n: number) => Buffer.from([n]);
    const set = cssFaceSet([
      { name: 'Brand', data: data(4), weight: 400, style: 'normal' },
      { name: 'brand', data: data(7), weight: 700, style: 'normal' },
      { name: 'Other', data: data(1), weight: 400, style: 'normal' },
    ]);
    expect(set).toHaveLength(2 * 18);
    expect(set[0]).toMatchObject({ name: 'Brand', weight: 400, style: 'normal' });
    const brand = (weight: number, style: string) =>
      (
        set.find((f) => f.name.toLowerCase() === 'brand' && f.weight === weight && f.style === style)?.data as
          | Buffer
          | undefined
      )?.[0];
    expect(brand(500, 'normal')).toBe(4);
    expect(brand(600, 'normal')).toBe(7);
    expect(brand(800, 'italic')).toBe(7);
    expect(set.slice(18).every((f) => f.name === 'Other')).toBe(true);
  });

  it('hands the faces one unicode-range splits a font into as one font, the one given last first', () => {
    const data = (n: number) => Buffer.from([n]);
    const ranged = (n: number, weight: 400 | 700, unicodeRange: [number, number][]) => ({
      name: 'Split',
      data: data(n),
      weight,
      style: 'normal' as const,
      unicodeRange,
    });
    const set = cssFaceSet([
      ranged(1, 400, [[0x400, 0x4ff]]),
      ranged(2, 400, [[0, 0xff]]),
      ranged(3, 700, [[0, 0xff]]),
    ]);
    const parts = (weight: number) =>
      set.filter((f) => f.weight === weight && f.style === 'normal').map((f) => (f.data as Buffer)[0]);
    expect(parts(400)).toEqual([2, 1]);
    expect(parts(700)).toEqual([3]);
    expect(parts(500)).toEqual([2, 1]);
  });
});

describe('parseUnicodeRange', () => {
  it('reads single code points, ranges and wildcards; an invalid value is ignored', () => {
    expect(parseUnicodeRange('U+0000-00FF, U+0131,u+4??')).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x400, 0x4ff],
    ]);
    expect(parseUnicodeRange('U+10FFFF-1FFFFF')).toEqual([[0x10ffff, 0x10ffff]]);
    expect(parseUnicodeRange('U+00FF-0000')).toBeUndefined();
    expect(parseUnicodeRange('latin')).toBeUndefined();
    expect(parseUnicodeRange('U+4?-50')).toBeUndefined();
  });
});

describe('a variable face serves the weights of its range (issue 40, item 8)', () => {
  const variable = { name: 'v', weight: 300, weightRange: [300, 500] as [number, number] };
  const bold = { name: 'b', weight: 700 };
  it('matches every weight inside its range exactly, and ranks by its nearer end outside it', () => {
    expect(matchFace([variable, bold], 450, 'normal')?.name).toBe('v');
    expect(matchFace([variable, bold], 300, 'normal')?.name).toBe('v');
    expect(matchFace([variable, bold], 700, 'normal')?.name).toBe('b');
    expect(matchFace([variable, bold], 600, 'normal')?.name).toBe('b');
    expect(matchFace([variable, bold], 200, 'normal')?.name).toBe('v');
    expect(matchFace([{ name: 's', weight: 500 }, bold], 450, 'normal')?.name).toBe('s');
  });
});
