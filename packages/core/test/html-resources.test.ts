import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PictorError } from '../src/errors.js';
import type { FetchedResource, ResourceFetcher, ResourceKind } from '../src/fetch/types.js';
import { loadDocumentResources } from '../src/document-resources/load-document-resources.js';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriChild, SatoriElement } from '../src/html/types.js';

const require = createRequire(import.meta.url);
const fontFile = join(
  dirname(require.resolve('@expo-google-fonts/jetbrains-mono/package.json')),
  '800ExtraBold/JetBrainsMono_800ExtraBold.ttf',
);
const ttf = readFileSync(fontFile);

/** An in-memory stand-in for the guarded fetcher: serves fixed bodies and records what was asked. */
class TableFetcher implements ResourceFetcher {
  readonly calls: [string, ResourceKind][] = [];
  constructor(private readonly bodies: Record<string, Buffer | string>) {}
  async fetch(url: string, kind: ResourceKind): Promise<FetchedResource> {
    this.calls.push([url, kind]);
    const body = this.bodies[url];
    if (body === undefined) throw new PictorError('FETCH_ERROR', `${kind} ${url}: HTTP 404`);
    return { url, finalUrl: url, contentType: '', data: Buffer.from(body) };
  }
}

function styles(el: SatoriChild, out: SatoriElement[] = []): SatoriElement[] {
  if (!el || typeof el !== 'object') return out;
  if (el.type === 'style') out.push(el);
  const c = el.props.children;
  for (const k of Array.isArray(c) ? c : [c]) styles(k, out);
  return out;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pictor-html-resources-'));
  mkdirSync(join(dir, 'fonts'));
  mkdirSync(join(dir, 'css'));
  writeFileSync(join(dir, 'fonts', 'brand.ttf'), ttf);
  writeFileSync(join(dir, 'fonts', 'broken.ttf'), 'not a font');
  writeFileSync(
    join(dir, 'css', 'site.css'),
    '@font-face{font-family:Linked;src:url(../fonts/brand.ttf)} .x{display:table-cell;color:red}',
  );
});

describe('@font-face', () => {
  it('loads a font next to the document (baseDir) with its weight and style', async () => {
    const parsed = parseHtml(
      '<html><head><style>@font-face{font-family:"Brand";src:url(fonts/brand.ttf);font-weight:800;font-style:italic}</style></head><body></body></html>',
    );
    const { fonts, warnings } = await loadDocumentResources(parsed, { baseDir: dir });
    expect(warnings).toEqual([]);
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatchObject({ name: 'Brand', weight: 800, style: 'italic' });
    expect(fonts[0]!.data.equals(ttf)).toBe(true);
  });

  it('loads a data: URI font without any fetcher or base', async () => {
    const parsed = parseHtml(
      `<style>@font-face{font-family:Inline;src:url(data:font/ttf;base64,${ttf.toString('base64')})}</style><p>x</p>`,
    );
    const { fonts, warnings } = await loadDocumentResources(parsed, {});
    expect(warnings).toEqual([]);
    expect(fonts.map((f) => [f.name, f.weight, f.style])).toEqual([['Inline', 400, 'normal']]);
  });

  it('falls back to the next src, then to the built-in fonts with a warning', async () => {
    const parsed = parseHtml(
      '<style>@font-face{font-family:A;src:url(fonts/missing.woff2),url(fonts/brand.ttf)} @font-face{font-family:B;src:url(fonts/broken.ttf)}</style><p>x</p>',
    );
    const { fonts, warnings } = await loadDocumentResources(parsed, { baseDir: dir });
    expect(fonts.map((f) => f.name)).toEqual(['A']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^@font-face "B" was not loaded \(fonts\/broken\.ttf: .*\); the built-in fonts are used$/,
    );
  });

  it('refuses files outside baseDir and relative URLs with no base', async () => {
    const parsed = parseHtml('<style>@font-face{font-family:C;src:url(../../etc/passwd)}</style><p>x</p>');
    const outside = await loadDocumentResources(parsed, { baseDir: join(dir, 'fonts') });
    expect(outside.fonts).toEqual([]);
    expect(outside.warnings[0]).toMatch(/outside baseDir|ENOENT/);
    const nobase = await loadDocumentResources(parsed, {});
    expect(nobase.warnings[0]).toContain('a relative URL needs the baseUrl render option');
  });

  it('fetches remote fonts through the fetcher, relative URLs resolved against baseUrl', async () => {
    const fetcher = new TableFetcher({ 'https://cdn.example/fonts/brand.ttf': ttf });
    const parsed = parseHtml(
      '<style>@font-face{font-family:Remote;src:url(fonts/brand.ttf)}</style><p>x</p>',
    );
    const { fonts, warnings } = await loadDocumentResources(parsed, {
      fetcher,
      baseUrl: 'https://cdn.example/',
    });
    expect(warnings).toEqual([]);
    expect(fonts.map((f) => f.name)).toEqual(['Remote']);
    expect(fetcher.calls).toEqual([['https://cdn.example/fonts/brand.ttf', 'font']]);
  });
});

