import { describe, expect, it } from 'vitest';
import { chooseFromSrcset, parseSrcset } from '../src/html/elements/image-source.js';

describe('srcset candidates (image-source.ts)', () => {
  it('keeps a data: URI whole, commas and all, and drops candidates whose descriptor does not parse', () => {
    const uri = 'data:image/png;base64,AAAA';
    expect(parseSrcset(`${uri} 1x, b.png 2x, c.png 3q, d.png 100w`)).toEqual([
      { url: uri, density: 1 },
      { url: 'b.png', density: 2 },
      { url: 'd.png', width: 100 },
    ]);
    // A URL runs to white space (HTML's parser): a comma inside is part of it, one at its end separates.
    expect(parseSrcset('a.png,b.png 2x')).toEqual([{ url: 'a.png,b.png', density: 2 }]);
    expect(parseSrcset('a.png, b.png 2x')).toEqual([{ url: 'a.png' }, { url: 'b.png', density: 2 }]);
  });

  it("picks x candidates by Chrome's rule: the denser one once the scale passes the geometric mean", () => {
    const set = 'a.png 1x, b.png 2x';
    expect(chooseFromSrcset(set, undefined, { width: 800, scale: 1 })?.url).toBe('a.png');
    expect(chooseFromSrcset(set, undefined, { width: 800, scale: 1.3 })?.url).toBe('a.png');
    expect(chooseFromSrcset(set, undefined, { width: 800, scale: 1.5 })?.url).toBe('b.png');
    expect(chooseFromSrcset(set, undefined, { width: 800, scale: 3 })).toEqual({ url: 'b.png', density: 2 });
  });

  it('gives a w candidate its density from the sizes slot (100vw when no entry matches)', () => {
    const set = 's.png 400w, l.png 800w';
    const sizes = '(max-width: 600px) 100vw, 400px';
    expect(chooseFromSrcset(set, sizes, { width: 1280, scale: 1 })).toEqual({ url: 's.png', density: 1 });
    expect(chooseFromSrcset(set, sizes, { width: 1280, scale: 2 })).toEqual({ url: 'l.png', density: 2 });
    // A 500px viewport: the first entry, a 500px slot; 400w is 0.8x, under the scale: the 800w one (1.6x).
    expect(chooseFromSrcset(set, sizes, { width: 500, scale: 1 })).toEqual({ url: 'l.png', density: 1.6 });
    expect(chooseFromSrcset('one.png 350w', undefined, { width: 1400, scale: 1 })).toEqual({
      url: 'one.png',
      density: 0.25,
    });
  });
});
