/** Long `<style>` sheets skip parse5's tokenizer: the tree built from the lifted source must be parse5's own tree. */
import { parse, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { liftDataUris } from '../src/html/lift-data-uris.js';
import { liftStyleSheets, parseLiftingSheets } from '../src/html/lift-style-sheets.js';

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
  const text = uris?.source ?? source;
  const tree = parseLiftingSheets(text, (html) => (document ? parse(html) : parseFragment(html)));
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
  'with < in it': `<style>${sheet} .q::before{content:"<b>"}</style>`,
  'with < in a comment, </ and <!-- in it': `<style>/* <http://x.io> </p> <!-- */ ${sheet}</style>`,
  'with < inside <svg> (markup there)': `<svg><style>${sheet} /* <b>x</b> */</style></svg><p>after</p>`,
  'with < inside <math>': `<math><style>${sheet} <mi>x</mi></style></math>`,
  'with < inside a comment': `<!-- <style>${sheet} <b> --> <p>x</p></style> -->`,
  'with < inside a textarea': `<textarea><style>${sheet} <b></style></textarea>`,
  'with < inside a script': `<script><style>${sheet} <!-- <script></style></script><p>x</p>`,
  'with < inside a title': `<title><style>${sheet} <b></style></title>`,
  'with < and a verbatim sheet in <svg>': `<style>${sheet}</style><svg><style>${sheet}<g/></style></svg>`,
  'with < in a frameset': `<frameset><style>${sheet} <b></style></frameset>`,
  'with < in a select': `<select><style>${sheet} <b></style><option>x</option></select>`,
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

  it('lifts a sheet with < only as the raw text of an HTML <style>, parsing again when it was not', () => {
    const withMarkup = `<style>/* <http://x.io> */ ${sheet}</style><p>x</p>`;
    const lifted = liftStyleSheets(withMarkup);
    expect(lifted?.source.length).toBeLessThan(100);
    expect(liftStyleSheets(withMarkup, { withMarkup: false })).toBeUndefined();
    const parses: string[] = [];
    const parseCounting = (html: string) => {
      parses.push(html);
      return parseFragment(html);
    };
    parseLiftingSheets(withMarkup, parseCounting);
    expect(parses.length).toBe(1);
    parses.length = 0;
    parseLiftingSheets(`<svg>${withMarkup}</svg>`, parseCounting);
    expect(parses.length).toBe(2);
    expect(parses[1]).toBe(`<svg>${withMarkup}</svg>`);
  });
});
