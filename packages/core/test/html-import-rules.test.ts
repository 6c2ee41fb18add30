/**
 * Pictor (import-rules-loaded): the sheets `@import` rules name are applied, as Chromium applies them: before the
 * rules of the importing sheet, under its media list, `supports()` and `layer`, an imported sheet's own imports first,
 * relative URLs against the importing sheet; remote ones through the guarded fetcher (loopback refused unless
 * allowed), data: ones decoded. One not served as text/css, unreachable or refused, importing itself, or past
 * `limits.maxImportDepth` / `limits.maxImportedSheets` is skipped with a warning. Repros import-rules-loaded and
 * import-picture-ignored, compared with Chromium.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { loadDocumentResources } from '../src/document-resources/load-document-resources.js';
import { readImportPrelude, readImportRules } from '../src/document-resources/import-rules.js';
import { PictorError } from '../src/errors.js';
import type { FetchedResource, ResourceFetcher, ResourceKind } from '../src/fetch/types.js';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriChild, SatoriElement } from '../src/html/types.js';
import { createRenderer, type Renderer } from '../src/index.js';
import { startServer, type TestServer } from './fixtures/http-server.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');

/** Serves fixed text/css bodies and records what was asked. */
class TableFetcher implements ResourceFetcher {
  readonly calls: string[] = [];
  constructor(private readonly bodies: Record<string, string>) {}
  async fetch(url: string, kind: ResourceKind): Promise<FetchedResource> {
    this.calls.push(url);
    const body = this.bodies[url];
    if (body === undefined) throw new PictorError('FETCH_ERROR', `${kind} ${url}: HTTP 404`);
    return { url, finalUrl: url, contentType: 'text/css; charset=utf-8', data: Buffer.from(body) };
  }
}

function sheets(el: SatoriChild, out: string[] = []): string[] {
  if (!el || typeof el !== 'object') return out;
  if (el.type === 'style') out.push(String((el as SatoriElement).props.children));
  const c = el.props.children;
  for (const k of Array.isArray(c) ? c : [c]) sheets(k, out);
  return out;
}

describe('readImportRules', () => {
  it('reads the imports at the start of a sheet with their layer, supports() and media list', () => {
    expect(
      readImportPrelude('url("a.css") layer(base) supports(display: grid) screen and (min-width: 1px)'),
    ).toEqual({
      url: 'a.css',
      layer: 'base',
      supports: 'display: grid',
      media: 'screen and (min-width: 1px)',
    });
    expect(readImportPrelude("'b.css' layer")).toEqual({ url: 'b.css', layer: '' });
    expect(readImportPrelude('url(c.css)')).toEqual({ url: 'c.css' });
    expect(
      readImportRules(
        '@charset "utf-8"; @layer a, b; @import "a.css"; @import url(b.css) print; .x{} @import "c.css";',
      ),
    ).toEqual([{ url: 'a.css' }, { url: 'b.css', media: 'print' }]);
  });
});

describe('loadDocumentResources with @import', () => {
  const bodies = {
    'https://a.example/css/site.css': '@import "base.css"; .site{color:red}',
    'https://a.example/css/base.css': '@import url(/reset.css) screen; .base{color:blue}',
    'https://a.example/reset.css': '.reset{margin:0}',
    'https://a.example/loop.css': '@import "loop.css"; .loop{color:red}',
  };

  it('puts each imported sheet before the sheet importing it, in its conditions, resolved against that sheet', async () => {
    const fetcher = new TableFetcher(bodies);
    const parsed = parseHtml(
      '<html><head><link rel="stylesheet" href="css/site.css"><style>@import "loop.css"; .own{color:green}</style></head><body></body></html>',
    );
    const { warnings } = await loadDocumentResources(parsed, { fetcher, baseUrl: 'https://a.example/' });
    expect(warnings).toEqual(['@import loop.css was not loaded: the sheet imports itself']);
    const texts = sheets(parsed.root).map((css) => css.replace(/\s+/g, ''));
    // `screen` applies: core resolves the `@media` block the import was put in.
    expect(texts[0]).toBe('.reset{margin:0}');
    expect(texts[1]).toContain('.base{color:blue}');
    expect(texts[2]).toContain('.site{color:red}');
    expect(texts[3]).toContain('.loop{color:red}');
    expect(texts[4]).toContain('.own{color:green}');
    expect(fetcher.calls).toContain('https://a.example/reset.css');
  });

  it('stops at limits.maxImportDepth and limits.maxImportedSheets with a warning', async () => {
    const parsed = () => parseHtml('<link rel="stylesheet" href="https://a.example/css/site.css"><p>x</p>');
    const deep = await loadDocumentResources(parsed(), {
      fetcher: new TableFetcher(bodies),
      maxImportDepth: 1,
    });
    expect(deep.warnings).toEqual([
      '@import /reset.css was not loaded: imports nest deeper than 1 (limits.maxImportDepth)',
    ]);
    const many = await loadDocumentResources(parsed(), {
      fetcher: new TableFetcher(bodies),
      maxImportedSheets: 1,
    });
    expect(many.warnings).toEqual([
      '@import /reset.css was not loaded: more than 1 sheets are imported (limits.maxImportedSheets)',
    ]);
  });
});

describe('@import through the guarded fetcher', () => {
  let server: TestServer;
  let allowed: Renderer;
  let guarded: Renderer;
  beforeAll(async () => {
    server = await startServer({
      '/theme.css': (_req, res) => {
        res.setHeader('content-type', 'text/css');
        res.end('.box{width:20px;height:20px;background:#00f}');
      },
    });
    allowed = createRenderer({ workers: 0, fetch: { allowList: ['127.0.0.1'] } });
    guarded = createRenderer({ workers: 0 });
  });
  afterAll(async () => {
    await Promise.all([allowed.close(), guarded.close(), server.close()]);
  });

  const html = (origin: string) =>
    `<style>@import "${origin}/theme.css"; html{background:#fff} body{margin:0}</style><div class="box"></div>`;

  it('loads an allowed sheet, and refuses a loopback one by default with a warning', async () => {
    const ok = await allowed.render({ html: html(server.origin), width: 40, height: 40, format: 'png' });
    expect(ok.warnings).toEqual([]);
    const refused = await guarded.render({ html: html(server.origin), width: 40, height: 40, format: 'png' });
    expect(refused.warnings).toHaveLength(1);
    expect(refused.warnings[0]).toMatch(
      /^@import http:\/\/127\.0\.0\.1:\d+\/theme\.css was not loaded: .*loopback/,
    );
    expect(server.hits.get('/theme.css')).toBe(1);
  });
});

describe('the repros, drawn as Chromium draws them', () => {
  const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
  afterAll(() => renderer.close());

  it.each([
    [
      'import-rules-loaded',
      300,
      160,
      [/^@import data:text\/plain,.* was ignored: it is text\/plain, not text\/css/],
    ],
    [
      'import-picture-ignored',
      300,
      120,
      [
        /image\/png, not text\/css/,
        /image\/png, not text\/css/,
        /127\.0\.0\.1:9.* was not loaded/,
        /text\/plain/,
      ],
    ],
  ] as const)('%s', async (name, width, height, expected) => {
    const page = readFileSync(join(dir, `${name}.html`), 'utf8');
    const result = await renderer.render({ html: page, width, height, format: 'png' });
    expect(result.warnings).toHaveLength(expected.length);
    for (const [i, warning] of result.warnings.entries()) expect(warning).toMatch(expected[i] as RegExp);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, `${name}.chromium.png`)),
    );
    expect(mean).toBeLessThan(1);
    expect(far).toBeLessThan(0.001);
  });
});
