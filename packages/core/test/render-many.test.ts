/** renderer.renderMany (the built package: workers run dist): results in input order, at most `concurrency` in flight, lazy input, errors per item, abort. */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { compileTemplate, createRenderer, type RenderManyItem } from '../dist/index.js';

const renderer = createRenderer({ workers: 2 });
afterAll(() => renderer.close());

const box = (color: string, width = 40): RenderManyItem => ({
  html: `<div style="display:flex;width:100%;height:100%;background:${color}"></div>`,
  width,
  height: 20,
  format: 'png',
});

describe('renderMany', () => {
  it('yields every item in input order, a failed one with its error, and reports progress', async () => {
    const card = compileTemplate({
      content: '<div style="display:flex;width:100%;height:100%;background:{{bg}}"></div>',
      variables: { bg: { type: 'color', required: true } },
      width: 30,
      height: 10,
      format: 'webp',
    });
    const items: RenderManyItem[] = [
      box('#f00', 80),
      { template: card, variables: { bg: '#0f0' } },
      box('#00f', 5000),
      { template: card, variables: { bg: 'not a colour' } },
      box('#ff0', 10),
    ];
    const progress: number[] = [];
    const results = [];
    for await (const outcome of renderer.renderMany(items, {
      concurrency: 3,
      onProgress: (p) => progress.push(p.done + p.failed),
    }))
      results.push(outcome);
    expect(results.map((r) => r.index)).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.error?.code ?? 'ok')).toEqual([
      'ok',
      'ok',
      'INVALID_INPUT',
      'VARIABLE_INVALID',
      'ok',
    ]);
    const first = await sharp(results[0]!.result!.data).metadata();
    expect([first.format, first.width, first.height]).toEqual(['png', 80, 20]);
    expect(results[1]!.result!.format).toBe('webp');
    expect(results[4]!.result!.width).toBe(10);
    expect(progress.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads the input lazily: no more than `concurrency` items are taken before the first result', async () => {
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 20; i++) {
        pulled++;
        yield box(`#${(i * 111).toString(16).padStart(3, '0').slice(-3)}`);
      }
    }
    const seen: number[] = [];
    for await (const outcome of renderer.renderMany(source(), { concurrency: 2 })) {
      if (outcome.index === 0) expect(pulled).toBe(2);
      seen.push(outcome.index);
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('stops when its signal aborts: the iteration throws the reason and starts nothing more', async () => {
    const controller = new AbortController();
    const items = Array.from({ length: 50 }, () => box('#123'));
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const outcome of renderer.renderMany(items, {
          concurrency: 2,
          signal: controller.signal,
        })) {
          seen.push(outcome.index);
          controller.abort(new Error('enough'));
        }
      })(),
    ).rejects.toThrow('enough');
    expect(seen).toEqual([0]);
  });
});
