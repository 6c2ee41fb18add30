import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { compileTemplate } from '../src/templates/index.js';
import type { TemplateDefinition } from '../src/types.js';

/** The example templates of the repository: each must compile, fill with its sample and render as designed. */
const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../examples/templates');
const ids = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.variables.json'))
  .map((f) => f.slice(0, -5))
  .sort();
const load = (id: string) => ({
  definition: JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as TemplateDefinition & {
    id: string;
  },
  variables: JSON.parse(readFileSync(join(dir, `${id}.variables.json`), 'utf8')) as Record<string, unknown>,
});

/** Probe points per example: [x, y, expected #rrggbb] read from the design (backgrounds, bars, frames). */
const PROBES: Record<string, [number, number, string][]> = {
  'social-card': [
    [2, 2, '#4f46e5'],
    [1197, 627, '#db2777'],
  ],
  'quote-card': [
    [540, 6, '#f59e0b'],
    [20, 200, '#0f172a'],
  ],
  certificate: [
    [10, 10, '#fdfaf3'],
    [37, 565, '#b45309'],
  ],
  'event-card': [
    [20, 400, '#0b1020'],
    [1190, 600, '#312e81'],
  ],
};

/** Probe points per example's variant, from its size: laid out for each shape, not cropped. */
const VARIANT_PROBES: Record<
  string,
  (size: { width: number; height: number }) => [number, number, string][]
> = {
  'social-card': ({ width, height }) => [
    [2, 2, '#4f46e5'],
    [width - 3, height - 3, '#db2777'],
  ],
  // The accent bar runs along the top, or down the left side of the landscape card.
  'quote-card': ({ width, height }) => [
    [width - 20, Math.round(height / 2), '#0f172a'],
    width > height ? [6, Math.round(height / 2), '#f59e0b'] : [Math.round(width / 2), 6, '#f59e0b'],
  ],
  certificate: ({ width, height }) => [[width - 6, Math.round(height / 2), '#fdfaf3']],
  'event-card': ({ width, height }) => [[width - 20, height - 20, width > height ? '#312e81' : '#0b1020']],
};

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

function rgb(hex: string): number[] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}

function expectClose(actual: number[], hex: string, where: string): void {
  const expected = rgb(hex);
  const off = Math.max(...actual.map((v, i) => Math.abs(v - expected[i]!)));
  expect(off, `${where}: got rgb(${actual.join(',')}), expected ${hex}`).toBeLessThanOrEqual(14);
}

describe('example templates', () => {
  const renderer = createRenderer({ workers: 0 });
  afterAll(() => renderer.close());

  it('has at least the social card, quote card and certificate, each with a probe table', () => {
    expect(ids).toEqual(expect.arrayContaining(['social-card', 'quote-card', 'certificate']));
    for (const id of ids) expect(PROBES[id], id).toBeDefined();
  });

  for (const id of ids) {
    it(`${id}: compiles, fills its sample and renders at its size with the designed colours`, async () => {
      const { definition, variables } = load(id);
      expect(definition.id).toBe(id);
      const template = compileTemplate(definition);
      const html = template.fill(variables);
      expect(html).not.toMatch(/\{\{|\}\}/);
      const result = await renderer.renderTemplate({ template, variables });
      expect(result.format).toBe(definition.format);
      const meta = await sharp(result.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', definition.width, definition.height]);
      for (const [x, y, hex] of PROBES[id] ?? [])
        expectClose(await pixel(result.data, x, y), hex, `${id} (${x},${y})`);
    });
  }

  for (const id of ids) {
    it(`${id}: a square and a portrait variant among others, each at its size, without warnings, as designed`, async () => {
      const { definition, variables } = load(id);
      const shapes = Object.values(definition.variants ?? {});
      expect(shapes.some((v) => v.width === v.height)).toBe(true);
      expect(shapes.some((v) => v.height > v.width)).toBe(true);
      for (const [variant, size] of Object.entries(definition.variants ?? {})) {
        const result = await renderer.renderTemplate({ template: definition, variables, variant });
        expect([variant, result.width, result.height, result.warnings]).toEqual([
          variant,
          size.width,
          size.height,
          [],
        ]);
        for (const [x, y, hex] of VARIANT_PROBES[id]?.(size) ?? [])
          expectClose(await pixel(result.data, x, y), hex, `${id} ${variant} (${x},${y})`);
      }
    });
  }

  it('variables reach the pixels: a white quote card is white', async () => {
    const { definition, variables } = load('quote-card');
    const result = await renderer.renderTemplate({
      template: definition,
      variables: { ...variables, background: '#ffffff', accent: 'rgb(220, 38, 38)' },
    });
    expectClose(await pixel(result.data, 20, 200), '#ffffff', 'background');
    expectClose(await pixel(result.data, 540, 6), '#dc2626', 'accent bar');
  });

  it('the social card ignores names it does not define and escapes markup in its title', () => {
    const { definition, variables } = load('social-card');
    const html = compileTemplate(definition).fill({ ...variables, title: 'Fish & <Chips>' });
    expect(variables.utm_source).toBeTypeOf('string');
    expect(html).not.toContain('utm_source');
    expect(html).not.toContain(String(variables.utm_source));
    expect(html).toContain('Fish &amp; &lt;Chips&gt;');
  });
});
