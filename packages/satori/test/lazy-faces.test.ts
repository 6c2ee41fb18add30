// Pictor change lazy-faces: a face given to satori is parsed when a render first needs it, not when the font list is
// loaded. A worker holds ten built-in faces (and up to a hundred with the optional sets) and a Latin card draws
// with one or two; parsing every face at the first render was ~8% of a fresh worker's start.
import { describe, expect, it } from 'vitest';
import { fontStats, fonts, h, parseFaces, pixels, render } from './render.js';

const [regular, bold] = fonts;

/** `count` faces with bytes of their own (no face shared with another test), named `Face 0`…. */
const ownFaces = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    ...regular,
    name: `${prefix} ${i}`,
    data: Buffer.from(regular.data),
  }));

const parsed = () => fontStats?.().facesParsed ?? Number.NaN;

describe('faces parsed on first use', () => {
  it('parses only the face a render draws with, of ten', async () => {
    const faces = ownFaces('Ten', 10);
    const before = parsed();
    const line = h('div', { display: 'flex', fontFamily: 'Ten 3', fontSize: 20 }, 'Only one face');
    const svg = await render(line, { width: 200, height: 40, fonts: faces });
    expect(svg).toContain('<path');
    expect(parsed() - before).toBe(1);
    // A second render with the same faces parses nothing more; one with a character the face lacks walks on.
    await render(line, { width: 200, height: 40, fonts: faces });
    expect(parsed() - before).toBe(1);
  });

  it('parses the fallback faces in order only as characters ask for them', async () => {
    const faces = ownFaces('Walk', 4);
    const before = parsed();
    // Hebrew is in no face: every face is looked at, the last one stands in (as before).
    await render(h('div', { display: 'flex', fontFamily: 'Walk 0', fontSize: 20 }, 'A \u05D0'), {
      width: 200,
      height: 40,
      fonts: faces,
    });
    expect(parsed() - before).toBe(4);
  });

  it('draws the same pixels as a face parsed long before', async () => {
    const line = (family: string) =>
      h('div', { display: 'flex', fontFamily: family, fontSize: 24 }, 'Same pixels, fi ffl 0123');
    const lazy = await pixels(
      await render(line('Lazy 2'), { width: 320, height: 40, fonts: ownFaces('Lazy', 3) }),
    );
    // Inter's own bytes, parsed by the first render of this process.
    await render(line('Inter'), { width: 320, height: 40, fonts: [regular, bold] });
    const eager = await pixels(
      await render(line('Inter'), { width: 320, height: 40, fonts: [regular, bold] }),
    );
    expect(lazy.equals(eager)).toBe(true);
  });

  it('parses every face of a list when asked ahead of a render (set-up outside its time limit)', async () => {
    const faces = ownFaces('Ahead', 5);
    const before = parsed();
    expect(parseFaces).toBeTypeOf('function');
    await parseFaces?.(faces);
    expect(parsed() - before).toBe(5);
    // The render then parses nothing.
    await render(h('div', { display: 'flex', fontFamily: 'Ahead 4', fontSize: 20 }, 'Ready'), {
      width: 200,
      height: 40,
      fonts: faces,
    });
    expect(parsed() - before).toBe(5);
  });

  it('leaves a face that cannot be parsed alone until a render uses it', async () => {
    const broken = {
      ...regular,
      name: 'Broken',
      data: Buffer.from('not a font at all, but long enough to look'),
    };
    const options = { width: 200, height: 40, fonts: [regular, broken] };
    // Before: the whole font list failed to load, whatever the text.
    const svg = await render(h('div', { display: 'flex', fontSize: 20 }, 'Fine'), options);
    expect(svg).toContain('<path');
    await expect(
      render(h('div', { display: 'flex', fontFamily: 'Broken', fontSize: 20 }, 'Broken'), options),
    ).rejects.toThrow(/signature|font/i);
  });
});
