/**
 * The engines compared on the reference card, each as `render(format) → { data, timings? }`:
 * Pictor (built @pictor/core), the naive hand-written pipeline (satori-html + satori + resvg, sharp for
 * jpeg/webp), @vercel/og 0.11 and Takumi. Every engine gets the same Inter faces and the same card.
 */
import { Resvg } from '@resvg/resvg-js';
import { createRenderer } from '@pictor/core';
import { Renderer as TakumiRenderer } from '@takumi-rs/core';
import { ImageResponse } from '@vercel/og';
import satori from 'satori';
import { html as satoriHtml } from 'satori-html';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { CARD_HEIGHT, CARD_WIDTH, toTakumiNode } from './card.mjs';

export const QUALITY = 80;

/** Pictor through its public API; `workers` undefined means the default pool (one worker per core). */
export function createPictor(html, workers) {
  const renderer = createRenderer({
    ...(workers === undefined ? {} : { workers }),
    ...(process.env.PICTOR_BENCH_ISOLATION ? { isolation: process.env.PICTOR_BENCH_ISOLATION } : {}),
    ...(process.env.PICTOR_BENCH_START_WORKERS
      ? { startWorkers: process.env.PICTOR_BENCH_START_WORKERS }
      : {}),
  });
  return {
    renderer,
    /** The pool's size: workers start lazily, so `renderer.stats().workers` counts only those started so far. */
    workers: workers ?? availableParallelism(),
    async render(format) {
      const result = await renderer.render({
        html,
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        format,
        quality: QUALITY,
      });
      return { data: result.data, timings: result.timings };
    },
    close: () => renderer.close(),
  };
}

/**
 * What users write by hand: satori-html called as `html([s])` (the fast form), satori with fonts loaded once,
 * resvg with its default options and its own PNG encoder, then sharp decoding that PNG for jpeg and webp
 * (quality 80, sharp's other defaults).
 */
export function createNaive(html, fonts) {
  return {
    async render(format) {
      const svg = await satori(satoriHtml([html]), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
      const png = new Resvg(svg).render().asPng();
      if (format === 'png') return { data: png };
      const image = sharp(png);
      const data =
        format === 'webp'
          ? await image.webp({ quality: QUALITY }).toBuffer()
          : await image.jpeg({ quality: QUALITY }).toBuffer();
      return { data };
    },
    close: async () => {},
  };
}

/** @vercel/og 0.11 `ImageResponse` (its bundled satori and resvg-wasm), png only. */
export function createVercelOg(html, fonts) {
  const ogFonts = fonts.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style }));
  return {
    async render(format) {
      if (format !== 'png') throw new Error('@vercel/og renders png only');
      const response = new ImageResponse(satoriHtml([html]), {
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        fonts: ogFonts,
      });
      return { data: Buffer.from(await response.arrayBuffer()) };
    },
    close: async () => {},
  };
}

/**
 * Takumi (`@takumi-rs/core`, native): fonts registered once on one `Renderer`; the node tree built per render
 * from satori-html's element tree, as a JSX user would build it per request.
 */
export async function createTakumi(html, fonts) {
  const renderer = new TakumiRenderer();
  for (const f of fonts) {
    await renderer.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style });
  }
  return {
    async render(format) {
      const node = toTakumiNode(satoriHtml([html]));
      const options = { width: CARD_WIDTH, height: CARD_HEIGHT, format };
      if (format !== 'png') options.quality = QUALITY;
      return { data: await renderer.render(node, options) };
    },
    close: async () => {},
  };
}
