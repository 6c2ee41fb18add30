import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/html/parse.js';
import { describeStyleError } from '../src/html/style-sheets/style-errors.js';
import type { SatoriChild, SatoriElement } from '../src/html/types.js';
import { all as findAll, kids } from './helpers/tree.js';

/** The author's element of a fragment: the root itself, or the first element of the margin-less wrapper. */
function main(root: SatoriElement): SatoriElement {
  if (root.type !== 'body' || !('data-pictor-fragment' in root.props)) return root;
  return kids(root).find((k): k is SatoriElement => typeof k === 'object' && k?.type !== 'style')!;
}

function find(el: SatoriChild, type: string): SatoriElement | undefined {
  if (!el || typeof el !== 'object') return undefined;
  if (el.type === type) return el;
  for (const c of kids(el)) {
    const hit = find(c, type);
    if (hit) return hit;
  }
  return undefined;
}

describe('whitespace', () => {
  it('keeps the text between inline elements as written (satori collapses it like a browser)', () => {
    const { root } = parseHtml('<p>type <b>render</b> and <i>ship</i></p>');
    expect(kids(root)).toEqual([
      'type ',
      { type: 'b', props: { children: 'render' } },
      ' and ',
      { type: 'i', props: { children: 'ship' } },
    ]);
  });

  it('keeps the newlines and indentation of <pre> (minus the newline right after the tag, as in HTML)', () => {
    const { root } = parseHtml('<pre>\nline 1\n   line 2\n\nline 4</pre>');
    expect(root.props.children).toBe('line 1\n   line 2\n\nline 4');
  });

  it('drops whitespace-only text inside table structure, where a browser shows nothing', () => {
    const { root } = parseHtml('<table>\n  <tr>\n    <td>a</td>\n    <td>b</td>\n  </tr>\n</table>');
    const tr = find(root, 'tr')!;
    expect(kids(tr).every((c) => typeof c === 'object')).toBe(true);
    expect(kids(find(root, 'tbody')!).every((c) => typeof c === 'object')).toBe(true);
  });

  it('decodes entities and keeps non-breaking spaces', () => {
    const { root } = parseHtml('<span>a&nbsp;&amp;&lt;b&gt;</span>');
    expect(root.props.children).toBe('a\u00a0&<b>');
  });
});

describe('documents and fragments', () => {
  it('a single-element fragment is that element, with no wrapper and no margin', () => {
    const { root, isDocument } = parseHtml('<div style="width:300px;height:100px"></div>');
    expect(isDocument).toBe(false);
    // The style attribute as written rides along for selectors on it (`[style*="--"]`).
    expect(root).toEqual({
      type: 'div',
      props: { 'data-pictor-style': 'width:300px;height:100px', style: { width: '300px', height: '100px' } },
    });
  });

  it('several top-level nodes are wrapped in a margin-less body', () => {
    const { root } = parseHtml('<style>.a{color:red}</style><div class="a">1</div><div>2</div>');
    expect(root.type).toBe('body');
    expect(root.props['data-pictor-fragment']).toBe('');
    const preamble = kids(root)[0] as SatoriElement;
    expect(preamble.type).toBe('style');
    expect(String(preamble.props.children)).toContain(
      ':where(body[data-pictor-fragment]){margin:0;height:100%;display:flow-root}',
    );
  });

  it('a document keeps html, head and body; script, title, meta and comments are left out', () => {
    const { root, isDocument } = parseHtml(
      '<!doctype html><html><head><title>t</title><meta charset="utf-8"><script>alert(1)</script><style>p{color:red}</style></head><body><!-- c --><p>x</p><script>document.write(1)</script></body></html>',
    );
    expect(isDocument).toBe(true);
    expect(root.type).toBe('html');
    const head = find(root, 'head')!;
    expect(kids(head)).toEqual([{ type: 'style', props: { children: 'p{color:red}' } }]);
    const body = find(root, 'body')!;
    expect(kids(body)).toEqual([{ type: 'p', props: { children: 'x' } }]);
    expect(JSON.stringify(root)).not.toContain('alert');
  });

  it('detects a document after a leading comment and with an uppercase doctype', () => {
    expect(parseHtml('<!-- x -->\n<!DOCTYPE html><p>a</p>').isDocument).toBe(true);
    expect(parseHtml('<body><p>a</p></body>').isDocument).toBe(true);
    expect(parseHtml('<p>a</p>').isDocument).toBe(false);
  });

  it('moves a body background to the root so it covers the canvas, as browsers do', () => {
    const { root } = parseHtml(
      '<html><head><style>body{background:#fef3c7}</style></head><body>x</body></html>',
    );
    expect(root.props.style).toMatchObject({
      background: '#fef3c7',
      minHeight: '100%',
      display: 'flow-root',
    });
    expect(find(root, 'body')!.props.style).toEqual({ background: 'none' });
  });
});

