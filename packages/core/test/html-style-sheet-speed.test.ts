/**
 * Style sheets at their cost (issue 41/42): the HTML stage's cascade finds rules through an index by their
 * rightmost compound (rule-index.ts) and takes each distinct sheet from a per-thread cache (sheet-cache.ts). Both
 * give the answers of the plain scan over every rule: checked on every element and property of a document, with
 * several sheets, layers across sheets, an anonymous layer in each, and the same sheets read a second time.
 */
import * as csstree from 'css-tree';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { type Element, isElement } from '../src/html/dom.js';
import { RuleIndex, bucketOf } from '../src/html/style-sheets/rule-index.js';
import { DocumentStyles, type StyleSheetOptions } from '../src/html/style-sheets/stylesheet.js';

const doc = parse(`<html><body>
  <main id="m" class="page wide"><section class="cards">
    <div class="card"><h2 id="t1" class="title">A</h2><p class="text muted">a</p><a class="btn btn-primary" href="#">go</a></div>
    <div class="card active"><h2 class="title">B</h2><p class="text" data-kind="x">b</p><a class="btn" href="#">go</a></div>
  </section><table class="table"><tr><th>h</th><td class="num">1</td></tr></table></main></body></html>`);

function elements(node: { childNodes?: unknown[] }, out: Element[] = []): Element[] {
  for (const c of (node.childNodes ?? []) as Element[]) {
    if (isElement(c)) {
      out.push(c);
      elements(c, out);
    }
  }
  return out;
}

const everyElement = elements(doc);
const PROPERTIES = ['color', 'margin', 'padding', 'width', 'font-weight', 'background', 'border', 'display'];

/** A framework-like sheet: rules no element matches around ones that do, in every bucket kind. */
const SHEET_A = [
  ...Array.from({ length: 300 }, (_, i) => `.unused-${i} { color: c${i} } #no-${i} p { margin: ${i}px }`),
  '* { display: d-all }',
  'p { color: p-tag } .text { color: text-class } p.text.muted { color: muted }',
  '#t1 { color: id } #m .title { font-weight: 700 } main#m > section .card h2 { width: 10px }',
  '[data-kind] { background: attr } :is(.btn, .num) { padding: is } :where(.card) a { margin: where }',
  '.card:not(.active) .title { border: not-active } .card + .card p { margin: sibling } th ~ td { width: tilde }',
  'a.btn { color: btn !important } .btn.btn-primary { color: primary }',
  '@layer base, utilities; @layer utilities { .title { color: util } } @layer base { h2 { color: base; padding: b } }',
  '@layer { p { width: anon-a } }',
  '.cards { .card & { margin: nested } > .card { border: child } }',
].join('\n');
const SHEET_B = [
  // A layer A did not name (ranked after A's), and a rule tied with one of A's on specificity (later wins).
  '@layer extra { .title { color: extra } } .text { color: text-b }',
  '@layer base { .text { padding: base-b } } @layer utilities { p { width: util-b } }',
  '@layer { p { width: anon-b; border: anon-b } }',
  '.title { background: later } td.num, th { font-weight: cell }',
].join('\n');

function answers(options: StyleSheetOptions): (string | undefined)[] {
  const styles = new DocumentStyles(() => {}, {}, options);
  styles.addSheet(SHEET_A);
  styles.addSheet(SHEET_B);
  return everyElement.flatMap((el) => PROPERTIES.map((property) => styles.declared(el, property)));
}

