/**
 * Issue 41: radio groups. When several radio buttons of one group are marked `checked`, Chromium checks only the
 * last one; Pictor drew every one checked. The HTML stage marks the others `data-pictor-unchecked`
 * (html/elements/radio-groups.ts; satori draws them unchecked). The drawing is checked against Chromium by
 * html-chromium-repros.test.ts (repros/radio-group-last-checked.html); here, which buttons make one group.
 */
import { describe, expect, it } from 'vitest';
import { UNCHECKED_PROP } from '../src/html/elements/radio-groups.js';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriChild, SatoriElement } from '../src/html/types.js';

function elements(node: SatoriChild, out: SatoriElement[] = []): SatoriElement[] {
  if (!node || typeof node !== 'object') return out;
  out.push(node);
  const kids = node.props.children;
  for (const kid of Array.isArray(kids) ? kids : [kids]) elements(kid as SatoriChild, out);
  return out;
}

/** For each radio button of the page (by its `id`), whether it stays checked. */
function checkedRadios(body: string): Record<string, boolean> {
  const { root } = parseHtml(`<!doctype html><body>${body}</body>`);
  const found: Record<string, boolean> = {};
  for (const e of elements(root)) {
    if (e.type === 'input' && e.props.id) {
      found[String(e.props.id)] = 'checked' in e.props && !(UNCHECKED_PROP in e.props);
    }
  }
  return found;
}

describe('radio groups with several checked buttons', () => {
  it('only the last checked button of a named group stays checked', () => {
    expect(
      checkedRadios(
        '<input type=radio name=a id=a1 checked><input type=radio name=a id=a2><input type=RADIO name=a id=a3 checked>',
      ),
    ).toEqual({ a1: false, a2: false, a3: true });
  });

  it('groups are per name and per form owner; unnamed buttons are alone', () => {
    expect(
      checkedRadios(
        '<form><input type=radio name=a id=f1 checked></form>' +
          '<form id=g><input type=radio name=a id=g1 checked></form>' +
          '<input type=radio name=a id=n1 checked><input type=radio name=b id=b1 checked>' +
          '<input type=radio id=u1 checked><input type=radio id=u2 checked>' +
          '<input type=radio name=a form=g id=g2 checked><input type=radio name=a form=none id=n2 checked>' +
          '<input type=checkbox name=a id=c1 checked>',
      ),
    ).toEqual({
      f1: true,
      g1: false,
      g2: true,
      n1: false,
      n2: true,
      b1: true,
      u1: true,
      u2: true,
      c1: true,
    });
  });

  it('the attribute stays for [checked] selectors', () => {
    const { root } = parseHtml('<input type=radio name=a checked><input type=radio name=a checked>');
    const radios = elements(root).filter((e) => e.type === 'input');
    expect(radios.map((r) => 'checked' in r.props)).toEqual([true, true]);
    expect(radios.map((r) => UNCHECKED_PROP in r.props)).toEqual([true, false]);
  });
});