describe('default font family', () => {
  it('is a zero-specificity rule for documents, so html { font-family } still wins', () => {
    const { root } = parseHtml(
      '<html><head><style>html{font-family:Noto Serif}</style></head><body>x</body></html>',
      {
        defaultFontFamily: 'sans-serif',
      },
    );
    expect(root.props.style).not.toHaveProperty('fontFamily');
    expect(JSON.stringify(root)).toContain(':where(html){font-family:sans-serif}');
  });

  it('is inline on a lone fragment element unless it names a family itself', () => {
    expect(parseHtml('<div>x</div>', { defaultFontFamily: 'sans-serif' }).root.props.style).toEqual({
      fontFamily: 'sans-serif',
    });
    expect(
      parseHtml('<div style="font-family:Noto Serif">x</div>', { defaultFontFamily: 'sans-serif' }).root.props
        .style,
    ).toEqual({ fontFamily: 'Noto Serif' });
  });
});

describe('styles', () => {
  it('passes <style> text to satori untouched, ::before rules and nesting included', () => {
    const css = '.q::before{content:"\\201C"} .a{ & .b { color: red } }';
    const { root } = parseHtml(`<style>${css}</style><div class="q a">x</div>`);
    expect(kids(root)).toContainEqual({ type: 'style', props: { children: css } });
  });

  it('parses style="" into a camel-cased style object, custom properties kept', () => {
    const { root } = parseHtml(
      '<div style="background-color: #fff; --gap: 4px; -webkit-line-clamp: 2; margin:0 auto">x</div>',
    );
    expect(root.props.style).toEqual({
      backgroundColor: '#fff',
      '--gap': '4px',
      WebkitLineClamp: '2',
      margin: '0 auto',
    });
  });

  it('drops declarations that cannot be parsed, with a warning, and keeps the rest', () => {
    const { root, warnings } = parseHtml(
      '<div style="color: red; width: ; ;; font-size 12px; height: 4px">x</div>',
    );
    expect(root.props.style).toEqual({ color: 'red', height: '4px' });
    expect(warnings.some((w) => w.includes('width has no value'))).toBe(true);
    expect(warnings.some((w) => w.includes('was dropped'))).toBe(true);
  });

  it('degrades display values satori throws on to the nearest supported one, with a warning', () => {
    const { root, warnings } = parseHtml(
      '<div><span style="display:ruby">a</span><span style="display:inline flow-root">b</span><div style="display:run-in">c</div></div>',
    );
    const [a, b, c] = kids(root) as SatoriElement[];
    expect(a!.props.style).toEqual({ display: 'inline' });
    expect(b!.props.style).toEqual({ display: 'inline-block' });
    expect(c!.props.style).toEqual({ display: 'block' });
    expect(warnings).toContain('display: ruby is not supported; laid out as display: inline');
  });

  it('rewrites unsupported display values inside <style> sheets only when it must', () => {
    const { root, warnings } = parseHtml(
      '<style>.t{display:table;width:100%}.r{display:table-row}</style><div class="t">x</div>',
    );
    const sheet = String((kids(root)[1] as SatoriElement).props.children);
    // The table display as written stays beside the degraded one, for CSS tables (css-table-display.ts), which the
    // table layer lays out: no warning.
    expect(sheet).toContain('.t{display:flow-root;--pictor-css-display:table;width:100%}');
    expect(sheet).toContain('.r{display:flex;--pictor-css-display:table-row}');
    expect(warnings.filter((w) => w.startsWith('display:'))).toEqual([]);
  });

  it('sizes bare `monospace` text like Chrome (13px default) but leaves authored fonts and sizes alone', () => {
    const { root } = parseHtml(
      '<div><pre>a</pre><code style="font-family:JetBrains Mono">b</code><pre><code>c</code></pre></div>',
    );
    const [pre, code, pre2] = kids(root) as SatoriElement[];
    expect(pre!.props.style).toEqual({ fontSize: '0.8125em' });
    expect(code!.props.style).toEqual({ fontFamily: 'JetBrains Mono' });
    expect((pre2!.props.children as SatoriElement).props.style).toBeUndefined();
    const sized = parseHtml(
      '<html><head><style>body{font-size:16px}</style></head><body><p>Press <kbd>K</kbd></p></body></html>',
    ).root;
    expect(JSON.stringify(sized)).not.toContain('0.8125em');
  });

  it('keeps the 13px monospace size through em/% sizes of medium and var()-written fonts, as Chrome', () => {
    // Vivliostyle's base theme: html's size is var(--vs-font-size) = 100%, code's font a var() that is `monospace`
    // and its size a var() of a property no one defines (invalid: it inherits). Chrome: 13px, 15.6px, 13px; 16px
    // under an absolute size or for a font stack.
    const { root } = parseHtml(`<html><head><style>
      :root { --size: 100%; --mono: monospace }
      html { font-size: var(--size) }
      code { font-family: var(--mono); font-size: var(--undefined-size) }
      .big { font-size: 1.2em } .px { font-size: 20px } .own code { font-size: 1.5em }
      .stack code { font-family: monospace, serif }
    </style></head><body><p><code>a</code></p><p class="big"><code>b</code></p><p class="own"><code>c</code></p>
      <p class="px"><code>d</code></p><p class="stack"><code>e</code></p></body></html>`);
    const sizes = findAll(root, 'code').map((c) => (c.props.style as { fontSize?: string })?.fontSize);
    expect(sizes).toEqual(['0.8125em', '0.8125em', `${0.8125 * 1.5}em`, undefined, undefined]);
  });

  it('takes absolute-size keywords of bare `monospace` text from the 13px row, as Chrome (monospace-keyword-table)', () => {
    // Chrome: small 12px under `monospace` (13px under a named font or sans-serif), x-large 20px, pre small 12px.
    const { root } = parseHtml(`<html><head><style>
      body { font-family: monospace; font-size: 17px } .s { font-size: small } .xl { font-size: x-large }
      .named { font-family: "JetBrains Mono", monospace; font-size: small } .sans { font-family: sans-serif }
    </style></head><body><p class="s">a</p><p class="xl">b</p><p class="named">c</p>
      <div class="sans"><p class="s">d</p><pre class="s">e</pre></div></body></html>`);
    const sizes = findAll(root, 'p').map((c) => (c.props.style as { fontSize?: string })?.fontSize);
    expect(sizes).toEqual(['12px', '20px', undefined, undefined]);
    expect((findAll(root, 'pre')[0]!.props.style as { fontSize?: string }).fontSize).toBe('12px');
  });

  it('sizes text 13px where its font changes to bare `monospace`, 16px where it changes back (monospace-body)', () => {
    // Chrome: body 13px, the sans-serif div 16px again (13 × 16/13), its code 13px, a named font under body 16px.
    const { root } = parseHtml(`<html><head><style>
      body { font-family: monospace } .sans { font-family: sans-serif } .named { font-family: "JetBrains Mono" }
    </style></head><body><div class="sans"><code>a</code></div><div class="named">b</div><pre>c</pre></body></html>`);
    const size = (el: SatoriElement | undefined) =>
      (el?.props.style as { fontSize?: string } | undefined)?.fontSize;
    expect(size(findAll(root, 'body')[0])).toBe('0.8125em');
    const [sans, named] = findAll(root, 'div');
    expect(size(sans)).toBe(`${1 / 0.8125}em`);
    expect(size(named)).toBe(`${1 / 0.8125}em`);
    expect(size(findAll(root, 'code')[0])).toBe('0.8125em');
    expect(size(findAll(root, 'pre')[0])).toBeUndefined();
  });

  it('collects @font-face rules and <link rel=stylesheet> hrefs in document order', () => {
    const parsed = parseHtml(
      `<html><head><link rel="stylesheet" href="a.css"><link rel="icon" href="x.ico"><style>
        @font-face { font-family: "Brand Sans"; src: local(Brand), url(fonts/brand.woff2) format("woff2"), url('fonts/brand.ttf'); font-weight: 700; font-style: italic }
        @font-face { font-family: Plain; src: url(data:font/ttf;base64,AAAA) }
      </style></head><body></body></html>`,
    );
    expect(parsed.stylesheets).toEqual(['a.css']);
    expect(parsed.fontFaces).toEqual([
      {
        family: 'Brand Sans',
        sources: ['fonts/brand.woff2', 'fonts/brand.ttf'],
        weight: 700,
        style: 'italic',
      },
      { family: 'Plain', sources: ['data:font/ttf;base64,AAAA'] },
    ]);
    const placeholder = find(parsed.root, 'style')!;
    expect(placeholder.props['data-pictor-href']).toBe('a.css');
  });
});

