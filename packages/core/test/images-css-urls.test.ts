import { describe, expect, it } from 'vitest';
import { isImageProperty, kebabProperty, mapDeclarations } from '../src/images/css-declarations.js';
import { findCssUrls, replaceCssUrls, stripUnusedAtRules, unescapeCss } from '../src/images/css-urls.js';
import { collectImageUrls, replaceImageUrls } from '../src/images/tree-urls.js';

describe('CSS url() handling', () => {
  it('finds quoted, unquoted, escaped and upper-case url() tokens, leaving #fragments out', () => {
    const css = `a{background:url(a.png), URL( "b.png" ), url('c\\'d.png'), url(#grad), url(http\\3a //x/e.png)}`;
    expect(findCssUrls(css)).toEqual(['a.png', 'b.png', "c'd.png", 'http://x/e.png']);
  });

  it('replaces each URL and escapes quotes in the replacement', () => {
    const out = replaceCssUrls(
      `x{a:url(a.png) no-repeat; b:url(#g); c:url('b.png')}`,
      (url) => `data:${url}"`,
    );
    expect(out).toBe(`x{a:url("data:a.png\\"") no-repeat; b:url(#g); c:url("data:b.png\\"")}`);
  });

  it('unescapes CSS hex and character escapes', () => {
    expect(unescapeCss('http\\3a //x\\/y\\ z')).toBe('http://x/y z');
    expect(unescapeCss('\\0 \\110000')).toBe('\ufffd\ufffd');
  });

  it('drops @font-face (nested braces included) and @import rules', () => {
    const css = `@import url(x.css) screen;
@font-face{font-family:A;src:url(a.woff2)}
.a{color:red}
@FONT-FACE { src: url(b.woff) ; unicode-range: U+0-7F }
.b{background:url(c.png)}`;
    const out = stripUnusedAtRules(css);
    expect(out).not.toMatch(/font-face|import|woff/i);
    expect(findCssUrls(out)).toEqual(['c.png']);
    expect(out).toContain('.a{color:red}');
  });

  // import-rule-whole: a `;` inside the URL, a string or a block is not the import's end (repro import-picture-ignored).
  it.each([
    ['an unquoted data: picture', '@import url(data:image/png;base64,iVBOR==);'],
    ['a quoted one with a media list', '@import url("data:image/png;base64,iVBOR==") screen;'],
    ['a string URL with ; and }', '@import "x;}.css" print;'],
    ['a comment holding ;', '@import url(x.css) /* ; */ screen;'],
    ['an invalid block', '@IMPORT url(x.css) { .q { color: red } }'],
  ])('drops an @import whole: %s', (_name, rule) => {
    const out = stripUnusedAtRules(`${rule}\nbody{margin:0}\n.a{color:red}`);
    expect(out).toBe('\nbody{margin:0}\n.a{color:red}');
  });

  it('ends an @import left open at the block around it, and keeps that block', () => {
    expect(stripUnusedAtRules('@media print{@import url(x.css)}.a{color:red}')).toBe(
      '@media print{}.a{color:red}',
    );
  });
});

describe('an empty url()', () => {
  it('is no image: none in the background and mask properties, nothing to load (repro empty-url-background)', () => {
    const root = {
      type: 'div',
      props: {
        style: { backgroundImage: 'url()', background: `url("") no-repeat #cde`, maskImage: "url( '' )" },
        children: [{ type: 'style', props: { children: `.a{background:url(b.png), url('')}` } }],
      },
    } as never;
    const ctx = { warnings: [] as string[] };
    expect([...collectImageUrls(root, ctx)]).toEqual(['b.png']);
    const out = replaceImageUrls(root, (url) => `data:${url}`, ctx) as unknown as {
      props: { style: Record<string, string>; children: { props: { children: string[] } }[] };
    };
    expect(out.props.style).toEqual({
      backgroundImage: 'none',
      background: 'none no-repeat #cde',
      maskImage: 'none',
    });
    expect(out.props.children[0]!.props.children).toEqual(['.a{background:url("data:b.png"), none}']);
    expect(ctx.warnings).toEqual([]);
  });
});

