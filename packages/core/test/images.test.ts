import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PictorError } from '../src/errors.js';
import { createFetcher } from '../src/fetch/index.js';
import type { SatoriElement } from '../src/html/types.js';
import { type InlineImagesContext, inlineImages } from '../src/images/inline-images.js';
import type { RenderLimits } from '../src/types.js';
import { STYLESHEET_HREF_ATTR } from '../src/html/elements/convert.js';
import { bombPng, solidImage } from './fixtures/images.js';
import { closedPort, startServer, type TestServer } from './fixtures/http-server.js';

const limits: RenderLimits = {
  maxDimension: 4096,
  maxPixels: 16_777_216,
  maxHtmlLength: 2 * 1024 * 1024,
  timeoutMs: 10_000,
  maxImagePixels: 25_000_000,
};

let server: TestServer;
let red: Buffer;
let blue: Buffer;
let folder: string;
beforeAll(async () => {
  red = await solidImage(10, 6, 'png', '#ff0000');
  blue = await solidImage(4, 4, 'jpeg', '#0000ff');
  const webp = await solidImage(5, 5, 'webp', '#00ff00');
  const bomb = await bombPng();
  server = await startServer({
    '/red.png': (_req, res) => {
      res.setHeader('content-type', 'application/octet-stream'); // the type is sniffed, not trusted
      res.end(red);
    },
    '/img/blue.jpg': (_req, res) => res.end(blue),
    '/green.webp': (_req, res) => res.end(webp),
    '/bomb.png': (_req, res) => res.end(bomb),
    '/page.html': (_req, res) => res.end('<html><body>hi</body></html>'),
    '/big.png': (_req, res) => res.end(Buffer.concat([red, Buffer.alloc(300_000)])),
    '/to-metadata': (_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam' });
      res.end();
    },
  });
  folder = await mkdtemp(path.join(tmpdir(), 'pictor-images-'));
  await mkdir(path.join(folder, 'assets', 'img'), { recursive: true });
  await writeFile(path.join(folder, 'assets', 'img', 'red.png'), red);
  await writeFile(path.join(folder, 'secret.png'), blue);
  await symlink(path.join(folder, 'secret.png'), path.join(folder, 'assets', 'link.png'));
});
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

// A fetch time limit none of this local server's answers reaches, however busy the machine (fetch.test.ts tests it).
const fetcher = createFetcher({ allowList: ['127.0.0.1'], maxBytes: 200_000, timeoutMs: 60_000 });
const ctx = (extra: Partial<InlineImagesContext> = {}): InlineImagesContext => ({
  fetcher,
  limits,
  warnings: [],
  ...extra,
});
const el = (type: string, props: Record<string, unknown> = {}, ...children: unknown[]): SatoriElement =>
  ({ type, props: { ...props, children } }) as SatoriElement;

function dataUriBytes(uri: unknown): { mime: string; data: Buffer } {
  const match = /^data:([^;]+);base64,(.*)$/s.exec(String(uri));
  if (!match) throw new Error(`not a base64 data: URI: ${String(uri).slice(0, 60)}`);
  return { mime: match[1]!, data: Buffer.from(match[2]!, 'base64') };
}

async function firstPixel(data: Buffer): Promise<number[]> {
  const { data: raw } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  return [...raw.subarray(0, 3)];
}

async function refusal(promise: Promise<unknown>): Promise<PictorError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PictorError);
  expect((error as PictorError).code).toBe('FETCH_ERROR');
  return error as PictorError;
}

