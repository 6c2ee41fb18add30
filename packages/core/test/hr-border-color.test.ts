/**
 * Chrome's `<hr>` is `color: gray; border: 1px inset` with the border colour currentcolor. The UA sheet draws the
 * inset as two solid colours; a page that sets another border style and no colour (W3C report sheets'
 * `div.head hr { border-style: solid }`) must get a grey rule, not the inset's two tones (hr-attributes.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriChild, SatoriElement } from '../src/html/types.js';

function find(el: SatoriChild, type: string): SatoriElement | undefined {
  if (typeof el !== 'object' || el === null) return undefined;
  if (el.type === type) return el;
  const children = el.props.children;
  for (const c of Array.isArray(children) ? children : children === undefined ? [] : [children]) {
    const hit = find(c as SatoriChild, type);
    if (hit) return hit;
  }
  return undefined;
}

const hrStyle = (html: string) =>
  (find(parseHtml(html).root, 'hr')!.props.style ?? {}) as Record<string, string>;

describe('hr border colour', () => {
  it('a page border style without a colour: currentcolor (the UA grey), as Chrome', () => {
    expect(hrStyle('<style>div hr{border-style:solid}</style><div><hr></div>').borderColor).toBe(
      'currentcolor',
    );
  });

  it('leaves the UA inset colours to an hr the page does not style, or styles inset', () => {
    expect(hrStyle('<hr>').borderColor).toBeUndefined();
    expect(hrStyle('<style>hr{border-style:inset}</style><hr>').borderColor).toBeUndefined();
  });

  it('leaves a page border colour (or a border shorthand) alone', () => {
    expect(hrStyle('<style>hr{border-style:solid;border-color:red}</style><hr>').borderColor).toBeUndefined();
    expect(hrStyle('<style>hr{border:0;border-top:1px solid}</style><hr>').borderColor).toBeUndefined();
  });
});