describe('CSS declarations', () => {
  it('maps declaration values only: selectors, at-rule preludes, strings and comments stay', () => {
    const css = `a[title="x;y:url(z)"] { color: red; background: url("a;b.png") } /* c: d; */
@media (min-width: 10px) { .b:hover { --u: url(c.png); } }`;
    const seen: string[] = [];
    const out = mapDeclarations(css, (property, value) => {
      seen.push(`${property}=${value.trim()}`);
      return value.toUpperCase();
    });
    expect(seen).toEqual(['color=red', 'background=url("a;b.png")', '--u=url(c.png)']);
    expect(out).toContain('a[title="x;y:url(z)"] {');
    expect(out).toContain('@media (min-width: 10px) { .b:hover {');
    expect(out).toContain('background: URL("A;B.PNG")');
  });

  it('maps a bare declaration list (a style attribute)', () => {
    expect(
      mapDeclarations('width: 10px; cursor: url(x.cur), auto', (p, v) => (p === 'cursor' ? ' auto' : v)),
    ).toBe('width: 10px; cursor: auto');
  });

  it('knows which properties satori draws images from', () => {
    expect(
      [
        'background',
        'background-image',
        'mask',
        'mask-image',
        '-webkit-mask-image',
        'list-style',
        'list-style-image',
        '--bg',
      ].every(isImageProperty),
    ).toBe(true);
    expect(
      ['cursor', 'list-style-type', 'border-image', 'content', 'backgroundimage'].some(isImageProperty),
    ).toBe(false);
    expect(kebabProperty('backgroundImage')).toBe('background-image');
    expect(kebabProperty('WebkitMaskImage')).toBe('-webkit-mask-image');
    expect(kebabProperty('--myVar')).toBe('--myVar');
  });
});

describe('hostile CSS and SVG text stays linear', () => {
  it.each([
    ['url( + 100k spaces', `url(${' '.repeat(100_000)}a`, 0],
    ['url( + hex escapes', `url(${'\\31'.repeat(30_000)}`, 0],
    ['url( + long escapes', `url(${'\\123456789'.repeat(10_000)}`, 0],
    ['url(" + escaped quotes', `url("${'\\"'.repeat(50_000)}`, 0],
    ['many font-face rules', `${'a{b:c}'.repeat(50_000)}${'@font-face{src:url(x)}'.repeat(5_000)}`, 5_000],
  ])('%s', (_name, css, urls) => {
    // Each ends with the right answer, without a hang or a stack overflow. How long they take is measured in
    // benchmarks/guards: a clock in a test measures the machine's other work too.
    expect(findCssUrls(css)).toHaveLength(urls);
    const kept = stripUnusedAtRules(css);
    expect(mapDeclarations(kept, (_property, value) => value)).toBe(kept);
  });

  it('an unclosed SVG tag with many attributes', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    expect(() => checkSvg(`<svg ${'a = b  '.repeat(30_000)}`)).toThrow('not well-formed');
  });
});

describe('SVG <style> text', () => {
  it('is checked (also in CDATA and with a prefix) and scanned in linear time', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
    expect(() => checkSvg(svg('<style><![CDATA[ .a { fill: url(http://x/y.png) } ]]></style>'))).toThrow(
      'references "http://x/y.png"',
    );
    expect(() =>
      checkSvg(
        `<svg xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"><svg:style>.a{fill:url(/etc/x.png)}</svg:style></svg>`,
      ),
    ).toThrow('references "/etc/x.png"');
    // An unbound prefix is not XML resvg would read: refused.
    expect(() => checkSvg(svg('<svg:style>.a{fill:url(/etc/x.png)}</svg:style>'))).toThrow('not well-formed');
    expect(checkSvg(svg('<style>.a { fill: url(#g) } rect &gt; b {}</style><rect/>'))).toEqual({
      width: undefined,
      height: undefined,
      pictures: [],
      notDrawn: [],
    });
    expect(() => checkSvg(svg('<style>'.repeat(15_000)))).toThrow(/not well-formed|nests elements deeper/);
  });
});