describe('inlineImages', () => {
  it('inlines <img> from http (type sniffed), data: and a relative URL against baseUrl', async () => {
    const tree = el(
      'div',
      { style: { display: 'flex' } },
      el('img', { src: `${server.origin}/red.png`, width: 10, height: 6 }),
      el('img', { src: `data:image/png;base64,${red.toString('base64')}` }),
      el('img', { src: 'img/blue.jpg' }),
    );
    const out = await inlineImages(tree, ctx({ baseUrl: `${server.origin}/cards/../` }));
    const [a, b, c] = out.props.children as SatoriElement[];
    expect(dataUriBytes(a!.props.src)).toEqual({ mime: 'image/png', data: red });
    expect(dataUriBytes(b!.props.src).data.equals(red)).toBe(true);
    const jpeg = dataUriBytes(c!.props.src);
    expect(jpeg.mime).toBe('image/jpeg');
    const [r, g, bl] = await firstPixel(jpeg.data);
    expect(r).toBeLessThan(10);
    expect(g).toBeLessThan(10);
    expect(bl).toBeGreaterThan(245);
    expect(a!.props.width).toBe(10);
    // The input tree is left as it was.
    expect((tree.props.children as SatoriElement[])[0]!.props.src).toBe(`${server.origin}/red.png`);
  });

  it('rewrites url() in inline styles, SVG <image>, and <style> text (dropping @font-face and @import)', async () => {
    const css = `@import url("${server.origin}/x.css");
@font-face { font-family: X; src: url(${server.origin}/font.woff2) format("woff2"); }
.card { background: url('${server.origin}/red.png') no-repeat; fill: url(#grad); }`;
    const tree = el(
      'div',
      {
        style: {
          backgroundImage: `url("${server.origin}/red.png"), linear-gradient(red, blue)`,
          width: '10px',
        },
      },
      el('style', {}, css),
      el(
        'svg',
        {},
        el('image', { href: `${server.origin}/img/blue.jpg`, 'xlink:href': `${server.origin}/img/blue.jpg` }),
      ),
      el('div', { style: { maskImage: `url(${server.origin}/red.png)`, fill: 'url(#g)' } }),
    );
    const before = server.hits.get('/red.png') ?? 0;
    const out = await inlineImages(tree, ctx());
    const json = JSON.stringify(out);
    expect(json).not.toMatch(/url\(\\?["']?http/);
    expect(json).not.toContain(`${server.origin}`);
    expect(json).toContain('url(#grad)');
    expect(json).toContain('url(#g)');
    expect(json).not.toContain('@font-face');
    expect(json).not.toContain('@import');
    const [root, style, svg, masked] = [out, ...(out.props.children as SatoriElement[])] as SatoriElement[];
    expect(String(root!.props.style!.backgroundImage)).toMatch(
      /^url\("data:image\/png;base64,[^"]+"\), linear-gradient\(red, blue\)$/,
    );
    expect(String((style!.props.children as string[])[0])).toMatch(
      /background: url\("data:image\/png;base64,/,
    );
    const image = (svg!.props.children as SatoriElement[])[0]!;
    expect(dataUriBytes(image.props.href).mime).toBe('image/jpeg');
    expect(dataUriBytes(image.props['xlink:href']).mime).toBe('image/jpeg');
    expect(String(masked!.props.style!.maskImage)).toMatch(/^url\("data:image\/png;base64,/);
    // One URL used four times is fetched once (and already cached from the test above).
    expect((server.hits.get('/red.png') ?? 0) - before).toBe(0);
  });

  it('loads the pictures of list markers (list-style-image, list-style) as images', async () => {
    const warnings: string[] = [];
    const tree = el('ul', {
      style: {
        listStyleImage: `url(${server.origin}/red.png)`,
        listStyle: `inside url(${server.origin}/red.png)`,
      },
    });
    const out = await inlineImages(tree, ctx({ warnings }));
    expect(String(out.props.style!.listStyleImage)).toMatch(/^url\("data:image\/png;base64,/);
    expect(String(out.props.style!.listStyle)).toMatch(/^inside url\("data:image\/png;base64,/);
    expect(warnings).toEqual([]);
  });

  it('turns url() in properties satori draws no image from into none, with a warning, without fetching', async () => {
    const warnings: string[] = [];
    const before = server.hits.get('/img/blue.jpg') ?? 0;
    const tree = el(
      'div',
      {
        style: {
          cursor: `url(${server.origin}/img/blue.jpg), auto`,
          outlineImage: `url(${server.origin}/img/blue.jpg)`,
        },
      },
      el(
        'style',
        {},
        `a[data-x="url(${server.origin}/img/blue.jpg)"] { border-image: url(${server.origin}/img/blue.jpg) 30 }`,
      ),
    );
    const out = await inlineImages(tree, ctx({ warnings }));
    expect(out.props.style).toEqual({ cursor: 'none, auto', outlineImage: 'none' });
    expect((out.props.children as SatoriElement[])[0]!.props.children).toEqual([
      `a[data-x="url(${server.origin}/img/blue.jpg)"] { border-image: none 30 }`,
    ]);
    expect(warnings).toEqual([
      `url(${server.origin}/img/blue.jpg) in "cursor" was not loaded (images are drawn from background, mask and list-style only)`,
      `url(${server.origin}/img/blue.jpg) in "outline-image" was not loaded (images are drawn from background, mask and list-style only)`,
      `url(${server.origin}/img/blue.jpg) in "border-image" was not loaded (images are drawn from background, mask and list-style only)`,
    ]);
    expect(server.hits.get('/img/blue.jpg') ?? 0).toBe(before);
  });

  it('resolves url() of a linked sheet against the sheet, not the document', async () => {
    const sheet = (href: string) =>
      el(
        'style',
        { [STYLESHEET_HREF_ATTR]: href },
        '.a { background: url(../img/blue.jpg) } .b { background: url(/red.png) }',
      );
    const remote = await inlineImages(
      el('div', {}, sheet('css/site.css?v=1')),
      ctx({ baseUrl: `${server.origin}/` }),
    );
    const remoteCss = String(((remote.props.children as SatoriElement[])[0]!.props.children as string[])[0]);
    expect(remoteCss).toMatch(
      /^\.a \{ background: url\("data:image\/jpeg;base64,[^"]+"\) \} \.b \{ background: url\("data:image\/png;base64,/,
    );

    const localSheet = el(
      'style',
      { [STYLESHEET_HREF_ATTR]: 'assets/css/site.css' },
      '.a{background:url(../img/red.png)}',
    );
    const local = await inlineImages(localSheet, ctx({ baseDir: folder }));
    const localCss = String((local.props.children as string[])[0]);
    expect(dataUriBytes(/url\("([^"]+)"\)/.exec(localCss)?.[1]).data.equals(red)).toBe(true);

    // Relative paths still can't leave baseDir through a sheet.
    const escaping = el(
      'style',
      { [STYLESHEET_HREF_ATTR]: 'assets/site.css' },
      '.a{background:url(../../../etc/x.png)}',
    );
    // (the path is resolved inside it, where no such file is: nothing is drawn, with a warning).
    const warnings: string[] = [];
    await inlineImages(escaping, ctx({ baseDir: path.join(folder, 'assets'), warnings }));
    expect(warnings).toEqual([
      'image /etc/x.png was not loaded: no such file in the base folder; nothing is drawn for it',
    ]);
  });

  it('drops Tailwind classes with url() from tw, with a warning', async () => {
    const warnings: string[] = [];
    const out = await inlineImages(
      el('div', { tw: `flex bg-[url(${server.origin}/red.png)] p-4` }),
      ctx({ warnings }),
    );
    expect(out.props.tw).toBe('flex p-4');
    expect(warnings).toEqual([
      `class "bg-[url(${server.origin}/red.png)]" was ignored (images in Tailwind classes are not loaded; use a style)`,
    ]);
  });

  it('walks nested child arrays (satori flattens them)', async () => {
    const tree = {
      type: 'div',
      props: {
        children: [
          [el('img', { src: `${server.origin}/red.png` })],
          [el('style', {}, [[`.a{background:url(${server.origin}/red.png)}`]])],
        ],
      },
    } as unknown as SatoriElement;
    const json = JSON.stringify(await inlineImages(tree, ctx()));
    expect(json).not.toContain(server.origin);
    expect(json.match(/data:image\/png;base64/g)).toHaveLength(2);
  });

  it('keeps GIF as GIF and reads its size from the header', async () => {
    const gif = await solidImage(7, 3, 'gif');
    const src = `data:image/gif;base64,${gif.toString('base64')}`;
    const out = await inlineImages(el('img', { src }), ctx());
    expect(dataUriBytes(out.props.src)).toEqual({ mime: 'image/gif', data: gif });
    const error = await refusal(
      inlineImages(el('img', { src }), ctx({ limits: { ...limits, maxImagePixels: 20 } })),
    );
    expect(error.message).toContain(
      'the image declares 7×3 pixels, over the limit of 20 (limits.maxImagePixels)',
    );
  });

  it('converts WebP to PNG (resvg-js 2.6 draws no WebP)', async () => {
    const out = await inlineImages(el('img', { src: `${server.origin}/green.webp` }), ctx());
    const { mime, data } = dataUriBytes(out.props.src);
    expect(mime).toBe('image/png');
    expect(await sharp(data).metadata()).toMatchObject({ width: 5, height: 5, format: 'png' });
    const [r, g, b] = await firstPixel(data);
    expect(r).toBeLessThan(8);
    expect(g).toBeGreaterThan(247);
    expect(b).toBeLessThan(8);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    // The answer names the header's size: it came from the header (decoding 2.5 G pixels would not fit in memory).
    const error = await refusal(inlineImages(el('img', { src: `${server.origin}/bomb.png` }), ctx()));
    expect(error.message).toBe(
      `image ${server.origin}/bomb.png: the image declares 50000×50000 pixels, over the limit of 25000000 (limits.maxImagePixels)`,
    );
    const inline = `data:image/png;base64,${(await bombPng(20_000, 20_000)).toString('base64')}`;
    await refusal(inlineImages(el('div', { style: { backgroundImage: `url(${inline})` } }), ctx()));
  });

  it('skips bytes that are no image (a broken image) with a warning, drawing nothing', async () => {
    for (const [src, reason] of [
      [
        `${server.origin}/page.html`,
        'not a supported image (PNG, JPEG, GIF, WebP or SVG expected; the data starts with 0x3c68746d)',
      ],
      [
        'data:image/png;base64,AAAA',
        'not a supported image (PNG, JPEG, GIF, WebP or SVG expected; the data starts with 0x000000)',
      ],
    ]) {
      const warnings: string[] = [];
      const out = await inlineImages(el('img', { src }), ctx({ warnings }));
      expect(warnings).toEqual([
        `image ${src} is broken and was skipped: ${reason}; nothing is drawn for it`,
      ]);
      // A transparent pixel.
      expect(dataUriBytes(out.props.src).data.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    }
  });

  it('refuses an image over the byte limit, unreachable, private or refused schemes', async () => {
    const cases: Array<[string, string]> = [
      [`${server.origin}/big.png`, 'over the 200000-byte limit'],
      [`http://127.0.0.1:${await closedPort()}/x.png`, 'connection refused'],
      [
        `${server.origin}/to-metadata`,
        'address 169.254.169.254 is link-local (cloud metadata) and not allowed',
      ],
      ['http://10.1.2.3/x.png', 'address 10.1.2.3 is private and not allowed'],
      ['file:///etc/passwd', 'the file: scheme is not allowed'],
      ['javascript:alert(1)', 'the javascript: scheme is not allowed'],
      ['relative/x.png', 'a relative URL needs a baseUrl'],
    ];
    for (const [src, reason] of cases) {
      const error = await refusal(inlineImages(el('img', { src }), ctx()));
      expect(error.message).toContain(reason);
      expect(error.message.startsWith(`image ${src}`)).toBe(true);
    }
  });

  it('reads local files inside baseDir only', async () => {
    const out = await inlineImages(el('img', { src: '/assets/img/red.png?v=2' }), ctx({ baseDir: folder }));
    expect(dataUriBytes(out.props.src).data.equals(red)).toBe(true);
    const sub = path.join(folder, 'assets');
    for (const [src, reason] of [
      ['../secret.png', 'the path leads outside the base folder'],
      ['img/%2e%2e/%2e%2e/secret.png', 'the path leads outside the base folder'],
      ['link.png', 'the path leads outside the base folder (through a link)'],
    ]) {
      const error = await refusal(inlineImages(el('img', { src }), ctx({ baseDir: sub })));
      expect(error.message).toBe(`image ${src}: ${reason}`);
    }
  });

  it('draws nothing, with a warning, for a picture missing from baseDir', async () => {
    const warnings: string[] = [];
    const out = await inlineImages(el('img', { src: 'img/missing.png' }), ctx({ baseDir: folder, warnings }));
    expect(dataUriBytes(out.props.src).mime).toBe('image/png');
    expect(warnings).toEqual([
      'image img/missing.png was not loaded: no such file in the base folder; nothing is drawn for it',
    ]);
  });

  it('caps the number of distinct images', async () => {
    const many = Array.from({ length: 40 }, (_, i) => el('img', { src: `${server.origin}/red.png?i=${i}` }));
    const error = await refusal(inlineImages(el('div', {}, ...many), ctx()));
    expect(error.message).toBe('the document references 40 distinct remote images; at most 32 are fetched');
  });
});

describe('SVG images', () => {
  const svg = (body: string, attrs = 'width="20" height="10"') =>
    `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${body}</svg>`)}`;

  it('passes a self-contained SVG (gradients, #refs) through as base64', async () => {
    const body = `<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
      <rect width="20" height="10" fill="url(#g)"/><use href="#g"/>`;
    const out = await inlineImages(el('img', { src: svg(body) }), ctx());
    const { mime, data } = dataUriBytes(out.props.src);
    expect(mime).toBe('image/svg+xml');
    expect(data.toString()).toContain('<rect width="20" height="10" fill="url(#g)"/>');
    expect(await sharp(data).metadata()).toMatchObject({ width: 20, height: 10 });
  });

  it('passes an SVG with an embedded PNG on as its canonical utf8 text, ids prefixed (svg-picture-rasters)', async () => {
    const body = `<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
      <rect width="20" height="10" fill="url(#g)"/><use href="#g"/><image href="data:image/png;base64,${red.toString('base64')}" width="2" height="2"/>`;
    const out = await inlineImages(el('img', { src: svg(body) }), ctx());
    const src = String(out.props.src);
    expect(src.startsWith('data:image/svg+xml;utf8,%3Csvg')).toBe(true);
    const text = decodeURIComponent(src.slice('data:image/svg+xml;utf8,'.length));
    expect(text).toMatch(/<rect width="20" height="10" fill="url\(#pictor-svg-[a-z0-9]+-g\)"><\/rect>/);
    expect(await sharp(Buffer.from(text)).metadata()).toMatchObject({ width: 20, height: 10 });
  });

  it("passes a DOCTYPE that only names the SVG DTD (drawing programs' files), dropping it", async () => {
    const file = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 20010904//EN"
              "http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd">
<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="red"/></svg>`;
    const out = await inlineImages(
      el('img', { src: `data:image/svg+xml;base64,${Buffer.from(file).toString('base64')}` }),
      ctx(),
    );
    const { mime, data } = dataUriBytes(out.props.src);
    expect(mime).toBe('image/svg+xml');
    expect(data.toString()).not.toContain('DOCTYPE');
    expect(data.toString()).toContain('<rect width="20" height="10" fill="red"/>');
    expect(await sharp(data).metadata()).toMatchObject({ width: 20, height: 10 });
  });

  it.each([
    [
      'DOCTYPE with an internal subset after the SVG DTD',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>',
      'SVG images with a DOCTYPE or entities are not allowed',
    ],
    [
      'a second DOCTYPE',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd"><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>',
      'not allowed',
    ],
    [
      'billion laughs',
      '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
      'SVG images with a DOCTYPE or entities are not allowed',
    ],
    [
      'external image',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="http://10.0.0.1/x.png"/></svg>',
      'references "http://10.0.0.1/x.png"',
    ],
    [
      'local file',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="/etc/passwd"/></svg>',
      'references "/etc/passwd"',
    ],
    [
      'css url',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: url(https://x/y#p)"/></svg>',
      'references "https://x/y#p"',
    ],
    [
      'style sheet import',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import "https://x/y.css";</style></svg>',
      'may not @import',
    ],
    [
      'nested svg',
      `<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>`,
      'references "data:image/svg+xml',
    ],
    [
      'self-referencing use',
      '<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#a"/></g></svg>',
      'a <use> that references itself',
    ],
    [
      'huge size',
      '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>',
      'declares 100000×100000 pixels',
    ],
    [
      'huge size in mm',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10000mm" height="10000mm"/>',
      'declares 37795×37795 pixels',
    ],
    [
      'huge viewBox',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90000 90000"/>',
      'declares 90000×90000 pixels',
    ],
    [
      'script',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'may not contain <script>',
    ],
  ])('refuses %s', async (_name, text, reason) => {
    const src = `data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}`;
    const error = await refusal(inlineImages(el('img', { src }), ctx()));
    expect(error.message).toContain(reason);
  });

  it('holds pictures embedded in an SVG to the pixel limit, as it holds the SVG itself', async () => {
    // 400 megapixels declared (the header only: nothing this large is ever decoded).
    const huge = `data:image/png;base64,${(await bombPng(20_000, 20_000)).toString('base64')}`;
    for (const body of [
      `<image href="${huge}" width="2" height="2"/>`,
      `<image xlink:href="${huge}" width="2" height="2"/>`,
      `<filter id="f"><feImage href="${huge}"/></filter><rect width="2" height="2" filter="url(#f)"/>`,
      `<rect width="2" height="2" style="fill: url('${huge}')"/>`,
      `<style>.a { fill: url(${huge}) }</style>`,
    ]) {
      const error = await refusal(inlineImages(el('img', { src: svg(body) }), ctx()));
      expect(error.message).toContain(
        ': a picture in it (data:image/png;base64,iVBORw0KGgoAAAANSU…): the image declares 20000×20000 pixels, over the limit of 25000000 (limits.maxImagePixels)',
      );
    }
    // Within the limit it passes; the SVG then counts the pixels of its largest picture.
    const fits = svg(
      `<image href="data:image/png;base64,${(await bombPng(5_000, 4_000)).toString('base64')}"/>`,
    );
    await inlineImages(el('img', { src: fits }), ctx());
    const lower = { ...limits, maxImagePixels: 19_000_000 };
    const error = await refusal(inlineImages(el('img', { src: fits }), ctx({ limits: lower })));
    expect(error.message).toContain('declares 5000×4000 pixels, over the limit of 19000000');
  });

  it('refuses an embedded picture that is not a readable raster image', async () => {
    for (const [href, reason] of [
      ['data:image/png;base64,AAAA', 'not a PNG, JPEG, GIF or WebP image'],
      [`data:image/png;base64,${red.subarray(0, 30).toString('base64')}`, 'the PNG image is corrupt'],
      [
        `data:image/png,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`,
        'not a PNG, JPEG',
      ],
    ]) {
      const error = await refusal(inlineImages(el('img', { src: svg(`<image href="${href}"/>`) }), ctx()));
      expect(error.message).toContain(reason);
    }
  });

  it('refuses <use> chains that expand exponentially', async () => {
    let body = '<g id="l0"><rect width="1" height="1"/></g>';
    for (let level = 1; level <= 8; level++) {
      body += `<g id="l${level}">${Array.from({ length: 10 }, () => `<use href="#l${level - 1}"/>`).join('')}</g>`;
    }
    const error = await refusal(inlineImages(el('img', { src: svg(body) }), ctx()));
    expect(error.message).toContain('expands to more than 20000 elements through <use>');
  });
});
