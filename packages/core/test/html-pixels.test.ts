/**
 * The HTML stage rendered for real (satori + resvg, built-in fonts): auto-size and margins by exact pixels,
 * whitespace, <pre>, tables and @font-face against reference PNGs (UPDATE_SNAPSHOTS=1 writes them).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FontRegistry } from '../src/fonts/registry.js';
import { loadDocumentResources } from '../src/document-resources/load-document-resources.js';
import { parseHtml } from '../src/html/parse.js';
import { describeStyleError } from '../src/html/style-sheets/style-errors.js';
import { rasterize } from '../src/raster/resvg.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';
import { expectImageToMatch } from './helpers/image-compare.js';

const registry = new FontRegistry();

interface Rendered {
  png: Buffer;
  rgba: Buffer;
  width: number;
  height: number;
  warnings: string[];
}

async function renderHtml(
  html: string,
  options: { width?: number; height?: number; baseDir?: string } = {},
): Promise<Rendered> {
  const parsed = parseHtml(html);
  const resources = await loadDocumentResources(parsed, { baseDir: options.baseDir });
  const warnings = [...parsed.warnings, ...resources.warnings];
  const { svg } = await layoutToSvg(parsed.root, {
    width: options.width,
    height: options.height,
    fonts: registry.fontsFor(resources.fonts),
    onStyleError: (e) => {
      const w = describeStyleError(e);
      if (w) warnings.push(w);
    },
  });
  const image = rasterize(svg);
  const raw = { width: image.width, height: image.height, channels: 4 as const, premultiplied: true };
  const png = await sharp(image.pixels, { raw }).png().toBuffer();
  const rgba = await sharp(png).ensureAlpha().raw().toBuffer();
  return { png, rgba, width: image.width, height: image.height, warnings };
}

function pixel(r: Rendered, x: number, y: number): number[] {
  const i = (y * r.width + x) * 4;
  return [...r.rgba.subarray(i, i + 4)];
}

/** Compare with the named reference in __image_snapshots__/html-pixels (the one comparator: helpers/image-compare.ts). */
async function expectSnapshot(name: string, r: Rendered): Promise<void> {
  await expectImageToMatch(r.png, 'html-pixels', name, { format: 'png', width: r.width, height: r.height });
}

