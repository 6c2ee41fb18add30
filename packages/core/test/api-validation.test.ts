/** Input validation: strict types, limits, and messages that name the field and the rule. */
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer, PictorError } from '../src/index.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

const html = '<div style="width:10px;height:10px"></div>';

async function rejection(input: unknown): Promise<PictorError> {
  const error = await renderer.render(input as never).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PictorError);
  return error as PictorError;
}

describe('render input validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['width 0', { width: 0 }, 'width: must be an integer from 1 to 4096'],
    ['width 4097', { width: 4097 }, 'width: must be an integer from 1 to 4096'],
    ['width 1.5', { width: 1.5 }, 'width: must be an integer from 1 to 4096'],
    ['width "100" (no coercion)', { width: '100' }, 'width: must be an integer from 1 to 4096'],
    ['width null', { width: null }, 'width: must be an integer from 1 to 4096'],
    ['height -1', { height: -1 }, 'height: must be an integer from 1 to 4096'],
    ['height NaN', { height: Number.NaN }, 'height: must be an integer from 1 to 4096'],
    ['format gif', { format: 'gif' }, 'format: must be one of png, jpeg, webp, avif'],
    ['format PNG', { format: 'PNG' }, 'format: must be one of png, jpeg, webp, avif'],
    ['format null', { format: null }, 'format: must be one of png, jpeg, webp, avif'],
    ['quality 101', { quality: 101 }, 'quality: must be an integer from 0 to 100'],
    ['quality -1', { quality: -1 }, 'quality: must be an integer from 0 to 100'],
    ['quality 50.5', { quality: 50.5 }, 'quality: must be an integer from 0 to 100'],
    ['quality "80"', { quality: '80' }, 'quality: must be an integer from 0 to 100'],
    ['fonts not an array', { fonts: {} }, 'fonts: must be an array of font objects'],
    ['font without family', { fonts: [{ data: 'AAAA' }] }, 'fonts[0].family: must be a non-empty string'],
    [
      'font with url and data',
      { fonts: [{ family: 'X', data: 'AA', url: 'https://x/y.ttf' }] },
      'fonts[0]: must have exactly one of url and data',
    ],
    [
      'font weight 950',
      { fonts: [{ family: 'X', data: 'AA', weight: 950 }] },
      'fonts[0].weight: must be an integer from 100 to 900',
    ],
    [
      'font style oblique',
      { fonts: [{ family: 'X', data: 'AA', style: 'oblique' }] },
      'fonts[0].style: must be one of normal, italic',
    ],
  ];
  for (const [name, extra, message] of cases) {
    it(`rejects ${name}`, async () => {
      const error = await rejection({ html, width: 10, height: 10, ...extra });
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toBe(message);
      expect(error.details?.field).toBe(message.split(':')[0]);
    });
  }

  it('rejects a missing or non-string html', async () => {
    expect((await rejection({ width: 10, height: 10 })).message).toBe('html: must be a string');
    expect((await rejection({ html: 42 })).message).toBe('html: must be a string');
    expect((await rejection(null)).code).toBe('INVALID_INPUT');
  });

  it('applies the renderer limits', async () => {
    const small = createRenderer({
      workers: 0,
      limits: { maxDimension: 512, maxPixels: 100_000, maxHtmlLength: 100 },
    });
    await expect(small.render({ html, width: 513, height: 10 })).rejects.toMatchObject({
      message: 'width: must be an integer from 1 to 512',
    });
    await expect(small.render({ html, width: 500, height: 500 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'width: width × height must be at most 100000 pixels',
    });
    await expect(small.render({ html: 'x'.repeat(101), width: 10, height: 10 })).rejects.toMatchObject({
      message: 'html: must be at most 100 characters (inlined data: pictures and fonts not counted)',
    });
    await small.close();
  });

  it('bounds the text satori lays out before it runs', async () => {
    const small = createRenderer({ workers: 0, limits: { maxTextLength: 1000 } });
    await expect(
      small.render({ html: `<div>${'a'.repeat(1001)}</div>`, width: 100, height: 100 }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'html: must contain at most 1000 characters of text',
    });
    await small.close();
  });

  it('rejects bad renderer options', () => {
    expect(() => createRenderer({ workers: -1 })).toThrow('workers: must be an integer of at least 0');
    expect(() => createRenderer({ limits: { timeoutMs: 0 } })).toThrow(
      'limits.timeoutMs: must be a positive integer',
    );
    expect(() => createRenderer({ textPositioning: 'subpixel' as never })).toThrow(
      'renderer.textPositioning: must be one of auto, fractional, whole-pixel',
    );
  });

  it('rejects an unknown textPositioning, naming the values', async () => {
    const error = await rejection({ html, textPositioning: 'subpixel' });
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toBe('textPositioning: must be one of auto, fractional, whole-pixel');
    expect(error.details).toMatchObject({ field: 'textPositioning', rule: 'enum' });
  });
});

describe('unknown fields are named, as the HTTP API names them', () => {
  it('a misspelled render field is INVALID_INPUT naming it and the allowed ones', async () => {
    const error = await rejection({ html, widht: 300 });
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toBe(
      'widht: is not a known field (allowed: html, width, height, scale, format, quality, maxBytes, fonts, baseUrl, textPositioning, saveTo)',
    );
    expect(error.details).toMatchObject({ field: 'widht', rule: 'unknown' });
  });

  it('a misspelled renderTemplate field too', async () => {
    const error = await renderer
      .renderTemplate({ template: { content: '<div>x</div>' }, variables: {}, colour: 'red' } as never)
      .catch((e: unknown) => e as PictorError);
    expect((error as PictorError).message).toMatch(
      /^colour: is not a known field \(allowed: template, variables, variant, width/,
    );
  });

  it('a misspelled createRenderer option throws at once', () => {
    expect(() => createRenderer({ worker: 2 } as never)).toThrow(
      /^renderer\.worker: is not a known field \(allowed: workers, startWorkers, isolation,/,
    );
  });
});