describe('an XHTML page and its body attributes (repro xhtml-body-attributes)', () => {
  const XHTML =
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" ' +
    '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml">';
  const style = (el: SatoriElement) => (el.props.style ?? {}) as Record<string, string>;

  it('reads a page that starts with an XML declaration as a document, not a fragment', () => {
    const { root } = parseHtml(`${XHTML}<body bgcolor="#8b7765"><p>x</p></body></html>`);
    expect(root.type).toBe('html');
    expect((root.props.style as Record<string, string>).backgroundColor).toBe('#8b7765');
  });

  it("takes the body's text and link colours where the page's CSS sets none", () => {
    const { root } = parseHtml(
      `${XHTML}<head><style>a.own{color:red}</style></head><body text="#1f2937" link="#a06060">` +
        '<a href="#a">link</a><a name="b">anchor</a><a class="own" href="#c">own</a></body></html>',
    );
    expect(style(find(root, 'body')!).color).toBe('#1f2937');
    expect(findAll(root, 'a').map((a) => style(a).color)).toEqual(['#a06060', undefined, undefined]);
    const css = parseHtml('<!doctype html><style>body{color:blue}</style><body text="#1f2937">x</body>').root;
    expect(style(find(css, 'body')!).color).toBeUndefined();
  });
});

