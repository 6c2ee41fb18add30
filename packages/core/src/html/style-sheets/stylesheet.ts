/**
 * The document's stylesheets as the HTML stage sees them: `@font-face` rules, the class names they
 * style (to tell Tailwind utilities from authored classes), `display` values degraded where satori
 * would drop them, and a small cascade for the few properties the stage itself needs.
 */
import * as csstree from 'css-tree';
import { type MediaViewport, resolveMediaBlocks } from './media-queries.js';
import { CSS_TABLE_DISPLAY, isCssTableDisplay } from '../elements/css-table-display.js';
import { isSupportedDisplay, degradeDisplay } from '../elements/display.js';
import { type Element, getAttr, isAnonymous } from '../dom.js';
import { compareSpecificity, matchesSelector, specificity } from './selector-match.js';
import { RuleIndex } from './rule-index.js';
import { SheetCache } from './sheet-cache.js';
import type { DocumentFontFace } from '../types.js';
import { unescapeCssIdentifier } from './css-escape.js';
import { generateCss } from './css-generate.js';
import { type UnicodeRange, parseUnicodeRange } from '../../fonts/unicode-range.js';
import {
  foreignValue,
  invalidDeclaration,
  resolveValue,
  unprefixedProperty,
  unsupportedDeclaration,
} from './css-values.js';

interface Declaration {
  value: string;
  important: boolean;
}

interface ProbeRule {
  selector: csstree.CssNode;
  specificity: [number, number, number];
  order: number;
  /** Cascade layer rank: layers in the order they were first named, unlayered rules above every layer. */
  layer: number;
  declarations: Map<string, Declaration>;
}

/** A candidate list shared by the elements of one tag, class attribute and id. */
interface CandidateList {
  /** How many sheets the document had when they were listed: a later sheet lists them anew. */
  sheets: number;
  rules: ProbeRule[];
  /** `declaringRules`' answers, shared by every element of this list. */
  byProperty: Map<string, Uint32Array>;
}

/** An element's candidate rules, and whether it matches each one's selector (`UNKNOWN` until asked). */
interface Candidates extends CandidateList {
  matched: Uint8Array;
}

/**
 * The positions in `rules` of those that declare `property`, in their order: worked out once per candidate list and
 * property (`byProperty` keeps them), so the cascade of each element looks at only those rules.
 */
function declaringRules(
  rules: ProbeRule[],
  byProperty: Map<string, Uint32Array>,
  property: string,
  stats: { rulesScanned: number },
): Uint32Array {
  let positions = byProperty.get(property);
  if (positions) return positions;
  stats.rulesScanned += rules.length;
  let count = 0;
  for (const rule of rules) if (rule.declarations.has(property)) count++;
  positions = new Uint32Array(count);
  count = 0;
  for (let i = 0; i < rules.length; i++) if (rules[i]!.declarations.has(property)) positions[count++] = i;
  byProperty.set(property, positions);
  return positions;
}

const UNKNOWN = 0;
const MATCHES = 1;
const FAILS = 2;

/** Layer rank of rules outside any `@layer`: normal declarations there beat every layer's. */
const UNLAYERED = Number.MAX_SAFE_INTEGER;

/** A style rule with a parsed selector list. */
interface NestedRule {
  prelude: csstree.SelectorList;
  block: csstree.Block;
}

/**
 * The style rules nested in a rule's block. css-tree parses a nested rule whose selector starts with `&`, `.` or a
 * tag, but keeps one that starts with `:` (Tailwind's `:where(& > …)`) as raw text with what follows it: that text
 * is parsed again as a sheet of its own.
 */
