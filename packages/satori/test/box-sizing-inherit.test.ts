// Pictor change box-sizing-inherit: `box-sizing: inherit` takes the parent's box-sizing (Bulma, Spectre and
// Materialize: `html { box-sizing: border-box } *, ::before, ::after { box-sizing: inherit }`); satori gave every
// `inherit` of a property that isn't inherited its initial value, content-box. Chromium repro:
// packages/core/test/repros/box-sizing-inherit.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

/** A `<style>` element (hp() would give it its empty children). */
const sheet = (css: string) => ({ type: 'style', props: { children: css } });

/** The widths of the elements with class `box`. */
async function widths(css: string, tree: ReturnType<typeof h>) {
  const root = h('div', { display: 'flex', width: 400, height: 200 }, sheet(css), tree);
  const { boxes: found } = await boxes(root as never, { width: 400, height: 200 });
  return found
    .filter((b) => (b as { props?: { className?: string } }).props?.className === 'box')
    .map((b) => b.width);
}

const box = () =>
  hp('div', {
    className: 'box',
    style: { width: 100, height: 10, padding: 10, borderWidth: 5, borderStyle: 'solid' },
  });

describe('box-sizing: inherit', () => {
  it('under a border-box parent, the box is border-box: 100 px wide with its padding and borders', async () => {
    const tree = hp('div', { className: 'outer', style: { display: 'flex' } }, box());
    expect(await widths('.outer { box-sizing: border-box } .box { box-sizing: inherit }', tree)).toEqual([
      100,
    ]);
  });

  it('under a content-box parent (or none), it stays content-box', async () => {
    const tree = hp('div', { className: 'outer', style: { display: 'flex' } }, box());
    expect(await widths('.box { box-sizing: inherit }', tree)).toEqual([130]);
  });

  it('through the universal rule, from the root down', async () => {
    const tree = hp(
      'div',
      { className: 'outer', style: { display: 'flex' } },
      hp('div', { style: { display: 'flex' } }, box()),
    );
    expect(await widths('.outer { box-sizing: border-box } * { box-sizing: inherit }', tree)).toEqual([100]);
  });
});