describe('the line-height quirk of quirks and limited-quirks mode', () => {
  const page = (doctype: string) =>
    parseHtml(
      `${doctype}<html><body><table><tr><td><a href="#"><img src="data:image/png;base64,AA" width="10" height="10"></a></td>` +
        '<td><img src="data:image/png;base64,AA" width="10" height="10"> text</td>' +
        '<td><br><img src="data:image/png;base64,AA" width="10" height="10"></td></tr></table></body></html>',
    ).root;
  const lineHeights = (root: SatoriElement) =>
    ['td', 'a'].flatMap((tag) =>
      findAll(root, tag).map((el) => (el.props.style as Record<string, string>)?.lineHeight),
    );

  it('gives an element whose content is pictures and no text line-height 0 (no strut under the picture)', () => {
    const transitional =
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
    // td with a picture only, td with text beside its picture, td with a <br> line above its picture (a <br> line
    // keeps its height), the link around the first picture.
    expect(lineHeights(page(transitional))).toEqual(['0', undefined, undefined, '0']);
    expect(lineHeights(page(''))).toEqual(['0', undefined, undefined, '0']); // no doctype: quirks mode
  });

  it('leaves standards mode alone', () => {
    expect(lineHeights(page('<!DOCTYPE html>'))).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('leaves out the strut of an element whose text is all in plain inline boxes (repro quirks-inline-text-strut)', () => {
    const body =
      '<p id="span"><span style="font-size:12px">a</span></p><p id="own">own <span>b</span></p>' +
      '<p id="sup"><sup>c</sup></p><table><tr><td><code>double</code><br><code>precision</code></td></tr></table>';
    const lineHeight = (el: SatoriElement | undefined) =>
      (el?.props.style as Record<string, string>)?.lineHeight;
    for (const [doctype, quirky] of [
      [
        '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">',
        true,
      ],
      ['<!doctype html>', false],
    ] as const) {
      const { root } = parseHtml(`${doctype}<html><body>${body}</body></html>`);
      const p = (id: string) => findAll(root, 'p').find((el) => el.props.id === id);
      expect(lineHeight(p('span'))).toBe(quirky ? '0' : undefined);
      // The span states the line height it inherited: its own line is as tall as that makes it.
      expect(lineHeight(find(p('span')!, 'span'))).toBe(quirky ? 'normal' : undefined);
      expect(lineHeight(p('own'))).toBeUndefined();
      expect(lineHeight(p('sup'))).toBeUndefined();
      expect(lineHeight(find(root, 'pictor-cell'))).toBe(quirky ? '0' : undefined);
    }
  });

  it('keeps the strut of a line whose inline box has padding or a border along it (repro quirks-padded-inline-strut)', () => {
    const img = '<img src="data:image/png;base64,AA" width="19" height="19">';
    const { root } = parseHtml(
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">' +
        '<html><head><style>.nav a{padding-left:.5em}</style></head><body>' +
        `<div class="nav" id="padded"><a href="#">${img}</a><a href="#">${img}</a></div>` +
        `<div id="bordered"><a href="#" style="border-left:2px solid">${img}</a></div>` +
        `<div id="margin"><a href="#" style="margin-left:8px">${img}</a></div>` +
        `<div id="top"><a href="#" style="padding-top:2px">${img}</a></div>` +
        `<div id="no-style"><a href="#" style="border-left-width:4px">${img}</a></div></body></html>`,
    );
    const heightOf = (id: string) =>
      (findAll(root, 'div').find((d) => d.props.id === id)!.props.style as Record<string, string>)
        ?.lineHeight;
    // Chromium: 23 px lines (the strut kept) for inline padding and borders; 19 px for margins, padding on top
    // and a border width without a style (no border).
    expect(['padded', 'bordered'].map(heightOf)).toEqual([undefined, undefined]);
    expect(['margin', 'top', 'no-style'].map(heightOf)).toEqual(['0', '0', '0']);
  });
});

describe('tailwind', () => {
  it('maps bare utility classes to tw, arbitrary values included', () => {
    const div = main(parseHtml('<div class="flex bg-[#0b1020] p-4 text-white card">x</div>').root);
    expect(div.props.tw).toBe('flex bg-[#0b1020] p-4 text-white');
    expect(div.props.class).toBe('flex bg-[#0b1020] p-4 text-white card');
  });

  it('takes a class for a utility only with a value its family has (e-mail themes name classes text-header, content-block)', () => {
    const { root } = parseHtml(
      '<div><div class="text-header content-block col-2 text-1">a</div>' +
        '<div class="text-center text-sm md:text-red-500/50 text-[13px] content-between col-span-2 row-start-1 col-auto">b</div></div>',
    );
    const [plain, utilities] = kids(main(root)) as SatoriElement[];
    expect(plain!.props.tw).toBeUndefined();
    expect(utilities!.props.tw).toBe(
      'text-center text-sm md:text-red-500/50 text-[13px] content-between col-auto',
    );
  });

  it('takes microformat classes (h-card, p-name, p-author, h-entry) for names, not padding or height utilities', () => {
    // A W3C report's header: the preflight's resets (h1 font size inherit, dd margin 0) beat its sheet's rules.
    const { root } = parseHtml(
      '<style>div.head h1{font-size:220%}dl dd{margin:0 0 .5em 2em}</style>' +
        '<div class="head h-entry"><h1 class="title p-name">T</h1><dl><dd class="p-author h-card vcard">A</dd></dl></div>' +
        '<div class="p-4 px-2.5 h-full w-1/2 m-auto max-w-prose min-h-screen h-[13px] size-4 card">b</div>',
    );
    expect(find(root, 'h1')!.props.tw).toBeUndefined();
    expect(find(root, 'h1')!.props.style).toBeUndefined();
    expect(find(root, 'dd')!.props.tw).toBeUndefined();
    expect(find(root, 'dd')!.props.style).toBeUndefined();
    const utilities = findAll(root, 'div').find((d) => String(d.props.class).endsWith('card'))!;
    expect(utilities.props.tw).toBe(
      'p-4 px-2.5 h-full w-1/2 m-auto max-w-prose min-h-screen h-[13px] size-4',
    );
  });

  it('leaves classes a stylesheet styles to that stylesheet (compiled Tailwind is not applied twice)', () => {
    const { root } = parseHtml(
      '<style>.flex{display:flex}.p-4{padding:1rem}</style><div class="flex p-4 mt-2">x</div>',
    );
    expect(find(root, 'div')!.props.tw).toBe('mt-2');
  });

  it("gives a page whose classes are mostly a theme's no utility styling (utility-names-in-themes)", () => {
    // MkDocs' Read the Docs theme: `text-center` (no sheet styles it) among the theme's own classes. A browser
    // styles nothing for it: the buttons stay left, the h2 keeps its size and weight (the preflight reset them).
    const { root } = parseHtml(
      '<style>.rst-content h2{font-size:150%}.wy-nav-content{max-width:800px}.btn{padding:6px}</style>' +
        '<div class="wy-nav-content"><div class="rst-content"><div class="text-center">' +
        '<a class="btn btn-primary" href="#">Getting Started</a></div>' +
        '<div class="jumbotron"><h2 class="display-4 text-center">Features</h2></div></div></div>',
    );
    const h2 = find(root, 'h2')!;
    expect(h2.props.tw).toBeUndefined();
    expect(h2.props.style).toBeUndefined();
    const centred = findAll(root, 'div').find((d) => d.props.class === 'text-center')!;
    expect(centred.props.tw).toBeUndefined();
  });
});

describe('tailwind grid utilities (not in satori tw)', () => {
  it('turns grid, grid-cols-N, col-span-N and gap utilities into style, below the style attribute', () => {
    const root = main(
      parseHtml(
        '<div class="grid grid-cols-3 gap-4 gap-x-[10px] p-2" style="gap:1px"><div class="col-span-2 row-start-2">a</div></div>',
      ).root,
    );
    expect(root.props.tw).toBe('p-2');
    expect(root.props.style).toEqual({
      display: 'grid',
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
      gap: '1px',
      columnGap: '10px',
    });
    expect((kids(root)[0] as SatoriElement).props.style).toEqual({
      gridColumn: 'span 2 / span 2',
      gridRowStart: '2',
    });
  });
});

describe('tailwind preflight', () => {
  it('resets UA margins and heading sizes under the utilities, inline for elements with classes', () => {
    const { root } = parseHtml(
      '<div class="p-4"><h1 class="mt-8 text-5xl">T</h1><p class="text-white">x</p><ul class="list-disc"><li>a</li></ul></div>',
    );
    expect(root.props['data-pictor-root']).toBe('');
    const [h1, p, ul] = kids(main(root)) as SatoriElement[];
    expect(h1!.props.style).toEqual({
      marginRight: '0px',
      marginBottom: '0px',
      marginLeft: '0px',
      fontWeight: 'inherit',
    });
    expect(p!.props.style).toEqual({
      marginTop: '0px',
      marginRight: '0px',
      marginBottom: '0px',
      marginLeft: '0px',
    });
    expect(ul!.props.style).toMatchObject({ padding: '0px', marginTop: '0px' });
    expect(ul!.props.style).not.toHaveProperty('listStyleType');
    const preamble = kids(root).find(
      (k): k is SatoriElement => typeof k === 'object' && k?.type === 'style',
    )!;
    expect(String(preamble.props.children)).toContain(
      ':where(ol,ul,menu):not([class]){list-style:none;margin:0;padding:0}',
    );
  });

  it('adds no preflight to pages without bare utilities', () => {
    const { root } = parseHtml('<style>.card{padding:4px}</style><div class="card"><p>x</p></div>');
    expect(JSON.stringify(root)).not.toContain('list-style:none');
  });
});

describe('robustness', () => {
  it('never throws on broken markup', () => {
    for (const html of [
      '',
      '<',
      '<div',
      '</p></div>',
      '<table><td>x',
      '<svg><p>x</svg>',
      '<style>{{{</style>x',
      '\u0000',
    ]) {
      expect(() => parseHtml(html)).not.toThrow();
    }
  });

  it('with maxElements, refuses a source of more elements before converting it (a fragment and a document)', () => {
    const eleven = '<i></i>'.repeat(11);
    expect(() => parseHtml(eleven, { maxElements: 10 })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: 'html: must contain at most 10 elements' }),
    );
    expect(() => parseHtml('<i></i>'.repeat(10), { maxElements: 10 })).not.toThrow();
    // A document's html, head and body count too; nested elements as well as siblings.
    expect(() => parseHtml(`<html><body>${'<b>'.repeat(8)}</body></html>`, { maxElements: 10 })).toThrow(
      /at most 10 elements/,
    );
    expect(() =>
      parseHtml(`<html><body>${'<b>'.repeat(7)}</body></html>`, { maxElements: 10 }),
    ).not.toThrow();
    expect(() => parseHtml(eleven)).not.toThrow();
  });

  it('cuts nesting deeper than 256 levels with one warning', () => {
    const { warnings } = parseHtml(`${'<div>'.repeat(400)}x${'</div>'.repeat(400)}`);
    expect(warnings).toEqual(['elements nested deeper than 256 levels were left out']);
  });

  it('leaves out the list-marker font-family quirk of satori and reports other style errors', () => {
    expect(
      describeStyleError(new Error('g.split is not a function\n  in CSS rule `fontFamily: inter`.')),
    ).toBeNull();
    expect(describeStyleError(new Error('Invalid value for CSS property "color"'))).toBe(
      'CSS ignored: Invalid value for CSS property "color"',
    );
  });

  it('turns an <img> without any source into an empty box of its size (satori would throw)', () => {
    const { root } = parseHtml('<div><img width="20" height="10"><img srcset="a.png 1x, b.png 2x"></div>');
    const [empty, fromSrcset] = kids(main(root)) as SatoriElement[];
    expect(empty).toEqual({
      type: 'span',
      props: { style: { display: 'inline-block', width: '20px', height: '10px' } },
    });
    expect(fromSrcset!.props.src).toBe('a.png');
  });

  it('drops inline event handlers', () => {
    const { root } = parseHtml('<div onclick="x()" onload="y()" id="a">x</div>');
    expect(root.props).toEqual({ id: 'a', children: 'x' });
  });
});

