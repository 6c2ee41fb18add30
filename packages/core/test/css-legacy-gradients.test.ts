/**
 * Pictor (legacy-gradients): Chromium draws WebKit's legacy gradients, `-webkit-gradient(linear, <point>, <point>,
 * from(), color-stop(), to())` and the prefixed `-webkit-linear-gradient(<side> | <angle>, …)` (and its repeating and
 * radial kinds), whose side names the start and whose angle runs counter-clockwise from the right. Pictor dropped
 * them; core now writes them as standard gradients. `-moz-`/`-o-` ones and a prefixed one with `to` stay dropped, as
 * Chromium drops them (repro legacy-gradients, compared with Chromium).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { standardGradients } from '../src/html/style-sheets/legacy-gradients.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

describe('standardGradients', () => {
  it('writes -webkit-gradient(linear, …) as linear-gradient with its stops sorted and placed between its points', () => {
    expect(standardGradients('-webkit-gradient(linear, left top, left bottom, from(#fff), to(#36c))')).toBe(
      'linear-gradient(to bottom, #fff 0%, #36c 100%)',
    );
    expect(
      standardGradients(
        '-webkit-gradient(linear,left bottom,left top,color-stop(.75,#f0f),color-stop(25%,#000))',
      ),
    ).toBe('linear-gradient(to top, #000 25%, #f0f 75%)');
    expect(
      standardGradients('-webkit-gradient(linear, right top, left top, from(rgba(0,0,0,.5)), to(red))'),
    ).toBe('linear-gradient(to left, rgba(0,0,0,.5) 0%, red 100%)');
    expect(standardGradients('-webkit-gradient(linear, 0% 0%, 0% 50%, from(#fff), to(#c60)), #2a3f54')).toBe(
      'linear-gradient(to bottom, #fff 0%, #c60 50%), #2a3f54',
    );
  });

  it('writes a prefixed gradient’s start side as the standard’s end side and its angle as 90deg − angle', () => {
    expect(standardGradients('-webkit-linear-gradient(top, #fff 0%, #000 100%)')).toBe(
      'linear-gradient(to bottom, #fff 0%, #000 100%)',
    );
    expect(standardGradients('-webkit-linear-gradient(left top, #fff, #000)')).toBe(
      'linear-gradient(to right bottom, #fff, #000)',
    );
    expect(standardGradients('-webkit-linear-gradient(30deg, #c33, #33c)')).toBe(
      'linear-gradient(60deg, #c33, #33c)',
    );
    expect(standardGradients('-webkit-linear-gradient(#c33, #33c)')).toBe('linear-gradient(#c33, #33c)');
    expect(standardGradients('-webkit-repeating-linear-gradient(left, #000, #fff 10px)')).toBe(
      'repeating-linear-gradient(to right, #000, #fff 10px)',
    );
    expect(standardGradients('-webkit-radial-gradient(center, ellipse cover, #ff0, #00f)')).toBe(
      'radial-gradient(ellipse farthest-corner at center, #ff0, #00f)',
    );
  });

  it('leaves what Chromium drops, or what it cannot write, as written', () => {
    for (const value of [
      '-moz-linear-gradient(top, #fff, #000)',
      '-o-linear-gradient(top, #fff, #000)',
      '-webkit-linear-gradient(to right, #fff, #000)',
      '-webkit-gradient(radial, 50 50, 0, 50 50, 40, from(#fff), to(#000))',
      'linear-gradient(to right, #fff, #000)',
    ])
      expect(standardGradients(value)).toBe(value);
  });
});

describe('a legacy gradient in a sheet or a style attribute', () => {
  it('is drawn as Chromium draws it', async () => {
    const html = readFileSync(join(dir, 'legacy-gradients.html'), 'utf8');
    const result = await renderer.render({ html, width: 440, height: 288, format: 'png' });
    // The three declarations Chromium drops too are named by the engine.
    expect(result.warnings).toHaveLength(3);
    expect(result.warnings.every((w) => /-(moz|o|webkit)-linear-gradient\((top|to right)/.test(w))).toBe(
      true,
    );
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'legacy-gradients.chromium.png')),
    );
    expect(mean).toBeLessThan(1);
    expect(far).toBeLessThan(0.001);
  });
});
