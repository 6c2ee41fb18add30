/**
 * The resources a document declares: `<link rel="stylesheet">` sheets (filled into their placeholder
 * `<style>`) and `@font-face` fonts. Remote URLs go through the one guarded fetcher; relative URLs resolve
 * against `baseUrl`, or against the local `baseDir` for library users. A resource that cannot be loaded is
 * a warning and the render falls back (to no sheet, to the built-in fonts), never a failed render.
 */
import { readFile, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decodeDataUrl } from '../fetch/data-url.js';
import type { ResourceFetcher, ResourceKind } from '../fetch/types.js';
import { type LoadedFont, loadFontBytes, loadFontUrl } from '../fonts/custom.js';
import { servedWeights } from '../fonts/variation-axes.js';
import { sha256Hex } from '../lazy-crypto.js';
import { STYLESHEET_HREF_ATTR } from '../html/elements/convert.js';
import { DocumentStyles } from '../html/style-sheets/stylesheet.js';
import { withoutImportRules } from '../images/css-urls.js';
import { DEFAULT_LIMITS } from '../limits.js';
import { type ImportRule, readImportRules, wrapImported } from './import-rules.js';
import type { DocumentFontFace, ParsedHtml, SatoriChild, SatoriElement } from '../html/types.js';

/** Where a document's resources come from. */
export interface DocumentResourceContext {
  /** The guarded fetcher for http(s) URLs; without it, remote resources are skipped with a warning. */
  fetcher?: ResourceFetcher | null;
  /** URL that relative URLs resolve against (http(s) or file: under `baseDir`). */
  baseUrl?: string;
  /** Local folder that relative URLs resolve against when no `baseUrl` is given; files outside it are refused. */
  baseDir?: string;
  /** Largest local or data: resource in bytes, default 10 MiB. */
  maxBytes?: number;
  /** How deep `@import` rules are followed (1: the document's sheets' own imports only); `limits.maxImportDepth`. */
  maxImportDepth?: number;
  /** How many sheets `@import` rules load in one render, in all; `limits.maxImportedSheets`. */
  maxImportedSheets?: number;
}

/** A document font ready for satori; the same shape as the custom fonts of `loadFontSpecs`. */
export interface DocumentFont extends LoadedFont {
  weight: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
}

const hashes = new WeakMap<Buffer, string>();

/** sha256 of font bytes, once per Buffer (the font loader returns the same Buffer for the same font). */
function hashOf(data: Buffer): string {
  let hash = hashes.get(data);
  if (!hash) {
    hash = sha256Hex(data);
    hashes.set(data, hash);
  }
  return hash;
}

/** What loading the document's resources produced. */
export interface DocumentResources {
  /** Fonts of the document's `@font-face` rules, to pass to satori with the other fonts. */
  fonts: DocumentFont[];
  /** Stylesheets or fonts that could not be loaded (the render falls back). */
  warnings: string[];
}

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** A resolved location: an http(s)/data: URL for the fetcher, or a local file under `baseDir`. */
type Location = { kind: 'url'; url: string } | { kind: 'file'; path: string };

