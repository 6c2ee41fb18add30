import { parse } from 'parse5';
import * as csstree from 'css-tree';
import { describe, expect, it } from 'vitest';
import { type Element, classList, isElement } from '../src/html/dom.js';
import {
  compareSpecificity,
  matchesSelectorList,
  selectorsMatchedCount,
  selectorsSplitCount,
  specificity,
} from '../src/html/style-sheets/selector-match.js';
import { DocumentStyles, webkitAnyAsIs } from '../src/html/style-sheets/stylesheet.js';

const doc = parse(`<html><body>
  <table id="t" class="inv big"><tbody>
    <tr class="a"><td>1</td><td data-x="foo-bar">2</td></tr>
    <tr class="b"><td>3</td><td lang="en-GB">4</td></tr>
    <tr class="c"><td>5</td><td>6</td></tr>
  </tbody></table></body></html>`);

function all(node: { childNodes?: unknown[] }, tag: string, out: Element[] = []): Element[] {
  for (const c of (node.childNodes ?? []) as Element[]) {
    if (isElement(c) && c.tagName === tag) out.push(c);
    if (isElement(c)) all(c, tag, out);
  }
  return out;
}

const rows = all(doc, 'tr');
const cells = all(doc, 'td');
const sel = (text: string) => csstree.parse(text, { context: 'selectorList' });
const matching = (text: string, els: Element[]) =>
  els.filter((e) => matchesSelectorList(e, sel(text))).length;