describe('SVG nesting', () => {
  it('refuses elements nested deeper than 256 levels (before any recursion)', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    const deep = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(19_000)}${'</g>'.repeat(19_000)}</svg>`;
    expect(() => checkSvg(deep)).toThrow('nests elements deeper than 256 levels');
  });
});

describe('SVG read as resvg reads it (strict XML)', () => {
  const svg = (body: string, extra = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${extra}>${body}</svg>`;
  const chain = (depth: number) => {
    let body = '<rect id="u0" width="1" height="1"/>';
    for (let i = 1; i <= depth; i++)
      body += `<g id="u${i}"><use href="#u${i - 1}"/><use href="#u${i - 1}"/></g>`;
    return body;
  };

  it('sees through a CDATA section that hides a closing </style>', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    const prefix = '<style><![CDATA[ </style> ]]></style>';
    expect(() => checkSvg(svg(`${prefix}<image href="/etc/passwd"/>`))).toThrow('references "/etc/passwd"');
    expect(() => checkSvg(svg(`${prefix}${chain(24)}`))).toThrow('expands to more than 20000 elements');
  });

  it('refuses mismatched closing tags, unknown entities and markup in attribute values', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    expect(() => checkSvg(svg('<g><rect></g></rect>'))).toThrow('not well-formed');
    expect(() => checkSvg(svg('<text>&nbsp;</text>'))).toThrow('not well-formed');
    expect(() => checkSvg(svg('<image href="<![CDATA[/etc/passwd]]>"/>'))).toThrow('not well-formed');
    expect(() => checkSvg(`<!DOCTYPE svg [<!ENTITY x "y">]>${svg('')}`)).toThrow('DOCTYPE');
  });

  it('decodes character references in references before checking them', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    expect(() => checkSvg(svg('<image href="&#x2F;etc&#47;passwd"/>'))).toThrow('references "/etc/passwd"');
    expect(() => checkSvg(svg('<image xlink:href="fi&#108;e:///etc/passwd"/>'))).toThrow(
      'references "file:///etc/passwd"',
    );
  });

  it('checks references and <use> under any prefix bound to the namespaces', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    const odd = ' xmlns:q="http://www.w3.org/1999/xlink" xmlns:s="http://www.w3.org/2000/svg"';
    expect(() => checkSvg(svg('<s:image q:href="/etc/passwd"/>', odd))).toThrow('references "/etc/passwd"');
    let body = '<rect id="u0" width="1" height="1"/>';
    for (let i = 1; i <= 24; i++)
      body += `<s:g id="u${i}"><s:use q:href="#u${i - 1}"/><s:use q:href="#u${i - 1}"/></s:g>`;
    expect(() => checkSvg(svg(body, odd))).toThrow('expands to more than 20000 elements');
  });

  it('checks references under prefixes bound to other namespaces too (resvg may read them; refusing is safe)', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    const other = ' xmlns:x="urn:example:other"';
    expect(() => checkSvg(svg('<image x:href="/etc/passwd"/>', other))).toThrow('references "/etc/passwd"');
    expect(() => checkSvg(svg('<x:image href="file:///etc/passwd"/>', other))).toThrow(
      'references "file:///etc/passwd"',
    );
    expect(() => checkSvg(svg('<x:script>alert(1)</x:script>', other))).toThrow('may not contain <script>');
    // The same prefix bound again on an inner element: the inner binding counts.
    expect(() =>
      checkSvg(svg('<g xmlns:q="http://www.w3.org/1999/xlink"><use q:href="http://x/y.svg#a"/></g>')),
    ).toThrow('references "http://x/y.svg#a"');
  });

  it('still accepts ordinary SVG: prefixes, CDATA styles, comments, processing instructions', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    const text = `<?xml version="1.0"?><!-- a comment -->${svg(
      '<defs><style><![CDATA[ .a { fill: url(#g) } ]]></style><linearGradient id="g"/></defs><use xlink:href="#r"/><rect id="r" class="a" width="10" height="5"/>',
      ' width="20" height="10"',
    )}`;
    expect(checkSvg(text)).toEqual({ width: 20, height: 10, pictures: [], notDrawn: [] });
  });

  it('refuses an attribute given twice (any case, with or without xlink:): no reading can take another one', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    const odd = ' xmlns:q="http://www.w3.org/1999/xlink" xmlns:s="http://www.w3.org/2000/svg"';
    for (const [body, extra] of [
      // A Map of attributes by lower-case name once let the third replace the second, unchecked.
      ['<image HREF="#a" href="/var/secret.png" Href="#b"/>', ''],
      ['<image href="#a" xlink:href="/var/secret.png" xlink:HREF="#b"/>', ''],
      ['<image href="#a" q:href="/var/secret.png"/>', odd],
      ['<image s:href="/var/secret.png" href="#b"/>', odd],
      ['<image href="#a" xlink:href="#a"/>', ''],
      ['<use ID="x" id="y"/>', ''],
    ]) {
      expect(() => checkSvg(svg(body as string, extra)), body).toThrow(/gives <\S+> the attribute \w+ twice/);
    }
    expect(() => checkSvg(svg('<image HREF="#a" href="/var/secret.png" Href="#b"/>'))).toThrow(
      'the SVG image gives <image> the attribute href twice (HREF and href); keep one',
    );
    expect(() => checkSvg(svg('', ' width="10" WIDTH="100000" height="10"'))).toThrow(
      'attribute width twice',
    );
    // Two prefixes of one namespace with the same local name: not namespace-well-formed XML.
    expect(() =>
      checkSvg(
        svg('<image xlink:href="#a" XL:href="/var/secret.png"/>', ' xmlns:XL="http://www.w3.org/1999/xlink"'),
      ),
    ).toThrow('not well-formed');
  });

  it('examines every attribute under other namespaces, repeated names included (resvg reads none of them)', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    const other = ' xmlns:x="urn:example:other"';
    expect(() => checkSvg(svg('<image x:href="#a" x:HREF="/var/secret.png" x:Href="#b"/>', other))).toThrow(
      'references "/var/secret.png"',
    );
    // Editors write their own attributes beside the SVG ones of the same name: accepted.
    const inkscape =
      ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.3" version="1.1"';
    expect(checkSvg(svg('<g inkscape:label="a" label="b"/>', `${inkscape} width="4" height="2"`))).toEqual({
      width: 4,
      height: 2,
      pictures: [],
      notDrawn: [],
    });
  });

  it('counts <use> through the ids resvg reads, not an id under another namespace', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    const other = ' xmlns:x="urn:example:other"';
    let body = '<rect x:id="d0" id="u0" width="1" height="1"/>';
    for (let i = 1; i <= 24; i++)
      body += `<g x:id="d${i}" id="u${i}"><use href="#u${i - 1}"/><use href="#u${i - 1}"/></g>`;
    expect(() => checkSvg(svg(body, other))).toThrow('expands to more than 20000 elements');
  });

  it('lists the data: pictures of attributes and CSS, once each', async () => {
    const { checkSvg } = await import('../src/images/svg-safety.js');
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const gif = 'data:image/gif;base64,R0lGODlh';
    const body = `<image href="${png}"/><image xlink:href=" ${png}"/><rect style="fill:url('${gif}')"/><style>.a{fill:url(#g)}</style>`;
    expect(checkSvg(svg(body)).pictures).toEqual([png, gif]);
  });
});
