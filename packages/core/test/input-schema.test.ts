/** The JSON Schema of the render input says what validateRenderInput accepts: one set of rules, two readers. */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, renderInputSchema } from '../src/index.js';
import { validateRenderInput } from '../src/validate.js';

const accepts = (input: unknown): boolean => {
  try {
    validateRenderInput(input, DEFAULT_LIMITS);
    return true;
  } catch {
    return false;
  }
};

describe('renderInputSchema', () => {
  const schema = new Ajv({ strict: false }).compile(renderInputSchema());
  const font = { family: 'Inter', data: 'AAEAAA==' };
  // JSON inputs on both sides of every rule the schema states (not the pixel count, which depends on scale, nor the
  // HTML length, which counts markup without inlined data: resources: the schema leaves both to the engine).
  const inputs: [string, unknown][] = [
    ['html only', { html: '<p>x</p>' }],
    ['no html', { width: 10 }],
    ['html not a string', { html: 5 }],
    ['html at the length limit', { html: 'x'.repeat(DEFAULT_LIMITS.maxHtmlLength) }],
    ['an unknown field', { html: '', widht: 10 }],
    ['width 1 and 4096', { html: '', width: 1, height: 4096 }],
    ['width 0', { html: '', width: 0 }],
    ['width 4097', { html: '', width: 4097 }],
    ['width 10.5', { html: '', width: 10.5 }],
    ['width "10"', { html: '', width: '10' }],
    ['scale 1.5', { html: '', scale: 1.5 }],
    ['scale 0.5', { html: '', scale: 0.5 }],
    ['scale 4.5', { html: '', scale: 4.5 }],
    ['each format', { html: '', format: 'webp' }],
    ['format gif', { html: '', format: 'gif' }],
    ['quality 0 and 100', { html: '', quality: 100 }],
    ['quality 101', { html: '', quality: 101 }],
    ['quality 50.5', { html: '', quality: 50.5 }],
    ['a data font', { html: '', fonts: [font] }],
    [
      'a url font with weight and style',
      { html: '', fonts: [{ family: 'A', url: 'https://x/a.woff2', weight: 700, style: 'italic' }] },
    ],
    ['fonts not an array', { html: '', fonts: font }],
    ['a font with url and data', { html: '', fonts: [{ ...font, url: 'https://x/a.ttf' }] }],
    ['a font with neither', { html: '', fonts: [{ family: 'A' }] }],
    ['a font with a blank family', { html: '', fonts: [{ ...font, family: '  ' }] }],
    ['a font of weight 950', { html: '', fonts: [{ ...font, weight: 950 }] }],
    ['a font of style oblique', { html: '', fonts: [{ ...font, style: 'oblique' }] }],
    ['baseUrl and saveTo', { html: '', baseUrl: 'https://example.com/', saveTo: '/tmp/x.png' }],
    ['baseUrl not a string', { html: '', baseUrl: 1 }],
    ['textPositioning fractional', { html: '', textPositioning: 'fractional' }],
    ['textPositioning subpixel', { html: '', textPositioning: 'subpixel' }],
  ];

  it.each(inputs)('%s: the schema and the engine agree', (_name, input) => {
    expect(schema(input)).toBe(accepts(input));
  });

  it('follows the limits it is given', () => {
    const small = new Ajv({ strict: false }).compile(renderInputSchema({ maxDimension: 100 }));
    expect(small({ html: '', width: 100 })).toBe(true);
    expect(small({ html: '', width: 101 })).toBe(false);
  });
});