describe('sizes and margins', () => {
  it('a fragment gets no implicit margin: a 300×100 div alone is exactly 300×100', async () => {
    const r = await renderHtml('<div style="width:300px;height:100px;background:#0b1020"></div>');
    expect([r.width, r.height]).toEqual([300, 100]);
    expect(pixel(r, 0, 0)).toEqual([11, 16, 32, 255]);
    expect(pixel(r, 299, 99)).toEqual([11, 16, 32, 255]);
  });

  it('an element that needs UA rules (a link, a table) is wrapped but still sized exactly, 100% filling the canvas', async () => {
    const auto = await renderHtml(
      '<div style="width:300px;height:100px;background:#0b1020"><a href="#">x</a></div>',
    );
    expect([auto.width, auto.height]).toEqual([300, 100]);
    const fixed = await renderHtml(
      '<div style="height:100%;background:#0f0"><table><tr><td>x</td></tr></table></div>',
      {
        width: 200,
        height: 120,
      },
    );
    expect(pixel(fixed, 199, 119)).toEqual([0, 255, 0, 255]);
  });

  it('a <style> plus an element is still margin-less', async () => {
    const r = await renderHtml(
      '<style>.b{width:120px;height:40px;background:#f00}</style><div class="b"></div>',
    );
    expect([r.width, r.height]).toEqual([120, 40]);
    expect(pixel(r, 0, 0)).toEqual([255, 0, 0, 255]);
  });

  it('a fragment whose sheet styles html gets those rules on its root (rem, colour, background), still margin-less', async () => {
    const r = await renderHtml(
      '<style>html{font-size:20px;background:#00f} .b{width:5rem;height:2rem;background:#f00}</style><div class="b"></div>',
      { width: 200, height: 100 },
    );
    // 5rem × 2rem of a 20px root: 100×40 from the top left; html's background fills the rest.
    expect(pixel(r, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(r, 98, 38)).toEqual([255, 0, 0, 255]);
    expect(pixel(r, 102, 10)).toEqual([0, 0, 255, 255]);
    expect(pixel(r, 10, 42)).toEqual([0, 0, 255, 255]);
    expect(pixel(r, 199, 99)).toEqual([0, 0, 255, 255]);
    // `html` in a value or in text is not a selector: that fragment stays as it was (rem of 16px, no background).
    const plain = await renderHtml(
      '<style>.b{width:5rem;height:2rem;background:#f00;font-family:html}</style><div class="b">html {</div>',
    );
    expect([plain.width, plain.height]).toEqual([80, 32]);
  });

  it('a document keeps the 8px body margin, and a body background covers the whole canvas', async () => {
    const r = await renderHtml(
      '<!doctype html><html><head><style>body{background:#00f}</style></head><body><div style="width:50px;height:50px;background:#f00"></div></body></html>',
      { width: 100, height: 100 },
    );
    expect(pixel(r, 2, 2)).toEqual([0, 0, 255, 255]);
    expect(pixel(r, 8, 8)).toEqual([255, 0, 0, 255]);
    expect(pixel(r, 57, 57)).toEqual([255, 0, 0, 255]);
    expect(pixel(r, 58, 58)).toEqual([0, 0, 255, 255]);
    expect(pixel(r, 99, 99)).toEqual([0, 0, 255, 255]);
  });
});

describe('text and tables against reference images', () => {
  it('keeps spaces between inline elements', async () => {
    const r = await renderHtml(
      '<p style="margin:0;padding:8px;width:360px;background:#fff;font-family:Inter;font-size:20px">type <b>render</b> and <i>ship</i>, then <code>done</code></p>',
    );
    await expectSnapshot('inline-spaces', r);
  });

  it('keeps <pre> newlines and indentation', async () => {
    const r = await renderHtml(
      '<pre style="margin:0;padding:8px;width:260px;background:#fff;font-family:JetBrains Mono;font-size:14px">function f() {\n    return 1;\n}\n\n// end</pre>',
    );
    expect(r.height).toBeGreaterThan(14 * 5);
    await expectSnapshot('pre-newlines', r);
  });

  it('lays out a table with colspan, rowspan, collapsed borders and a zebra row', async () => {
    const r = await renderHtml(
      `<div style="width:420px;padding:10px;background:#fff;font-family:Inter;font-size:14px">
        <style>table{border-collapse:collapse;width:100%} th,td{border:1px solid #555;padding:4px 8px} tbody tr:nth-child(even){background:#dde}</style>
        <table><thead><tr><th>Item</th><th>Qty</th><th>Price</th></tr></thead>
        <tbody><tr><td rowspan="2">Widget</td><td>1</td><td>$5</td></tr><tr><td>2</td><td>$9</td></tr>
        <tr><td colspan="2">Total</td><td>$14</td></tr></tbody></table></div>`,
    );
    expect(r.warnings).toEqual([]);
    await expectSnapshot('table-spans', r);
  });

  it('renders list markers with an inherited font-family (satori quirk) without a warning', async () => {
    const r = await renderHtml(
      '<ul style="font-family:Inter, sans-serif;margin:0;padding:4px 4px 4px 24px;width:120px;background:#fff"><li>one</li><li>two</li></ul>',
    );
    expect(r.warnings).toEqual([]);
    await expectSnapshot('list-markers', r);
  });

  it('uses an @font-face font from a file next to the document', async () => {
    const require = createRequire(import.meta.url);
    const dir = mkdtempSync(join(tmpdir(), 'pictor-pixels-'));
    const font = join(
      dirname(require.resolve('@expo-google-fonts/jetbrains-mono/package.json')),
      '800ExtraBold/JetBrainsMono_800ExtraBold.ttf',
    );
    writeFileSync(join(dir, 'brand.ttf'), readFileSync(font));
    const html = (family: string) =>
      `<html><head><style>@font-face{font-family:Brand;src:url(brand.ttf);font-weight:800} body{margin:0} div{font-family:${family};font-weight:800;font-size:32px;width:300px;background:#fff}</style></head><body><div>Brand 800</div></body></html>`;
    const withFont = await renderHtml(html('Brand'), { baseDir: dir });
    expect(withFont.warnings).toEqual([]);
    await expectSnapshot('font-face', withFont);
    // Without the file the family falls back to the built-in sans-serif, with a warning: different pixels.
    const fallback = await renderHtml(html('Brand'), { baseDir: tmpdir() });
    expect(fallback.warnings[0]).toMatch(/^@font-face "Brand" was not loaded/);
    expect(fallback.rgba.equals(withFont.rgba)).toBe(false);
  });
});