describe('<base href>', () => {
  it('resolves relative URLs against the document base, itself resolved against baseUrl', async () => {
    const fetcher = new TableFetcher({ 'https://cdn.example/assets/site.css': 'p{color:red}' });
    const parsed = parseHtml(
      '<html><head><base href="/assets/"><link rel="stylesheet" href="site.css"></head><body></body></html>',
    );
    expect(parsed.baseHref).toBe('/assets/');
    const { warnings } = await loadDocumentResources(parsed, {
      fetcher,
      baseUrl: 'https://cdn.example/page/x.html',
    });
    expect(warnings).toEqual([]);
    expect(fetcher.calls).toEqual([['https://cdn.example/assets/site.css', 'stylesheet']]);
  });

  it('never reads local files through a file: base without baseDir', async () => {
    const parsed = parseHtml(
      '<html><head><base href="file:///etc/"><link rel="stylesheet" href="passwd"></head><body></body></html>',
    );
    const { warnings } = await loadDocumentResources(parsed, {});
    expect(warnings).toEqual([
      'stylesheet passwd was not loaded: local files are only read under the baseDir option',
    ]);
  });
});

describe('<link rel=stylesheet>', () => {
  it('fills the placeholder with the sheet (display degraded) and loads its fonts relative to the sheet', async () => {
    const parsed = parseHtml(
      '<html><head><link rel="stylesheet" href="css/site.css"></head><body><p class="x">x</p></body></html>',
    );
    const { fonts, warnings } = await loadDocumentResources(parsed, { baseDir: dir });
    const sheet = styles(parsed.root).find((s) => s.props['data-pictor-href'] === 'css/site.css')!;
    expect(String(sheet.props.children)).toContain(
      '.x{display:block;--pictor-css-display:table-cell;color:red}',
    );
    expect(fonts.map((f) => f.name)).toEqual(['Linked']);
    // A table display is laid out as a table (css-table-display.ts): no warning.
    expect(warnings).toEqual([]);
  });

  it('fetches remote sheets through the fetcher; a failure is a warning and the sheet stays empty', async () => {
    const fetcher = new TableFetcher({ 'https://a.example/ok.css': 'p{color:blue}' });
    const parsed = parseHtml(
      '<html><head><link rel="stylesheet" href="https://a.example/ok.css"><link rel="stylesheet" href="/missing.css"></head><body></body></html>',
    );
    const { warnings } = await loadDocumentResources(parsed, {
      fetcher,
      baseUrl: 'https://a.example/dir/page.html',
    });
    const [ok, missing] = styles(parsed.root).filter((s) => s.props['data-pictor-href']);
    expect(ok!.props.children).toBe('p{color:blue}');
    expect(missing!.props.children).toBe('');
    expect(fetcher.calls).toEqual([
      ['https://a.example/ok.css', 'stylesheet'],
      ['https://a.example/missing.css', 'stylesheet'],
    ]);
    expect(warnings).toEqual([
      'stylesheet /missing.css was not loaded: stylesheet https://a.example/missing.css: HTTP 404',
    ]);
  });

  it('never fetches without a fetcher', async () => {
    const parsed = parseHtml(
      '<html><head><link rel="stylesheet" href="https://a.example/x.css"></head><body></body></html>',
    );
    const { warnings } = await loadDocumentResources(parsed, {});
    expect(warnings).toEqual([
      'stylesheet https://a.example/x.css was not loaded: remote resources are not loaded here (no fetcher)',
    ]);
  });
});
