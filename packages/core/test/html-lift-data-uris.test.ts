/** Long data: URIs skip parse5's tokenizer: the tree built from the lifted source must be parse5's own tree. */
import { parse, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { liftDataUris } from '../src/html/lift-data-uris.js';
import { parseHtml } from '../src/html/parse.js';

const base64 = Buffer.alloc(3000, 0x5a).toString('base64') + 'QUJD+/9='; // > 1024 characters, + / =
const uri = `data:image/png;base64,${base64}`;

/** parse5's tree without parent links or locations, for comparison. */
function plain(node: unknown): unknown {
  return JSON.parse(
    JSON.stringify(node, (key, value) =>
      key === 'parentNode' || key === 'sourceCodeLocation' ? undefined : value,
    ),
  );
}

function viaLift(source: string, document = false): unknown {
  const lifted = liftDataUris(source);
  const tree = document ? parse(lifted?.source ?? source) : parseFragment(lifted?.source ?? source);
  lifted?.restore(tree);
  return plain(tree);
}

const direct = (source: string, document = false) => plain(document ? parse(source) : parseFragment(source));

const cases: Record<string, string> = {
  'img src, double quotes': `<img src="${uri}" alt="a">`,
  'img src, single quotes': `<img src='${uri}'>`,
  'inline style url()': `<div style="background-image:url(${uri});width:10px"></div>`,
  'inline style url("")': `<div style='background-image:url("${uri}")'></div>`,
  '<style> sheet': `<style>.a{background:url(${uri})} .b{background:url('${uri}')}</style><div class="a"></div>`,
  'several, repeated': `<img src="${uri}"><img src="${uri}"><p>between</p><img src="${uri}#x">`,
  comment: `<!-- "${uri}" --><div></div>`,
  textarea: `<textarea>"${uri}"</textarea>`,
  template: `<template><img src="${uri}"></template>`,
  'text in quotes': `<p>"${uri}"</p>`,
  'entity inside (kept in place)': `<img src="${uri}&amp;x">`,
  'CR inside (kept in place)': `<img src="${uri}\r\nAA">`,
  'quote spanning tags (kept in place)': `<p>"${uri}</p><p>more"</p>`,
  'unquoted attribute (kept in place)': `<img src=${uri} alt=x>`,
  'short data URI (kept in place)': '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
  'source that imitates a marker': `<img src="data:pictor-abc-0"><img src="${uri}">`,
};

describe('liftDataUris', () => {
  for (const [name, source] of Object.entries(cases)) {
    it(`gives parse5's own tree: ${name}`, () => {
      expect(viaLift(source)).toEqual(direct(source));
      const page = `<!doctype html><html><head><title>t</title></head><body>${source}</body></html>`;
      expect(viaLift(page, true)).toEqual(direct(page, true));
    });
  }

  it('lifts only long, plain URIs after a quote or url(', () => {
    expect(liftDataUris('<p>no images</p>')).toBeUndefined();
    expect(liftDataUris('<img src="data:image/gif;base64,R0lGOD">')).toBeUndefined();
    expect(liftDataUris(`<img src=${uri}>`)).toBeUndefined();
    const lifted = liftDataUris(`<img src="${uri}"><div style="background:url(${uri})"></div>`);
    expect(lifted?.source.length).toBeLessThan(200);
    expect(lifted?.source).not.toContain(base64);
  });

  it('parseHtml hands the whole URI on to the tree satori renders', () => {
    const { root } = parseHtml(
      `<div style="display:flex;background-image:url(${uri})"><img src="${uri}"></div>`,
    );
    const json = JSON.stringify(root);
    // In the image's src, the div's background-image and its style attribute as written (data-pictor-style).
    expect(json.split(base64).length - 1).toBe(3);
    expect(json).not.toContain('data:pictor-');
  });
});
