/**
 * Issue 41 (remote frames of the wider corpus: a YouTube player, a map, a GitHub star button): Pictor loads no
 * frame, and draws an `<iframe>` as Chromium draws a frame with nothing loaded: an empty inline box of its `width`
 * and `height` attributes (300×150 without), in the UA's `2px inset` border unless `frameborder="0"`
 * (iframe-empty-box, html/elements/convert.ts `convertFrame`; repro `iframe-empty-box`).
 */
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriChild, SatoriElement } from '../src/html/types.js';

function find(el: SatoriChild, type: string): SatoriElement | undefined {
  if (!el || typeof el !== 'object') return undefined;
  if (el.type === type) return el;
  const kids = el.props.children;
  for (const kid of Array.isArray(kids) ? kids : kids === undefined ? [] : [kids]) {
    const found = find(kid, type);
    if (found) return found;
  }
  return undefined;
}

const frame = (html: string) => find(parseHtml(html).root, 'iframe');

describe('an <iframe>', () => {
  it('is an empty box with no source, its size from its attributes', () => {
    const el = frame(
      '<p>a <iframe width="120" height="40px" src="https://example.com/x">fallback</iframe> b</p>',
    )!;
    expect(el).toBeDefined();
    expect(el.props.src).toBeUndefined();
    expect(el.props.children).toBeUndefined();
    expect(el.props.style).toMatchObject({ width: '120px', height: '40px' });
  });

  it('loses its border with frameborder="0", and the page CSS wins over the attributes', () => {
    expect(frame('<iframe frameborder="0"></iframe>')!.props.style as object).toMatchObject({
      borderWidth: '0px',
    });
    const styled = frame(
      '<style>iframe { width: 100%; border: 1px solid red }</style><iframe width="50" frameborder="0"></iframe>',
    )!;
    expect(styled.props.style).toBeUndefined();
  });

  it('gets the UA rule of a frame: inline-block, 300×150, the 2px inset border', () => {
    const { root } = parseHtml('<iframe></iframe>');
    expect(JSON.stringify(root)).toContain(
      ':where(iframe){display:inline-block;width:300px;height:150px;border:2px solid;',
    );
  });
});
