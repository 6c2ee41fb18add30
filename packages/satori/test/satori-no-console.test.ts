// Pictor change satori-no-console: satori wrote a document's own content to the console — a malformed data: URL in
// full ("Image data URI resolved without size:" + megabytes of base64 in a service's log, once per render), a cyclic
// custom property, an image it could not load, a Tailwind utility twrnc does not know. The engine never calls the
// console for these: such a value is handled as in Chromium (a cycle makes the variable invalid, its fallback is used;
// a data: URL without a comma names no image, a background layer of it draws nothing) and reported, where it is
// reported, as a style error. css-to-react-native's warning about a unit where none belongs (`opacity: 1px`): unit-check-quiet.test.ts. Found by benchmarks/guards/fuzz-render.mjs. Core's repro: bad-url-dropped (the cycle).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h, hp, pixels, redBox, render } from './render.js';

describe('satori writes nothing to the console', () => {
  const calls: unknown[][] = [];
  beforeEach(() => {
    for (const method of ['log', 'info', 'warn', 'error'] as const)
      vi.spyOn(console, method).mockImplementation((...args) => void calls.push(args));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    calls.length = 0;
  });

  it('a cyclic custom property: its fallback is used', async () => {
    const svg = await render(
      h('div', {
        width: 40,
        height: 40,
        '--a': 'var(--b)',
        '--b': 'var(--a)',
        backgroundColor: 'var(--a, blue)',
      }),
      { width: 40, height: 40 },
    );
    const rgba = await pixels(svg);
    expect([...rgba.subarray((20 * 40 + 20) * 4, (20 * 40 + 20) * 4 + 4)]).toEqual([0, 0, 255, 255]);
    expect(calls).toEqual([]);
  });

  it('a background data: URL without a comma: nothing drawn for it, the colour stays, a style error', async () => {
    const image = 'url(data:image/jpeg;background-color:#B9F6CA)';
    const { svg, errors, centre } = await redBox({ backgroundImage: image });
    expect(svg).not.toContain('<image');
    expect(centre).toEqual([255, 0, 0, 255]);
    expect(errors).toEqual([
      `Image not loaded: "${image}" is not an absolute http(s) or data: URL; nothing is drawn for it`,
    ]);
    expect(calls).toEqual([]);
  });

  it('a tw prop with a utility twrnc does not know', async () => {
    const svg = await render(hp('div', { tw: 'w-10 h-10 bg-red-500 bogus-utility text-[red]' }), {
      width: 40,
      height: 40,
    });
    expect(svg).toContain('fill="#ef4444"');
    expect(calls).toEqual([]);
  });

  for (const src of ['data:image/png;no-comma', 'data:image/x-unknown,abc']) {
    it(`an <img> whose data: URL has no size (${src}) is left out`, async () => {
      const svg = await render(hp('img', { src, width: 20, height: 20 }), { width: 40, height: 40 });
      expect(svg).toContain('<svg');
      expect(calls).toEqual([]);
    });
  }
});
