/**
 * Numbers of path data read from their characters (svg/path-number.ts), for the extent readers (raster/path-extent.ts,
 * svg/offcanvas-layers.ts `pathBox`) that read them with regular expressions before: at every position of random
 * strings, where the number ends and its value (negative zero told apart) are the sticky expression's match and
 * `Number` of it, in both grammars.
 */
import { describe, expect, it } from 'vitest';
import { pathNumber, readPathNumber } from '../src/svg/path-number.js';
import { seededRandom } from './helpers/seeded-random.js';

// The expressions the readers used (path-extent's token reader and offcanvas-layers' pathBox).
const MINUS_LOWER_E = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/y;
const SIGNED_ANY_E = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/y;

const PIECES = ['-', '+', '.', 'e', 'E', '0', '1', '9', '00', '123', '4567', ' ', ',', 'l', 'x'];

function randomText(next: () => number): string {
  if (next() < 0.3) {
    const v = (next() - 0.5) * 10 ** Math.floor(next() * 12 - 4);
    const pick = next();
    if (pick < 0.4) return String(v);
    if (pick < 0.8) return v.toFixed(Math.floor(next() * 18));
    return v.toExponential(Math.floor(next() * 17));
  }
  let text = '';
  const length = 1 + Math.floor(next() * 14);
  for (let i = 0; i < length; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

const shown = (v: number) => (Object.is(v, -0) ? '-0' : v);

function expectSame(text: string, expression: RegExp, plus: boolean, upperExponent: boolean) {
  for (let at = 0; at <= text.length; at++) {
    expression.lastIndex = at;
    const match = expression.exec(text);
    const end = readPathNumber(text, at, plus, upperExponent);
    const label = `${JSON.stringify(text)} @${at}`;
    if (!match) {
      expect(end, label).toBe(-1);
      continue;
    }
    expect(end, label).toBe(expression.lastIndex);
    expect(shown(pathNumber.value), label).toBe(shown(Number(match[0])));
  }
}

describe('path numbers', () => {
  it('read as the expressions and Number read them', () => {
    const fixed = [
      '12.5',
      '-0',
      '-0.0',
      '+0',
      '.5',
      '-.75',
      '1.',
      '1e5',
      '1E5',
      '2.e-1',
      '1e',
      '--5',
      '1.2.3',
      '0.1',
      '0.30000000000000004',
      '123456789012345.6',
      '9007199254740993',
      '1234567890.12345678',
      '007.50',
      '5e-324',
    ];
    const next = seededRandom(3);
    const texts = [...fixed, ...Array.from({ length: 20_000 }, () => randomText(next))];
    for (const text of texts) {
      expectSame(text, MINUS_LOWER_E, false, false);
      expectSame(text, SIGNED_ANY_E, true, true);
    }
  });
});