function nestedRules(block: csstree.List<csstree.CssNode>): NestedRule[] {
  const rules: NestedRule[] = [];
  block.forEach((node) => {
    if (node.type === 'Rule' && node.prelude.type === 'SelectorList')
      rules.push({ prelude: node.prelude, block: node.block });
    else if (node.type === 'Raw') {
      let sheet: csstree.CssNode;
      try {
        sheet = csstree.parse(node.value, { context: 'stylesheet' });
      } catch {
        return;
      }
      if (sheet.type !== 'StyleSheet') return;
      sheet.children.forEach((child) => {
        if (child.type === 'Rule' && child.prelude.type === 'SelectorList')
          rules.push({ prelude: child.prelude, block: child.block });
      });
    }
  });
  return rules;
}

/** What one `<style>` sheet yields. */
export interface ProcessedSheet {
  /** The CSS to hand satori: the source itself, or a rewrite when a `display` value had to be degraded. */
  css: string;
  fontFaces: DocumentFontFace[];
}

function unquote(value: string): string {
  const v = value.trim();
  return /^(['"]).*\1$/s.test(v) ? v.slice(1, -1) : v;
}

function parseWeight(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'normal') return 400;
  if (v === 'bold') return 700;
  const n = Number.parseInt(v, 10);
  if (!Number.isFinite(n)) return undefined;
  return Math.min(900, Math.max(100, Math.round(n / 100) * 100));
}

/** `src` descriptor → URLs in order (local() and unsupported formats left out). */
function fontSources(src: csstree.CssNode): string[] {
  const urls: string[] = [];
  csstree.walk(src, {
    visit: 'Url',
    enter(node) {
      urls.push(node.value);
    },
  });
  return urls;
}

/** Reads an `@font-face` block. */
function readFontFace(block: csstree.CssNode): DocumentFontFace | null {
  let family: string | undefined;
  let sources: string[] = [];
  let weight: number | undefined;
  let weightRange: [number, number] | undefined;
  let style: 'normal' | 'italic' | undefined;
  let unicodeRange: UnicodeRange | undefined;
  csstree.walk(block, {
    visit: 'Declaration',
    enter(node) {
      const prop = node.property.toLowerCase();
      const text = csstree.generate(node.value);
      if (prop === 'font-family') family = unquote(text);
      else if (prop === 'src') sources = fontSources(node.value);
      else if (prop === 'font-weight') {
        const [from, to] = text.trim().split(/\s+/);
        weight = parseWeight(from);
        // A range (`100 900`) for a variable face: the weights it serves.
        const low = Number(from);
        const high = Number(to);
        if (to !== undefined && Number.isFinite(low) && Number.isFinite(high) && low <= high) {
          weightRange = [low, high];
        }
      } else if (prop === 'font-style') style = /italic|oblique/i.test(text) ? 'italic' : 'normal';
      else if (prop === 'unicode-range') unicodeRange = parseUnicodeRange(text);
    },
  });
  if (!family || sources.length === 0) return null;
  const face: DocumentFontFace = { family, sources };
  if (weight !== undefined) face.weight = weight;
  if (weightRange !== undefined) face.weightRange = weightRange;
  if (style !== undefined) face.style = style;
  if (unicodeRange !== undefined) face.unicodeRange = unicodeRange;
  return face;
}

/**
 * Pictor (webkit-any): Chromium matches `:-webkit-any(…)` as `:is(…)`, with the specificity of one pseudo-class (0,1,0)
 * whatever its arguments; Pictor matched nothing with it. Material for MkDocs writes its list rules three times
 * (`:-webkit-any(ul,ol)`, `:-moz-any(…)`, `:is(…)`): the `:-webkit-any` copy, one class more specific than the `:is` one,
 * gave the icon search's result list `margin: .5em 0` over `.mdx-iconsearch-result__list { margin: 0 }` in Chromium.
 * Written as `:is(…, [data-pictor-webkit-any])`: the attribute never matches (core drops a document's `data-pictor-*`
 * attributes) and lifts the specificity to (0,1,0), as in Chromium for arguments no more specific than one class.
 * `:-moz-any(…)`, which Chromium does not know (it drops the rule), becomes `:is([data-pictor-moz-any])`, which
 * matches nothing.
 */
export function webkitAnyAsIs(css: string): string {
  if (!/:-(?:webkit|moz)-any\(/i.test(css)) return css;
  let out = '';
  let from = 0;
  const start = /:-(webkit|moz)-any\(/gi;
  for (let match = start.exec(css); match; match = start.exec(css)) {
    let depth = 1;
    let i = match.index + match[0].length;
    for (; i < css.length && depth > 0; i++) {
      if (css[i] === '(') depth++;
      else if (css[i] === ')') depth--;
      else if (css[i] === '{' || css[i] === '}' || css[i] === ';') break;
    }
    if (depth !== 0) continue;
    const args = css.slice(match.index + match[0].length, i - 1);
    // `:-moz-any(…)` is no selector in Chromium: it matches nothing here (satori took it for `:is`).
    const is =
      match[1]?.toLowerCase() === 'moz' ? '[data-pictor-moz-any]' : `${args},[data-pictor-webkit-any]`;
    out += `${css.slice(from, match.index)}:is(${is})`;
    from = i;
    start.lastIndex = i;
  }
  return out + css.slice(from);
}

/** Text of a sheet that may hold a value css-values.ts resolves, names or drops (`infinity`, vertical writing, `initial-letter`, aliases, `opacity`, `font-weight`, box sizes). */
const MAY_NEED_VALUES =
  /infinity|writing-mode|text-orientation|text-combine|initial-letter|-webkit-|opacity|font|width|height|[\w%)]#|\)[\d.+-]/i;

/**
 * `:dir(rtl)` as attribute selectors satori matches (its CSS parser drops the argument of `:dir()`): inside an
 * element with `dir="rtl"` and not inside a `dir="ltr"` nested in it. An rtl subtree inside that ltr one (three
 * levels of switching) reads as ltr. `:dir(ltr)` is its negation.
 */
const DIR_RTL =
  ':is([dir="rtl" i], [dir="rtl" i] *):not([dir="rtl" i] [dir="ltr" i], [dir="rtl" i] [dir="ltr" i] *)';

/** The selector that stands for `:dir(ltr)` or `:dir(rtl)`, or `undefined` for another argument. */
function dirSelector(argument: string): csstree.CssNode | undefined {
  const direction = argument.trim().toLowerCase();
  if (direction !== 'ltr' && direction !== 'rtl') return undefined;
  const text = direction === 'rtl' ? DIR_RTL : `:not(${DIR_RTL})`;
  const selector = csstree.parse(text, { context: 'selector' }) as csstree.Selector;
  return selector.children.first ?? undefined;
}

/** What compiled Tailwind CSS (v2–v4) always holds: its licence banner or its `--tw-` custom properties. */
const COMPILED_TAILWIND = /\/\*!\s*tailwindcss|--tw-[a-z]/i;

/** How a document's sheets are read and matched (RendererOptions.tunings `styleSheetCache`, `styleSheetIndex`). */
export interface StyleSheetOptions {
  /** Each distinct sheet parsed once per thread (sheet-cache.ts). Default true. */
  cache?: boolean;
  /** Rules matched through an index by their rightmost compound (rule-index.ts). Default true. */
  index?: boolean;
}

/** What one sheet gives a document, as the sheet cache keeps it (no document's cascade order in it). */
interface SheetRecord {
  processed: ProcessedSheet;
  /** Its rules, with cascade positions and layer ranks of their own (from 0). */
  rules: ProbeRule[];
  index: RuleIndex<ProbeRule>;
  /** How many cascade positions its rules take (a rule with several selectors shares one). */
  orders: number;
  /** Its layers by their rank within the sheet. */
  layers: string[];
  classNames: ReadonlySet<string>;
  warnings: string[];
  /** Whether it declares a table display (see `DocumentStyles.tableDisplays`). */
  tableDisplays: boolean;
}

/**
 * The class names of a document's sheets: each sheet's own set as the sheet cache keeps it, looked through, not
 * copied into one set on every render (a framework's sheets name thousands of classes).
 */
export class ClassNames {
  /** The names of the sheet this instance parses. */
  readonly own = new Set<string>();
  private readonly sheets: ReadonlySet<string>[] = [this.own];

  add(name: string): void {
    this.own.add(name);
  }

  /** Take in the class names of a sheet (kept as they are: not to be changed). */
  addSheet(names: ReadonlySet<string>): void {
    if (names.size > 0) this.sheets.push(names);
  }

  has(name: string): boolean {
    for (const names of this.sheets) if (names.has(name)) return true;
    return false;
  }
}

/** The sheets this thread has parsed (sheet-cache.ts). */
const SHEETS = new SheetCache<SheetRecord>();

/** The stylesheets of one document, in order. */
export class DocumentStyles {
  private readonly rules: ProbeRule[] = [];
  /** `rules` by the rightmost compound of their selector (rule-index.ts). */
  private readonly index = new RuleIndex<ProbeRule>();
  /** The document's sheets in order: each one's rules, where its positions start and its layers' ranks here. */
  private readonly segments: {
    rules: ProbeRule[];
    index: RuleIndex<ProbeRule>;
    base: number;
    ranks: number[];
    /** Whether its rules keep their own positions and ranks here (the first sheet without earlier layers). */
    own: boolean;
    /** Its rules with their positions and ranks here, each made once for all elements (its rules are shared). */
    placed: Map<ProbeRule, ProbeRule>;
  }[] = [];
  /** The candidate rules of each element, with the number of sheets they were taken from. */
  private readonly candidates = new WeakMap<Element, Candidates>();
  /** Candidate rules by what the index looks at (`rulesFor`), with the number of sheets they were taken from. */
  private readonly rulesByKey = new Map<string, CandidateList>();
  /** Class names that appear in a class selector of any sheet, in an `@media` block that does not apply too. */
  readonly classNames = new ClassNames();
  /** True once a sheet has declared a table display (`display: table-cell`…), which the converter then looks for. */
  tableDisplays = false;
  /**
   * True once a sheet is compiled Tailwind CSS (its banner or its `--tw-` variables): then the document's sheets are
   * the whole truth, and no class is styled as a bare utility (`h-11/12` that the build left out styles nothing).
   */
  compiledTailwind = false;
  private order = 0;
  /** How many candidate rules the cascade has looked through for a property (a test reads it). */
  readonly stats = { rulesScanned: 0 };
  /** Cascade results by element and property (the sheets do not change once the tree is being converted). */
  private readonly cache = new WeakMap<Element, Map<string, { decl: Declaration; rule: ProbeRule } | null>>();

  constructor(
    private readonly warn: (message: string) => void,
    /**
     * The render's CSS size, which `@media` blocks are resolved against (html/style-sheets/media-queries.ts), and a
     * `<picture>`'s `media` and `sizes` (elements/image-source.ts).
     */
    readonly viewport: MediaViewport = {},
    private readonly sheetOptions: StyleSheetOptions = {},
  ) {}

  /**
   * Parse one sheet (or take it from this thread's sheet cache): record its rules, collect `@font-face`, degrade
   * unsupported `display` values.
   */
  addSheet(css: string): ProcessedSheet {
    if (COMPILED_TAILWIND.test(css)) this.compiledTailwind = true;
    const read = (): SheetRecord => {
      const warnings: string[] = [];
      const one = new DocumentStyles((message) => warnings.push(message), this.viewport, { cache: false });
      const processed = one.processSheet(css);
      const layers: string[] = [];
      for (const [name, rank] of one.layers) layers[rank] = name;
      return {
        processed,
        rules: one.rules,
        index: one.index,
        orders: one.order,
        layers,
        classNames: one.classNames.own,
        warnings,
        tableDisplays: one.tableDisplays,
      };
    };
    const record =
      this.sheetOptions.cache === false
        ? read()
        : SHEETS.get(css, this.viewport, () => {
            const made = read();
            return { value: made, rules: made.rules.length };
          });
    this.mergeSheet(record);
    return { css: record.processed.css, fontFaces: record.processed.fontFaces.map((face) => ({ ...face })) };
  }

  /**
   * Take in a sheet after the earlier ones: its rules keep the sheet's own objects and index (shared through the
   * cache); their cascade positions and layer ranks in this document are given where they are matched.
   */
  private mergeSheet(record: SheetRecord): void {
    for (const message of record.warnings) this.warn(message);
    this.classNames.addSheet(record.classNames);
    if (record.tableDisplays) this.tableDisplays = true;
    const sheet = this.segments.length;
    // Layers rank in the order first named; an anonymous one (`.#n`) is this sheet's own.
    const ranks = record.layers.map((name) =>
      this.layerRank(name.includes('.#') ? `${name}@${sheet}` : name),
    );
    const base = this.order;
    const own = base === 0 && ranks.every((rank, local) => rank === local);
    this.segments.push({ rules: record.rules, index: record.index, base, ranks, own, placed: new Map() });
    this.order += record.orders;
  }

  /** Record a rule of the sheet this instance parses. */
  private addRule(rule: ProbeRule): void {
    this.rules.push(rule);
    this.index.add(rule, rule.selector);
  }

  /** Parse one sheet into this instance: its rules, class names, layers and warnings. */
  private processSheet(sheetText: string): ProcessedSheet {
    const css = webkitAnyAsIs(sheetText);
    let ast: csstree.CssNode;
    try {
      ast = csstree.parse(css, { parseValue: true, parseCustomProperty: false, onParseError: () => {} });
    } catch {
      this.warn('a <style> sheet could not be parsed and was passed on as written');
      return { css, fontFaces: [] };
    }
    const fontFaces: DocumentFontFace[] = [];
    // Class names count from every rule, also one in an `@media` block this viewport leaves out: such a class is the
    // page's own, not a bare Tailwind utility (Ghost's e-mails style `.container` only for narrow screens; taken for
    // Tailwind's `container`, its cell got the utilities' border-box sizing and came out 20 px narrower).
    csstree.walk(ast, {
      visit: 'ClassSelector',
      enter: (node: csstree.ClassSelector) => {
        this.classNames.add(unescapeCssIdentifier(node.name));
      },
    });
    let rewritten = resolveMediaBlocks(ast, this.viewport);
    // Most sheets have neither: look at other declarations' values only when the sheet's text could need it.
    const mayNeedValues = MAY_NEED_VALUES.test(css);
    const dropped: { list: csstree.List<csstree.CssNode>; item: csstree.ListItem<csstree.CssNode> }[] = [];
    // A table display degraded in a rule keeps the value as written beside it, for the CSS tables of
    // elements/css-table-display.ts (`declared(el, CSS_TABLE_DISPLAY)`).
    const tableDisplays: {
      list: csstree.List<csstree.CssNode>;
      item: csstree.ListItem<csstree.CssNode>;
      value: string;
    }[] = [];
    // Inside `@font-face` descriptors are not properties: `font-weight: 100 900` is a valid range there.
    let inFontFace = 0;
    csstree.walk(ast, {
      leave: (node: csstree.CssNode) => {
        if (node.type === 'Atrule' && node.name.toLowerCase() === 'font-face') inFontFace--;
      },
      enter: (
        node: csstree.CssNode,
        item: csstree.ListItem<csstree.CssNode> | null,
        list: csstree.List<csstree.CssNode> | null,
      ) => {
        if (node.type === 'PseudoClassSelector' && node.name.toLowerCase() === 'dir' && item) {
          const replacement = dirSelector(node.children ? csstree.generate(node.children.first!) : '');
          if (replacement) {
            item.data = replacement;
            rewritten = true;
          }
        } else if (node.type === 'Atrule' && node.name.toLowerCase() === 'font-face') {
          inFontFace++;
          if (!node.block) return;
          const face = readFontFace(node.block);
          if (face) fontFaces.push(face);
        } else if (
          mayNeedValues &&
          inFontFace === 0 &&
          node.type === 'Declaration' &&
          node.property.toLowerCase() !== 'display'
        ) {
          const property = unprefixedProperty(node.property.toLowerCase());
          if (property !== node.property.toLowerCase()) {
            node.property = property;
            rewritten = true;
          }
          const value = generateCss(node.value);
          if (foreignValue(property, value) && item && list) {
            dropped.push({ list, item });
            return;
          }
          const invalid = invalidDeclaration(property, value);
          if (invalid && item && list) {
            this.warn(invalid);
            dropped.push({ list, item });
            return;
          }
          const unsupported = unsupportedDeclaration(property, value);
          if (unsupported) this.warn(unsupported);
          const resolved = resolveValue(property, value);
          if (resolved !== value) {
            node.value = { type: 'Raw', value: resolved };
            rewritten = true;
          }
        } else if (node.type === 'Declaration' && node.property.toLowerCase() === 'display') {
          const value = csstree.generate(node.value);
          if (!isSupportedDisplay(value)) {
            const degraded = degradeDisplay(value);
            if (degraded) {
              node.value = { type: 'Raw', value: degraded.display };
              rewritten = true;
              // Table displays are laid out as tables by the converter (elements/css-table-display.ts).
              if (isCssTableDisplay(value)) {
                if (item && list) tableDisplays.push({ list, item, value });
              } else
                this.warn(`display: ${value} is not supported; laid out as display: ${degraded.display}`);
            }
          }
        }
      },
    });
    for (const { list, item } of dropped) list.remove(item);
    if (tableDisplays.length > 0) this.tableDisplays = true;
    for (const { list, item, value } of tableDisplays) {
      const marker: csstree.Declaration = {
        type: 'Declaration',
        important: (item.data as csstree.Declaration).important,
        property: CSS_TABLE_DISPLAY,
        value: { type: 'Raw', value: value.trim().toLowerCase() },
      };
      if (item.next) list.insertData(marker, item.next);
      else list.appendData(marker);
    }
    if (dropped.length > 0) rewritten = true;
    this.recordRules(ast);
    return { css: rewritten ? generateCss(ast) : css, fontFaces };
  }

  /** Layer names in the order the sheets first name them (`@layer a, b;` or `@layer a { … }`). */
  private readonly layers = new Map<string, number>();

  /**
   * Top-level style rules, those inside `@layer` blocks (Tailwind 4 puts its preflight and utilities there) and the
   * rules nested in them are kept for `declared()`; rules inside other at-rules (`@media`, `@supports`) are not.
   */
  private recordRules(ast: csstree.CssNode): void {
    if (ast.type !== 'StyleSheet') return;
    this.recordRuleList(ast.children, UNLAYERED, '');
  }

  private layerRank(name: string): number {
    let rank = this.layers.get(name);
    if (rank === undefined) {
      rank = this.layers.size;
      this.layers.set(name, rank);
    }
    return rank;
  }

  private recordRuleList(children: csstree.List<csstree.CssNode>, layer: number, layerName: string): void {
    children.forEach((node) => {
      if (node.type === 'Atrule' && node.name.toLowerCase() === 'layer') {
        const names = node.prelude
          ? csstree
              .generate(node.prelude)
              .split(',')
              .map((n) => n.trim())
          : [];
        const qualified = names.map((n) => (layerName ? `${layerName}.${n}` : n));
        if (!node.block) {
          for (const name of qualified) this.layerRank(name);
          return;
        }
        // An anonymous layer (`@layer { … }`) is a layer of its own, after those named so far.
        const name = qualified[0] || `${layerName}.#${this.layers.size}`;
        this.recordRuleList(node.block.children, this.layerRank(name), name);
        return;
      }
      if (node.type !== 'Rule' || node.prelude.type !== 'SelectorList') return;
      this.recordRule(node.prelude, node.block.children, layer);
    });
  }

  /**
   * One style rule and the rules nested in it (CSS Nesting, as Tailwind 4 writes its variants: `.divide-y {
   * :where(& > :not(:last-child)) { … } }`). A nested selector stands for itself with `&` read as `:is(<parent>)`,
   * or as a descendant of the parent when it has no `&`.
   */
  private recordRule(
    selectors: csstree.SelectorList,
    block: csstree.List<csstree.CssNode>,
    layer: number,
  ): void {
    const declarations = new Map<string, Declaration>();
    block.forEach((d) => {
      if (d.type !== 'Declaration') return;
      // Keyed in the order of their last declaration (compareCascade orders a shorthand and its longhand by it).
      declarations.delete(d.property.toLowerCase());
      declarations.set(d.property.toLowerCase(), {
        value: generateCss(d.value),
        important: d.important === true,
      });
    });
    if (declarations.size > 0) {
      const order = this.order++;
      selectors.children.forEach((selector) => {
        this.addRule({ selector, specificity: specificity(selector), order, layer, declarations });
      });
    }
    const nested = nestedRules(block);
    const parent = nested.length > 0 ? `:is(${csstree.generate(selectors)})` : '';
    for (const rule of nested) {
      const combined = rule.prelude.children
        .toArray()
        .map((selector) => {
          const text = csstree.generate(selector);
          return text.includes('&') ? text.replaceAll('&', parent) : `${parent} ${text}`;
        })
        .join(',');
      let list: csstree.CssNode;
      try {
        list = csstree.parse(combined, { context: 'selectorList' });
      } catch {
        continue;
      }
      if (list.type === 'SelectorList') this.recordRule(list, rule.block.children, layer);
    }
  }

  /**
   * The cascaded value of `property` for `el` from the sheets and its inline style, or undefined.
   * Top-level, `@layer` and nested rules are considered (not `@media`); shorthands are not expanded (ask for each name you accept).
   */
  declared(el: Element, property: string, inline?: Record<string, string>): string | undefined {
    // An anonymous box (an anonymous table of CSS 2.1 §17.2.1) is no element: no rule matches it.
    if (isAnonymous(el)) return inline?.[property];
    let perElement = this.cache.get(el);
    if (!perElement) {
      perElement = new Map();
      this.cache.set(el, perElement);
    }
    let best = perElement.get(property);
    if (best === undefined) {
      best = this.cascade(el, property);
      perElement.set(property, best);
    }
    const inlineValue = inline?.[property];
    if (inlineValue !== undefined && !best?.decl.important) return inlineValue;
    return best?.decl.value;
  }

  /**
   * How the cascaded declarations of two properties of `el` (a shorthand and its longhand) are ordered: above 0
   * when `a`'s comes later in the cascade than `b`'s, so that it overrides `b`'s where they overlap (Bootstrap's
   * `body { background-color: #fff }` then a theme's `body { background: #e5ded4 }`), below 0 the other way, 0 when
   * either is not declared. An inline declaration comes after every normal one of a sheet.
   */
  compareCascade(el: Element, a: string, b: string, inline?: Record<string, string>): number {
    const key = (property: string) => {
      this.declared(el, property, inline);
      const best = this.cache.get(el)?.get(property) ?? null;
      if (inline?.[property] !== undefined && !best?.decl.important)
        return { important: false, inline: true, best };
      return best ? { important: best.decl.important, inline: false, best } : undefined;
    };
    const ka = key(a);
    const kb = key(b);
    if (!ka || !kb) return 0;
    if (ka.important !== kb.important) return ka.important ? 1 : -1;
    if (ka.inline !== kb.inline) return ka.inline ? 1 : -1;
    if (ka.inline || !ka.best || !kb.best) return 0;
    const byLayer = (ka.best.rule.layer - kb.best.rule.layer) * (ka.important ? -1 : 1);
    if (byLayer !== 0) return byLayer;
    const bySpecificity = compareSpecificity(ka.best.rule.specificity, kb.best.rule.specificity);
    if (bySpecificity !== 0) return bySpecificity;
    if (ka.best.rule.order !== kb.best.rule.order) return ka.best.rule.order - kb.best.rule.order;
    // One rule: the later declaration.
    const names = [...ka.best.rule.declarations.keys()];
    return names.indexOf(a) - names.indexOf(b);
  }

  /** The winning sheet declaration of `property` for `el` (null when none). */
  private cascade(el: Element, property: string): { decl: Declaration; rule: ProbeRule } | null {
    let best: { decl: Declaration; rule: ProbeRule } | null = null;
    const { rules, matched, byProperty } = this.candidateRules(el);
    // Only the rules that declare the property, in their order (as a walk over every candidate that skips the
    // others): worked out once per candidate list, not for every element and property asked.
    for (const i of declaringRules(rules, byProperty, property, this.stats)) {
      const rule = rules[i]!;
      const decl = rule.declarations.get(property)!;
      // Each rule's selector is matched once per element, for whichever property asks first (the tree does not
      // change while it is converted).
      if (matched[i] === UNKNOWN) matched[i] = matchesSelector(el, rule.selector) ? MATCHES : FAILS;
      if (matched[i] === FAILS) continue;
      if (!best) {
        best = { decl, rule };
        continue;
      }
      const byImportance = Number(decl.important) - Number(best.decl.important);
      // Later layers win for normal declarations, earlier ones for !important (CSS Cascade 5).
      const byLayer = (rule.layer - best.rule.layer) * (decl.important ? -1 : 1);
      const bySpecificity = compareSpecificity(rule.specificity, best.rule.specificity);
      if (
        byImportance > 0 ||
        (byImportance === 0 &&
          (byLayer > 0 ||
            (byLayer === 0 && (bySpecificity > 0 || (bySpecificity === 0 && rule.order >= best.rule.order)))))
      )
        best = { decl, rule };
    }
    return best;
  }

  /**
   * The rules that can match `el` (those of its index buckets, or with the index off every rule), with their
   * cascade positions and layer ranks in this document.
   */
  private candidateRules(el: Element): Candidates {
    const known = this.candidates.get(el);
    if (known && known.sheets === this.segments.length) return known;
    const { rules, byProperty } = this.rulesFor(el);
    const made = { sheets: this.segments.length, rules, matched: new Uint8Array(rules.length), byProperty };
    this.candidates.set(el, made);
    return made;
  }

  /**
   * The candidate rules of an element: the same list for every element of its tag, class attribute and id (all the
   * index looks at), made once per document (and again after a later sheet). Shared: not to be changed.
   */
  private rulesFor(el: Element): CandidateList {
    const id = getAttr(el, 'id');
    const key = `${el.tagName}\n${getAttr(el, 'class') ?? ''}\n${id === undefined ? '' : `#${id}`}`;
    const known = this.rulesByKey.get(key);
    if (known && known.sheets === this.segments.length) return known;
    const rules: ProbeRule[] = [];
    for (const { rules: all, index, base, ranks, own, placed } of this.segments) {
      const candidates = this.sheetOptions.index === false ? all : index.candidates(el);
      // The first sheet of a document without earlier layers keeps its own positions and ranks: no copies.
      if (own) {
        rules.push(...candidates);
        continue;
      }
      for (const rule of candidates) {
        let here = placed.get(rule);
        if (!here) {
          here = {
            ...rule,
            order: base + rule.order,
            layer: rule.layer === UNLAYERED ? UNLAYERED : ranks[rule.layer]!,
          };
          placed.set(rule, here);
        }
        rules.push(here);
      }
    }
    const list = { sheets: this.segments.length, rules, byProperty: new Map<string, Uint32Array>() };
    this.rulesByKey.set(key, list);
    return list;
  }
}
