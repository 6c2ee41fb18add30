/** The boxes `<ruby>` becomes in the HTML stage (elements/ruby.ts); how they look is checked by the ruby repros. */
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriChild, SatoriElement } from '../src/html/types.js';

function kids(el: SatoriChild): SatoriChild[] {
  if (!el || typeof el !== 'object') return [];
  const c = el.props.children;
  return Array.isArray(c) ? c : c === undefined ? [] : [c];
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

/** Each pair of a ruby as [base text, annotation text]. */
function pairs(ruby: SatoriElement): [string, string][] {
  return kids(ruby)
    .filter((k): k is SatoriElement => typeof k === 'object' && k?.type === 'pictor-ruby-pair')
    .map((pair) => {
      const [rt, base] = kids(pair) as SatoriElement[];
      return [kids(base).join(''), kids(rt).join('')];
    });
}

describe('<ruby>', () => {
  it('pairs each base with the <rt> after it, drops <rp>, and puts the annotation over the base', () => {
    const { root } = parseHtml(
      '<p><ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby> and <ruby> 東京 <rp>(</rp><rt>とうきょう</rt><rp>)</rp></ruby></p>',
    );
    const [first, , second] = kids(find(root, 'p')) as SatoriElement[];
    expect(pairs(first!)).toEqual([
      ['漢', 'かん'],
      ['字', 'じ'],
    ]);
    expect(pairs(second!)).toEqual([['東京', 'とうきょう']]);
    expect(JSON.stringify(second)).not.toContain('"rp"');
    const pair = kids(first!)[0] as SatoriElement;
    expect(pair.props.style).toMatchObject({ display: 'inline-block', textAlign: 'center' });
    expect((kids(pair)[0] as SatoriElement).props.style).toMatchObject({
      display: 'block',
      lineHeight: '1em',
    });
  });

  it('spreads the shorter of two full-width texts over the longer, a wider annotation hanging over its neighbours', () => {
    const { root } = parseHtml('<p><ruby>漢字<rt>かんじ</rt></ruby><ruby>字<rt>ながい</rt></ruby></p>');
    const [narrow, wide] = kids(find(root, 'p')).flatMap((ruby) => kids(ruby)) as SatoriElement[];
    // かんじ at half size is 1.5em under 2em of 漢字: each kana gets 1/3 of 0.5em, in its own em 1/3.
    expect((kids(narrow!)[0] as SatoriElement).props.style).toMatchObject({ letterSpacing: '0.3333em' });
    // ながい is 1.5em over 1em of 字: the base is spread by 0.5em and hangs over by 0.25em on each side.
    expect(wide!.props.style).toMatchObject({ marginLeft: '-0.25em', marginRight: '-0.25em' });
    expect((kids(wide!)[1] as SatoriElement).props.style).toMatchObject({ letterSpacing: '0.5em' });
  });

  it('gives a run of <rb>s the first <rt> after it and the next one an empty base (a no-break space), as Chromium', () => {
    const { root } = parseHtml('<p><ruby><rb>漢</rb><rb>字</rb><rt>かん</rt><rt>じ</rt></ruby></p>');
    const [shared, alone] = kids(find(root, 'ruby')) as SatoriElement[];
    expect(kids(kids(shared)[1]).map((rb) => (rb as SatoriElement).type)).toEqual(['rb', 'rb']);
    expect(kids(kids(alone)[1])).toEqual(['\u00a0']);
    // かん at half size is 1em under 2em of 漢字: each kana gets 0.5em of the base's, 1em in its own.
    expect((kids(shared)[0] as SatoriElement).props.style).toMatchObject({ letterSpacing: '1em' });
  });

  it('leaves a ruby alone whose CSS gives it another display, and Latin texts unspread', () => {
    const { root } = parseHtml(
      '<p><ruby style="display:block">a<rt>b</rt></ruby><ruby>ruby<rt>annotation</rt></ruby></p>',
    );
    const [block, latin] = kids(find(root, 'p')) as SatoriElement[];
    expect(find(block, 'pictor-ruby-pair')).toBeUndefined();
    const pair = kids(latin)[0] as SatoriElement;
    expect(pair.type).toBe('pictor-ruby-pair');
    expect(JSON.stringify(pair)).not.toContain('letterSpacing');
  });
});