function resolveLocation(ref: string, base: string | undefined, ctx: DocumentResourceContext): Location {
  const trimmed = ref.trim();
  if (/^data:/i.test(trimmed)) return { kind: 'url', url: trimmed };
  let url: URL | null = null;
  try {
    url = new URL(trimmed, base);
  } catch {
    url = null;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return { kind: 'url', url: url.href };
  if (url && url.protocol === 'file:') return { kind: 'file', path: fileURLToPath(url) };
  if (url) throw new Error(`${url.protocol} URLs are not loaded`);
  if (ctx.baseDir) {
    const path = decodeURIComponent(trimmed.replace(/[?#].*$/, ''));
    return { kind: 'file', path: resolve(ctx.baseDir, path.replace(/^\/+/, '')) };
  }
  throw new Error('a relative URL needs the baseUrl render option (or baseDir for local files)');
}

async function readLocation(
  location: Location,
  kind: ResourceKind,
  ctx: DocumentResourceContext,
): Promise<Buffer> {
  const maxBytes = ctx.maxBytes ?? DEFAULT_MAX_BYTES;
  if (location.kind === 'url') {
    if (/^data:/i.test(location.url)) return decodeDataUrl(location.url, maxBytes).data;
    if (!ctx.fetcher) throw new Error('remote resources are not loaded here (no fetcher)');
    return (await ctx.fetcher.fetch(location.url, kind)).data;
  }
  if (!ctx.baseDir) throw new Error('local files are only read under the baseDir option');
  const root = await realpath(ctx.baseDir);
  const real = await realpath(location.path);
  const rel = relative(root, real);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new Error('the file is outside baseDir');
  const data = await readFile(real);
  if (data.length > maxBytes) throw new Error(`the file is over the ${maxBytes}-byte limit`);
  return data;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The base of relative URLs: `baseUrl` (or `baseDir`), then the document's `<base href>` resolved against it. */
function baseOf(ctx: DocumentResourceContext, baseHref: string | undefined): string | undefined {
  const outer = ctx.baseUrl ?? (ctx.baseDir ? pathToFileURL(`${resolve(ctx.baseDir)}/`).href : undefined);
  if (!baseHref) return outer;
  try {
    return new URL(baseHref, outer).href;
  } catch {
    return outer;
  }
}

/** Every `<style>` element of the tree with the children list it is in (undefined: its parent's only child). */
function findStyles(
  node: SatoriChild,
  out: { style: SatoriElement; parent: SatoriElement }[],
  parent?: SatoriElement,
): void {
  if (!node || typeof node !== 'object') return;
  if (node.type === 'style' && parent) out.push({ style: node, parent });
  const children = node.props.children;
  if (Array.isArray(children)) for (const c of children) findStyles(c, out, node);
  else findStyles(children, out, node);
}

/** The media type of a loaded sheet (lower-case, without parameters), '' when unknown (a local file). */
function sheetType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** A sheet an `@import` loaded: where it came from (for its relative `url()`s) and its text in its conditions. */
interface ImportedSheet {
  href: string;
  css: string;
}

/**
 * Pictor (import-rules-loaded): the sheets `rules` import, each after the sheets it imports itself, as Chromium
 * orders them (an imported sheet comes before the rules of the sheet importing it), each inside the conditions of
 * every import on its way (`@media`, `@supports`, `@layer`). A sheet that cannot be loaded, is not `text/css`, imports
 * one of the sheets it is imported from, or is past `maxImportDepth` / `maxImportedSheets` is skipped with a warning.
 */
async function loadImports(
  rules: ImportRule[],
  base: string | undefined,
  ctx: DocumentResourceContext,
  state: {
    loaded: number;
    warnings: string[];
    faces: { face: DocumentFontFace; base: string | undefined }[];
  },
  viewport: ParsedHtml['viewport'],
  depth: number,
  chain: string[],
): Promise<ImportedSheet[]> {
  const out: ImportedSheet[] = [];
  const maxDepth = ctx.maxImportDepth ?? DEFAULT_LIMITS.maxImportDepth;
  const maxSheets = ctx.maxImportedSheets ?? DEFAULT_LIMITS.maxImportedSheets;
  for (const rule of rules) {
    const name = rule.url.length > 80 ? `${rule.url.slice(0, 77)}...` : rule.url;
    if (depth > maxDepth) {
      state.warnings.push(
        `@import ${name} was not loaded: imports nest deeper than ${maxDepth} (limits.maxImportDepth)`,
      );
      continue;
    }
    if (state.loaded >= maxSheets) {
      state.warnings.push(
        `@import ${name} was not loaded: more than ${maxSheets} sheets are imported (limits.maxImportedSheets)`,
      );
      continue;
    }
    try {
      const location = resolveLocation(rule.url, base, ctx);
      const key = location.kind === 'url' ? location.url : location.path;
      if (chain.includes(key)) {
        state.warnings.push(`@import ${name} was not loaded: the sheet imports itself`);
        continue;
      }
      state.loaded++;
      let text: string;
      let type: string;
      if (location.kind === 'url' && /^data:/i.test(location.url)) {
        const decoded = decodeDataUrl(location.url, ctx.maxBytes ?? DEFAULT_MAX_BYTES);
        type = sheetType(decoded.contentType) || 'text/plain';
        text = decoded.data.toString('utf8');
      } else if (location.kind === 'url') {
        if (!ctx.fetcher) throw new Error('remote resources are not loaded here (no fetcher)');
        const fetched = await ctx.fetcher.fetch(location.url, 'stylesheet');
        type = sheetType(fetched.contentType);
        text = fetched.data.toString('utf8');
      } else {
        type = '';
        text = (await readLocation(location, 'stylesheet', ctx)).toString('utf8');
      }
      // Chromium applies an imported sheet only when it is served as CSS.
      if (type && type !== 'text/css') {
        state.warnings.push(
          `@import ${name} was ignored: it is ${type}, not text/css (as browsers ignore it)`,
        );
        continue;
      }
      const sheetBase = location.kind === 'url' ? location.url : pathToFileURL(location.path).href;
      const ownBase = sheetBase.startsWith('data:') ? base : sheetBase;
      const nested = await loadImports(readImportRules(text), ownBase, ctx, state, viewport, depth + 1, [
        ...chain,
        key,
      ]);
      const own = wrapImported(withoutImportRules(text).replace(/^\s*@charset\s+"[^"]*"\s*;/i, ''), rule);
      const styles = new DocumentStyles((w) => state.warnings.push(`@import ${name}: ${w}`), viewport);
      const processed = styles.addSheet(own);
      for (const face of processed.fontFaces) state.faces.push({ face, base: ownBase });
      const href =
        location.kind === 'url'
          ? location.url.startsWith('data:')
            ? ''
            : location.url
          : ctx.baseDir
            ? `/${relative(resolve(ctx.baseDir), location.path).split('\\').join('/')}`
            : '';
      for (const sheet of nested) out.push({ href: sheet.href, css: wrapImported(sheet.css, rule) });
      out.push({ href, css: processed.css });
    } catch (error) {
      state.warnings.push(`@import ${name} was not loaded: ${describe(error)}`);
    }
  }
  return out;
}

function findPlaceholders(node: SatoriChild, out: SatoriElement[]): void {
  if (!node || typeof node !== 'object') return;
  if (node.type === 'style' && typeof node.props[STYLESHEET_HREF_ATTR] === 'string') out.push(node);
  const children = node.props.children;
  if (Array.isArray(children)) for (const c of children) findPlaceholders(c, out);
  else findPlaceholders(children, out);
}

function normalizeWeight(weight: number | undefined): DocumentFont['weight'] {
  const w = Math.min(900, Math.max(100, Math.round((weight ?? 400) / 100) * 100));
  return w as DocumentFont['weight'];
}

/**
 * Load the document's stylesheets (into their placeholders in `parsed.root`, in place) and `@font-face` fonts.
 * Never throws for a resource: each failure is one warning naming the URL and the reason.
 *
 * @example
 * const parsed = parseHtml(html);
 * const { fonts, warnings } = await loadDocumentResources(parsed, { fetcher, baseUrl: 'https://example.com/' });
 */
export async function loadDocumentResources(
  parsed: ParsedHtml,
  ctx: DocumentResourceContext,
): Promise<DocumentResources> {
  const warnings: string[] = [];
  const base = baseOf(ctx, parsed.baseHref);
  const faces: { face: DocumentFontFace; base: string | undefined }[] = parsed.fontFaces.map((face) => ({
    face,
    base,
  }));

  const placeholders: SatoriElement[] = [];
  findPlaceholders(parsed.root, placeholders);
  await Promise.all(
    placeholders.map(async (placeholder) => {
      const href = String(placeholder.props[STYLESHEET_HREF_ATTR]);
      try {
        const location = resolveLocation(href, base, ctx);
        const bytes = await readLocation(location, 'stylesheet', ctx);
        const sheetBase = location.kind === 'url' ? location.url : pathToFileURL(location.path).href;
        const styles = new DocumentStyles((w) => warnings.push(`stylesheet ${href}: ${w}`), parsed.viewport);
        const processed = styles.addSheet(bytes.toString('utf8'));
        placeholder.props.children = processed.css;
        for (const face of processed.fontFaces)
          faces.push({ face, base: sheetBase.startsWith('data:') ? base : sheetBase });
      } catch (error) {
        warnings.push(`stylesheet ${href} was not loaded: ${describe(error)}`);
      }
    }),
  );

  // Pictor (import-rules-loaded): the sheets `@import` rules name, each put as a `<style>` of its own before the sheet
  // that imports it (a linked one's imports resolve against its URL).
  const sheets: { style: SatoriElement; parent: SatoriElement }[] = [];
  findStyles(parsed.root, sheets);
  const importState = { loaded: 0, warnings, faces };
  for (const { style, parent } of sheets) {
    const text = typeof style.props.children === 'string' ? style.props.children : '';
    const rules = readImportRules(text);
    if (rules.length === 0) continue;
    const href = style.props[STYLESHEET_HREF_ATTR];
    let sheetBase = base;
    if (typeof href === 'string') {
      try {
        const location = resolveLocation(href, base, ctx);
        sheetBase = location.kind === 'url' ? location.url : pathToFileURL(location.path).href;
        if (sheetBase.startsWith('data:')) sheetBase = base;
      } catch {
        continue;
      }
    }
    const imported = await loadImports(rules, sheetBase, ctx, importState, parsed.viewport, 1, []);
    if (imported.length === 0) continue;
    const elements: SatoriElement[] = imported.map(({ href: sheetHref, css }) => ({
      type: 'style',
      props: {
        children: css,
        ...(sheetHref ? { [STYLESHEET_HREF_ATTR]: sheetHref } : {}),
        ...(typeof style.props.media === 'string' ? { media: style.props.media } : {}),
      },
    }));
    const siblings = parent.props.children;
    if (Array.isArray(siblings)) siblings.splice(siblings.indexOf(style), 0, ...elements);
    else parent.props.children = [...elements, style];
  }

  const loaded: (DocumentFont | null)[] = [];
  const seen = new Set<string>();
  await Promise.all(
    faces.map(async ({ face, base: faceBase }, index) => {
      const weight = normalizeWeight(face.weight);
      const style = face.style ?? 'normal';
      // Faces that differ only in their unicode-range are parts of one font (a web font split by script).
      const key = `${face.family}|${weight}|${style}|${face.weightRange ?? ''}|${face.unicodeRange ?? ''}`;
      if (seen.has(key)) return;
      seen.add(key);
      const reasons: string[] = [];
      for (const source of face.sources) {
        try {
          const location = resolveLocation(source, faceBase, ctx);
          const data =
            location.kind === 'url' && /^https?:/i.test(location.url) && ctx.fetcher
              ? await loadFontUrl(location.url, face.family, ctx.fetcher)
              : await loadFontBytes(await readLocation(location, 'font', ctx), face.family);
          // A variable face serves its declared weights, or its whole wght axis without a font-weight.
          const weightRange = servedWeights(data, face.weightRange ?? face.weight);
          loaded[index] = {
            name: face.family,
            data,
            weight,
            style,
            hash: hashOf(data),
            ...(weightRange ? { weightRange } : {}),
            ...(face.unicodeRange ? { unicodeRange: face.unicodeRange } : {}),
          };
          return;
        } catch (error) {
          reasons.push(`${source.length > 80 ? `${source.slice(0, 77)}...` : source}: ${describe(error)}`);
        }
      }
      warnings.push(
        `@font-face "${face.family}" was not loaded (${reasons.join('; ')}); the built-in fonts are used`,
      );
    }),
  );
  // In declaration order, whatever order the loads finished in.
  const fonts = loaded.filter((f): f is DocumentFont => !!f);
  return { fonts, warnings };
}