describe('selector matching (what the HTML stage needs to know before satori)', () => {
  it('matches types, classes, ids and attributes', () => {
    expect(matching('table#t.inv.big tr', rows)).toBe(3);
    expect(matching('.inv > tbody > tr.b', rows)).toBe(1);
    expect(matching('td[data-x^=foo]', cells)).toBe(1);
    expect(matching('td[lang|=en]', cells)).toBe(1);
    expect(matching('td[data-x="nope"]', cells)).toBe(0);
  });

  it('matches structural pseudo-classes and combinators', () => {
    expect(matching('tr:nth-child(even)', rows)).toBe(1);
    expect(matching('tr:nth-child(2n+1)', rows)).toBe(2);
    expect(matching('tr:last-child td:first-child', cells)).toBe(1);
    expect(matching('tr.a + tr', rows)).toBe(1);
    expect(matching('tr.a ~ tr', rows)).toBe(2);
    expect(matching('tr:not(.a, .c)', rows)).toBe(1);
    expect(matching(':is(.a, .b) td:nth-last-child(1)', cells)).toBe(2);
  });

  it('matches first/last/only child and of-type, and the adjacent sibling, past text and comments between elements', () => {
    const list = parse(
      '<ul>\n <li>a</li> <!-- c --> <li class="x">b</li>\n <p>p</p> text <li>c</li>\n</ul><ol> <li>only</li> </ol>',
    );
    const items = all(list, 'li');
    const paragraphs = all(list, 'p');
    expect(items.map((e) => matchesSelectorList(e, sel('li:first-child')))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(items.map((e) => matchesSelectorList(e, sel('li:last-child')))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(items.map((e) => matchesSelectorList(e, sel(':only-child')))).toEqual([false, false, false, true]);
    expect(items.map((e) => matchesSelectorList(e, sel('li:last-of-type')))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(paragraphs.map((e) => matchesSelectorList(e, sel('p:first-of-type:last-of-type')))).toEqual([
      true,
    ]);
    expect(items.map((e) => matchesSelectorList(e, sel('li + li')))).toEqual([false, true, false, false]);
    expect(items.map((e) => matchesSelectorList(e, sel('p + li, .x + p ~ li')))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('splits each selector into compounds once, however often it is matched', () => {
    const list = sel('.inv > tbody > tr.b td:first-child, tr + tr td');
    const before = selectorsSplitCount();
    for (let i = 0; i < 5; i++) expect(cells.filter((c) => matchesSelectorList(c, list)).length).toBe(4);
    expect(selectorsSplitCount() - before).toBe(2);
  });

  it('matches each rule once per element, whichever properties the cascade is asked for', () => {
    const styles = new DocumentStyles(() => {});
    styles.addSheet(
      '.inv td { color: red; background: blue; border-color: green } tr.b td { color: teal } td { padding: 1px }',
    );
    const before = selectorsMatchedCount();
    for (const cell of cells) {
      for (const property of ['color', 'background', 'border-color', 'padding', 'margin'])
        styles.declared(cell, property);
    }
    // Three candidate rules for each of the six cells, each matched once.
    expect(selectorsMatchedCount() - before).toBe(18);
    expect(styles.declared(cells[2]!, 'color')).toBe('teal');
    expect(styles.declared(cells[0]!, 'color')).toBe('red');
    expect(styles.declared(cells[0]!, 'padding')).toBe('1px');
  });

  it('splits a class attribute again once it has changed', () => {
    const row = rows[0]!;
    expect(classList(row)).toEqual(['a']);
    expect(classList(row)).toBe(classList(row));
    const attr = row.attrs.find((a) => a.name === 'class')!;
    attr.value = 'a z';
    expect(classList(row)).toEqual(['a', 'z']);
    expect(matching('tr.z', rows)).toBe(1);
    attr.value = 'a';
    expect(matching('tr.z', rows)).toBe(0);
  });

  it('never matches pseudo-elements or interaction states', () => {
    expect(matching('tr::before', rows)).toBe(0);
    expect(matching('tr:hover', rows)).toBe(0);
  });

  it('orders specificity like CSS, :where() counting zero', () => {
    const spec = (text: string) => specificity((sel(text) as csstree.SelectorList).children.first!);
    expect(spec('#t .a td')).toEqual([1, 1, 1]);
    expect(spec(':where(#t) td')).toEqual([0, 0, 1]);
    expect(spec(':is(#t, .a) td')).toEqual([1, 0, 1]);
    expect(compareSpecificity(spec('.a td'), spec('tr td'))).toBeGreaterThan(0);
  });

  it('cascades declarations: importance, then specificity, then order, then the style attribute', () => {
    const styles = new DocumentStyles(() => {});
    styles.addSheet(
      'tr { background: red } .inv tr { background: blue } tr { background: green } tr.b { color: x !important }',
    );
    const [a, b] = rows;
    expect(styles.declared(a!, 'background')).toBe('blue');
    expect(styles.declared(a!, 'background', { background: 'pink' })).toBe('pink');
    expect(styles.declared(b!, 'color', { color: 'y' })).toBe('x');
    expect(styles.declared(a!, 'border')).toBeUndefined();
  });

  it('reads rules inside @layer (Tailwind 4) with layer order: later layers, then unlayered rules win; !important reversed', () => {
    const styles = new DocumentStyles(() => {});
    styles.addSheet(
      '@layer theme, base, utilities; @layer utilities { #t tr { color: u } tr { margin: 1px !important } } ' +
        '@layer base { tr { color: b; width: 1px; margin: 2px !important } } tr { width: 2px } ' +
        '@media (width >= 1px) { tr { padding: 3px } }',
    );
    const [a] = rows;
    expect(styles.declared(a!, 'color')).toBe('u'); // utilities after base, whatever the specificity
    expect(styles.declared(a!, 'width')).toBe('2px'); // unlayered beats layered
    expect(styles.declared(a!, 'margin')).toBe('2px'); // !important: the earlier layer wins
    expect(styles.declared(a!, 'padding')).toBeUndefined(); // @media is not read here
  });

  it('reads nested rules (CSS Nesting, as Tailwind 4 writes variants): `&` is the parent, no `&` a descendant', () => {
    const styles = new DocumentStyles(() => {});
    styles.addSheet(
      'tbody { :where(& > :not(:last-child)) { border-bottom-width: 1px } } ' +
        '#t { .b { color: b; &.b td { width: 4px } } } ' +
        '@layer utilities { tbody { & > .c { margin: 5px } } }',
    );
    const [a, b, c] = rows;
    expect(rows.map((r) => styles.declared(r, 'border-bottom-width'))).toEqual(['1px', '1px', undefined]);
    expect([a, b, c].map((r) => styles.declared(r!, 'color'))).toEqual([undefined, 'b', undefined]);
    expect(cells.map((cell) => styles.declared(cell, 'width'))).toEqual([
      undefined,
      undefined,
      '4px',
      '4px',
      undefined,
      undefined,
    ]);
    expect(styles.declared(c!, 'margin')).toBe('5px');
  });
});

describe('CSS escapes in class and id selectors', () => {
  it('unescape as CSS Syntax says: characters, hex with its optional space, invalid code points', async () => {
    const { unescapeCssIdentifier } = await import('../src/html/style-sheets/css-escape.js');
    expect(unescapeCssIdentifier('sm\\:text-4xl')).toBe('sm:text-4xl');
    expect(unescapeCssIdentifier('w-\\[50\\%\\]')).toBe('w-[50%]');
    expect(unescapeCssIdentifier('space-y-0\\.5')).toBe('space-y-0.5');
    expect(unescapeCssIdentifier('bg-white\\/20')).toBe('bg-white/20');
    expect(unescapeCssIdentifier('\\31 0')).toBe('10');
    expect(unescapeCssIdentifier('a\\000000b')).toBe('a\uFFFDb');
    expect(unescapeCssIdentifier('plain')).toBe('plain');
  });
});

// webkit-any: Chromium's :-webkit-any() is :is() with one pseudo-class's specificity; :-moz-any() matches nothing there
// (repro webkit-any, Material for MkDocs' icon search).
describe(':-webkit-any() and :-moz-any()', () => {
  it('are written as :is() of the arguments at (0,1,0), and as :is() of nothing', () => {
    expect(webkitAnyAsIs('.t ol li :-webkit-any(ul, ol){margin:0}')).toBe(
      '.t ol li :is(ul, ol,[data-pictor-webkit-any]){margin:0}',
    );
    expect(webkitAnyAsIs('.t :-MOZ-any(.b){color:green}')).toBe('.t :is([data-pictor-moz-any]){color:green}');
    expect(webkitAnyAsIs('.a{color:red}')).toBe('.a{color:red}');
    // Left open: left as written.
    expect(webkitAnyAsIs('.t :-webkit-any(ul{margin:0}')).toBe('.t :-webkit-any(ul{margin:0}');
  });

  it('win over a rule one class less specific than the same selector with :is()', () => {
    const page = parse(
      '<html><body><div class="t"><ol><li><ol class="list"></ol></li></ol><p class="b">x</p></div></body></html>',
    );
    const styles = new DocumentStyles(() => {});
    styles.addSheet(
      '.t ol li :-webkit-any(ul,ol){margin-top:8px} .t .list{margin-top:0} .t :-moz-any(.b){color:green}',
    );
    const find = (node: unknown, cls: string): Element | undefined => {
      if (isElement(node as Element) && classList(node as Element).includes(cls)) return node as Element;
      for (const child of (node as { childNodes?: unknown[] }).childNodes ?? []) {
        const found = find(child, cls);
        if (found) return found;
      }
      return undefined;
    };
    expect(styles.declared(find(page, 'list')!, 'margin-top', {})).toBe('8px');
    expect(styles.declared(find(page, 'b')!, 'color', {})).toBeUndefined();
  });
});