describe('issue 23, item 7: what Chrome draws that satori would not', () => {
  it('moves the body background longhands (background-size, …) to the root with the background', () => {
    const { root } = parseHtml(
      '<html><head><style>body{background-image:url(a.png);background-size:40px 20px;background-repeat:no-repeat}</style></head><body>x</body></html>',
    );
    expect(root.props.style).toMatchObject({
      backgroundImage: 'url(a.png)',
      backgroundSize: '40px 20px',
      backgroundRepeat: 'no-repeat',
    });
  });

  it('reads -webkit-transform and the other -webkit- aliases as their standard property, inline and in sheets', () => {
    const { root, warnings } = parseHtml(
      '<style>.r{-webkit-transform:rotate(45deg);-webkit-box-shadow:0 0 2px red}</style><div class="r" style="-webkit-transform:scale(2);-webkit-line-clamp:2">x</div>',
    );
    const sheets = kids(root)
      .filter((k): k is SatoriElement => typeof k === 'object' && k?.type === 'style')
      .map((s) => String(s.props.children))
      .join('\n');
    expect(sheets).toContain('transform:rotate(45deg)');
    expect(sheets).toContain('box-shadow:0 0 2px red');
    expect(sheets).not.toContain('-webkit-transform');
    expect(main(root).props.style).toEqual({ transform: 'scale(2)', WebkitLineClamp: '2' });
    expect(warnings).toEqual([]);
  });

  it('ignores invalid image dimension attributes and gives an image nothing sizes its natural size', () => {
    const { root } = parseHtml(
      '<p><img id="a" width="auto" height="" src="a.png"><img id="b" width="80px" height="50%" src="a.png"><img id="c" style="width:10px" src="a.png"></p>',
    );
    const imgs: SatoriElement[] = [];
    const walk = (el: SatoriChild) => {
      if (!el || typeof el !== 'object') return;
      if (el.type === 'img') imgs.push(el);
      kids(el).forEach(walk);
    };
    walk(root);
    const [a, b, c] = imgs;
    expect(a!.props).toMatchObject({ __naturalSize: true });
    expect(a!.props.width).toBeUndefined();
    expect(a!.props.height).toBeUndefined();
    expect(b!.props).toMatchObject({ width: '80', height: '50%' });
    expect(b!.props.__naturalSize).toBeUndefined();
    expect(c!.props.__naturalSize).toBeUndefined();
  });

  it('gives a percentage-width image in a content-sized cell its width attribute as min-width, or warns', () => {
    const sized = parseHtml(
      '<table><tr><td><img src="a.png" width="120" style="width:100%;max-width:100px"></td></tr></table>',
    );
    expect(find(sized.root, 'img')!.props.style).toMatchObject({ width: '100%', minWidth: '100px' });
    expect(sized.warnings).toEqual([]);
    const bare = parseHtml('<table><tr><td><img src="a.png" style="width:100%"></td></tr></table>');
    expect(bare.warnings.join('\n')).toMatch(/<img> with width: 100% in a table cell sized by its content/);
    const definite = parseHtml(
      '<table width="600"><tr><td><img src="a.png" style="width:100%"></td></tr></table>',
    );
    expect(definite.warnings).toEqual([]);
    expect(find(definite.root, 'img')!.props.style).not.toHaveProperty('minWidth');
  });

  it('draws an image sized only by max-width or min-width at its natural size, within those limits', () => {
    // The limits apply in satori (the satori change img-width-limits, packages/satori); pixels in
    // test/repros/img-max-width-natural.html.
    const { root, warnings } = parseHtml('<style>img{max-width:100%}</style><p><img src="a.png"></p>');
    expect(warnings).toEqual([]);
    expect(find(root, 'img')!.props.__naturalSize).toBe(true);
    // Tailwind 4's preflight sits in @layer base: the image is sized by it, not drawn at its natural size
    // (satori would take the natural width for aspect-ratio before max-width caps it).
    const layered = parseHtml(
      '<style>@layer base { img { max-width: 100%; height: auto } }</style><p><img src="a.png" style="aspect-ratio:16/9"></p>',
    );
    expect(find(layered.root, 'img')!.props.__naturalSize).toBeUndefined();
  });
});

