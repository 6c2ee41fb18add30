/**
 * satori fetches any http(s) URL left in <img src>, SVG <image href> and CSS url() (inline or in <style>) with the
 * global fetch, bypassing the guarded fetcher. After inlineImages, satori must not try to fetch anything.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori from '@pictor/satori';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../src/fetch/index.js';
import type { SatoriElement } from '../src/html/types.js';
import { inlineImages } from '../src/images/inline-images.js';
import { solidImage } from './fixtures/images.js';
import { startServer, type TestServer } from './fixtures/http-server.js';

const require = createRequire(import.meta.url);
const inter = readFileSync(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'));
const limits = {
  maxDimension: 4096,
  maxPixels: 16_777_216,
  maxHtmlLength: 2_097_152,
  timeoutMs: 10_000,
  maxImagePixels: 25_000_000,
};

let server: TestServer;
const originalFetch = globalThis.fetch;
const satoriFetches: string[] = [];
beforeAll(async () => {
  const png = await solidImage(4, 4, 'png', '#00ff00');
  server = await startServer({ '/a.png': (_req, res) => res.end(png) });
  globalThis.fetch = (async (url: unknown) => {
    satoriFetches.push(String(url));
    throw new Error('satori must not fetch');
  }) as typeof fetch;
});
afterEach(() => {
  satoriFetches.length = 0;
});
afterAll(async () => {
  globalThis.fetch = originalFetch;
  await server.close();
});

const fetcher = createFetcher({ allowList: ['127.0.0.1'] });

function card(...children: unknown[]): SatoriElement {
  return {
    type: 'div',
    props: { style: { display: 'flex', width: 40, height: 40 }, children },
  } as SatoriElement;
}

describe('no remote URL reaches satori', () => {
  const box = (style: Record<string, unknown>) => ({
    type: 'div',
    props: { style: { width: 8, height: 8, ...style } },
  });
  const sheet = (css: string) =>
    card(
      { type: 'style', props: { children: css } },
      { type: 'div', props: { className: 'a', style: { width: 8, height: 8 } } },
    );
  const cases: Array<[string, (url: string) => SatoriElement]> = [
    ['img src', (url) => card({ type: 'img', props: { src: url, width: 4, height: 4 } })],
    ['background-image', (url) => card(box({ backgroundImage: `url(${url})` }))],
    ['background shorthand', (url) => card(box({ background: `url('${url}')` }))],
    ['mask-image', (url) => card(box({ maskImage: `url("${url}")` }))],
    [
      'svg <image>',
      (url) =>
        card({
          type: 'svg',
          props: {
            width: 8,
            height: 8,
            viewBox: '0 0 8 8',
            children: [{ type: 'image', props: { href: url, width: 8, height: 8 } }],
          },
        }),
    ],
    ['<style> background-image', (url) => sheet(`.a{background-image:url(${url})}`)],
    ['<style> background', (url) => sheet(`.a{background:url("${url}")}`)],
    ['<style> mask-image', (url) => sheet(`.a{mask-image:url(${url})}`)],
    ['<style> custom property', (url) => sheet(`.a{--u:url(${url}); background-image:var(--u)}`)],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const tree = make(`${server.origin}/a.png`);
    const options = {
      width: 40,
      height: 40,
      fonts: [{ name: 'Inter', data: inter, weight: 400 as const, style: 'normal' as const }],
    };
    // Without inlining, satori goes to the network itself (its own check refuses 127.0.0.1, so a public address here):
    await satori(make('http://192.0.43.10/a.png') as never, options).catch(() => undefined);
    expect(satoriFetches.length).toBeGreaterThan(0);
    satoriFetches.length = 0;

    const inlined = await inlineImages(tree, { fetcher, limits, warnings: [] });
    const svg = await satori(inlined as never, options);
    expect(satoriFetches).toEqual([]);
    expect(svg).toContain('data:image/png;base64,');
  });
});
