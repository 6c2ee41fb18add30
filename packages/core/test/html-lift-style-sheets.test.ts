/** Long `<style>` sheets skip parse5's tokenizer: the tree built from the lifted source must be parse5's own tree. */
import { parse, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { liftDataUris } from '../src/html/lift-data-uris.js';
import { liftStyleSheets } from '../src/html/lift-style-sheets.js';

const sheet = Array.from(
  { length: 120 },
  (_, i) => `.c${i} > p:first-child { margin: ${i}px; color: #${i}0a }`,
).join('\n');
const uri = `data:image/png;base64,${Buffer.alloc(3000, 0x5a).toString('base64')}`;

/** parse5's tree without parent links or locations, for comparison. */
function plain(node: unknown): unknown {
  return JSON.parse(
    JSON.stringify(node, (key, value) =>
      key === 'parentNode' || key === 'sourceCodeLocation' ? undefined : value,
    ),
  );
}

/** As parse.ts does it: data: URIs lifted, then sheets; put back in the other order. */
function viaLift(source: string, document = false): unknown {
  const uris = liftDataUris(source);
  const sheets = liftStyleSheets(uris?.source ?? source);
  const text = sheets?.source ?? uris?.source ?? source;
  const tree = document ? parse(text) : parseFragment(text);
  sheets?.restore(tree);
  uris?.restore(tree);
  return plain(tree);
}

const direct = (source: string, document = false) => plain(document ? parse(source) : parseFragment(source));

const cases: Record<string, string> = {
  'a sheet': `<style>${sheet}</style><div class="c1"><p>x</p></div>`,
  'with attributes, upper case': `<STYLE type="text/css" media="screen">${sheet}</STYLE >`,
  'two sheets': `<style>${sheet}</style><p>between</p><style>${sheet}.z{}</style>`,
  'with a data: URI inside': `<style>.a{background:url(${uri})} ${sheet}</style>`,
  'inside <svg> (kept as text of a foreign element)': `<svg><style>${sheet}</style></svg>`,
  'inside a comment': `<!-- <style>${sheet}</style> --><p>x</p>`,
  'inside a textarea': `<textarea><style>${sheet}</style></textarea>`,
  'inside a table': `<table><style>${sheet}</style><tr><td>x</td></tr></table>`,
  'with < in it (kept in place)': `<style>${sheet} .q::before{content:"<b>"}</style>`,
  'with an entity (kept in place)': `<style>${sheet} .q::before{content:"&amp;"}</style>`,
  'with CR (kept in place)': `<style>${sheet}\r\n.z{}</style>`,
  'short (kept in place)': '<style>.a{color:red}</style><p class="a">x</p>',
  'never closed (kept in place)': `<style>${sheet}`,
  'source that imitates a marker': `<style>pictor-sheet-abc-0 ${sheet}</style>`,
};

describe('liftStyleSheets', () => {
  for (const [name, source] of Object.entries(cases)) {
    it(`gives parse5's own tree: ${name}`, () => {
      expect(viaLift(source)).toEqual(direct(source));
      const page = `<!doctype html><html><head><title>t</title>${source}</head><body>${source}</body></html>`;
      expect(viaLift(page, true)).toEqual(direct(page, true));
    });
  }

  it('lifts only long sheets parse5 keeps as written', () => {
    expect(liftStyleSheets(`<p>${sheet}</p>`)).toBeUndefined();
    expect(liftStyleSheets(`<style>${sheet}&</style>`)).toBeUndefined();
    const lifted = liftStyleSheets(`<style>${sheet}</style><style>${sheet}</style>`);
    expect(lifted?.source.length).toBeLessThan(200);
  });
});