describe('rule index (rightmost compound buckets)', () => {
  it('puts a selector in the bucket of its rightmost compound: id, else class, else tag, else universal', () => {
    const bucket = (text: string) => bucketOf(csstree.parse(text, { context: 'selector' }));
    expect(bucket('#a .b p')).toEqual({ kind: 'tag', name: 'p' });
    expect(bucket('div > p.x#y')).toEqual({ kind: 'id', name: 'y' });
    expect(bucket('.a P.b')).toEqual({ kind: 'class', name: 'b' });
    expect(bucket('.a > *')).toEqual({ kind: 'universal' });
    expect(bucket('[data-x]')).toEqual({ kind: 'universal' });
    expect(bucket(':is(.a, .b)')).toEqual({ kind: 'universal' });
    expect(bucket('.a\\:hover')).toEqual({ kind: 'class', name: 'a:hover' });
  });

  it("gives an element its buckets' rules in the order added, once each", () => {
    const index = new RuleIndex<string>();
    const add = (rule: string) => index.add(rule, csstree.parse(rule, { context: 'selector' }));
    for (const rule of ['p', '.muted', '.x', '*', '#t1', 'h2.title', '.text', 'div p.text']) add(rule);
    const p = everyElement.find((el) => el.tagName === 'p')!;
    expect(index.candidates(p)).toEqual(['p', '.muted', '*', '.text', 'div p.text']);
    const h2 = everyElement.find((el) => el.tagName === 'h2')!;
    expect(index.candidates(h2)).toEqual(['*', '#t1', 'h2.title']);
  });
});

describe('cascade with the index and the sheet cache', () => {
  it('answers every element and property as the scan over every rule does, also from the cache', () => {
    const plain = answers({ cache: false, index: false });
    expect(plain.filter((value) => value !== undefined).length).toBeGreaterThan(30);
    expect(answers({ cache: false, index: true })).toEqual(plain);
    expect(answers({ cache: true, index: true })).toEqual(plain); // parses and keeps both sheets
    expect(answers({ cache: true, index: true })).toEqual(plain); // from the cache
    expect(answers({ cache: true, index: false })).toEqual(plain);
    // The second sheet's positions come after the first's, and its new layer after the first's layers.
    const styles = new DocumentStyles(() => {}, {});
    styles.addSheet(SHEET_A);
    styles.addSheet(SHEET_B);
    const [, title] = everyElement.filter((el) => el.tagName === 'h2');
    const [, text] = everyElement.filter((el) => el.tagName === 'p');
    expect(styles.declared(title!, 'color')).toBe('extra');
    expect(styles.declared(text!, 'color')).toBe('text-b');
    expect(styles.declared(text!, 'width')).toBe('anon-b');
  });

  it('replays a cached sheet’s warnings and font faces for every document', () => {
    const css = `${'.x{color:red}'.repeat(10)} .d { display: run-in } @font-face { font-family: F; src: url(f.woff2) }`;
    for (let i = 0; i < 2; i++) {
      const warnings: string[] = [];
      const styles = new DocumentStyles((w) => warnings.push(w), {});
      const processed = styles.addSheet(css);
      expect(processed.fontFaces).toEqual([{ family: 'F', sources: ['f.woff2'] }]);
      expect(warnings.length).toBe(1);
      expect(styles.classNames.has('x')).toBe(true);
    }
  });

  it('looks through a candidate list once per property, for every element that shares the list', () => {
    const many = parse(`<html><body>${'<p class="text">x</p>'.repeat(50)}</body></html>`);
    const ps = elements(many).filter((el) => el.tagName === 'p');
    const styles = new DocumentStyles(() => {}, {});
    styles.addSheet(SHEET_A);
    const answersOf = (el: Element) => PROPERTIES.map((property) => styles.declared(el, property));
    const first = answersOf(ps[0]!);
    const scannedForOne = styles.stats.rulesScanned;
    expect(scannedForOne).toBeGreaterThan(0);
    for (const p of ps.slice(1)) expect(answersOf(p)).toEqual(first);
    // The other 49 paragraphs share the first one's list (tag, class, no id): no rule looked through again.
    expect(styles.stats.rulesScanned).toBe(scannedForOne);
    expect(first).toEqual([
      'text-class',
      undefined,
      undefined,
      'anon-a',
      undefined,
      undefined,
      undefined,
      'd-all',
    ]);
  });
});