describe('CSS values satori rejects, resolved before it', () => {
  it("drops a font-weight browsers drop (an e-mail theme's font-weight: regular drew bold), inline and in sheets", () => {
    const { root, warnings } = parseHtml(
      '<style>.b{font-weight:regular;color:red}.c{font-weight:600}</style><div class="b c" style="font-weight:book">' +
        '<span style="font-weight:var(--w)">x</span><i style="font-weight:1001">y</i><b style="font-weight:350.5">z</b></div>',
    );
    expect(find(root, 'div')!.props.style).toBeUndefined();
    expect(find(root, 'span')!.props.style).toEqual({ fontWeight: 'var(--w)' });
    expect(find(root, 'i')!.props.style).toBeUndefined();
    expect(find(root, 'b')!.props.style).toEqual({ fontWeight: '350.5' });
    expect(findAll(root, 'style').map((el) => String(el.props.children))).toContain(
      '.b{color:red}.c{font-weight:600}',
    );
    expect(warnings).toEqual(
      expect.arrayContaining([
        'font-weight: regular is not a valid value; the declaration was dropped, as browsers drop it',
        'style: font-weight: book is not a valid value; the declaration was dropped, as browsers drop it',
        'style: font-weight: 1001 is not a valid value; the declaration was dropped, as browsers drop it',
      ]),
    );
  });

  it("drops a box size CSS's grammar rejects, so an <img>'s width and height attributes apply as in browsers", () => {
    // SendGrid's social icons: `style="height: 30px, width: 30px"` with height="30" width="30".
    const { root, warnings } = parseHtml(
      '<style>.w{width:10px 20px;max-height:5px}</style><img src="a.png" width="30" height="30" style="height: 30px, width: 30px">' +
        '<div class="w" style="min-width:calc(100% - 4px);max-width:var(--w);height:12">x</div>',
    );
    const img = find(root, 'img')!;
    expect(img.props.style).toBeUndefined();
    expect(img.props).toMatchObject({ width: '30', height: '30' });
    expect(find(root, 'div')!.props.style).toEqual({
      minWidth: 'calc(100% - 4px)',
      maxWidth: 'var(--w)',
      height: '12',
    });
    expect(findAll(root, 'style').map((el) => String(el.props.children))).toContain('.w{max-height:5px}');
    expect(warnings).toEqual(
      expect.arrayContaining([
        'style: height: 30px, width: 30px is not a valid value; the declaration was dropped, as browsers drop it',
        'width: 10px 20px is not a valid value; the declaration was dropped, as browsers drop it',
      ]),
    );
  });

  it('takes an opacity in percent (Tailwind 4 opacity-75 → opacity: 75%) as a number, inline and in sheets', () => {
    const { root } = parseHtml(
      '<style>.dim{opacity:25%}</style><div class="dim" style="opacity:50%"><span style="opacity:.5%">x</span></div>',
    );
    expect(find(root, 'div')!.props.style).toMatchObject({ opacity: '0.5' });
    expect(find(root, 'span')!.props.style).toMatchObject({ opacity: '0.005' });
    const sheets: string[] = [];
    const collect = (el: SatoriChild) => {
      if (!el || typeof el !== 'object') return;
      if (el.type === 'style') sheets.push(String(el.props.children));
      kids(el).forEach(collect);
    };
    collect(root);
    expect(sheets.join('\n')).toMatch(/\.dim\{opacity:0\.25\}/);
  });
});

describe('<details>', () => {
  it('shows only the summary of a closed <details>, everything of an open one', () => {
    const texts = (html: string) => JSON.stringify(parseHtml(html).root);
    const closed = texts(
      '<details><summary>Question</summary>Loose text<p>Answer</p><style>p{color:red}</style></details>',
    );
    expect(closed).toContain('Question');
    expect(closed).not.toContain('Answer');
    expect(closed).not.toContain('Loose text');
    expect(closed).toContain('p{color:red}');
    const open = texts('<details open><summary>Question</summary><p>Answer</p></details>');
    expect(open).toContain('Answer');
  });
});
