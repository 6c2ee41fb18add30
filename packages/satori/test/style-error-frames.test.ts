// Pictor style-error-frames: a declaration's validity is kept per thread (style-sheet-speed), errors included. An
// error whose stack was never read keeps its call frames, and through their closures what the render that checked
// it held — its `onStyleError` callback and all that callback holds (in @pictor/core, the render's state). Once
// later renders are done, an earlier render's callback is collected, though its sheet's invalid declarations stay
// known (collected: a WeakRef to it is empty after V8's full garbage collections).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { hp, render } from './render.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('style-error-frames', () => {
  it('keeps no render’s callback alive through the errors of its declarations', async () => {
    const callbacks: WeakRef<(error: Error) => void>[] = [];
    let errors = 0;
    // Each render's sheet has declarations no render checked before (the tag makes them new).
    for (const tag of ['q1', 'q2', 'q3', 'q4']) {
      const onStyleError = () => {
        errors++;
      };
      callbacks.push(new WeakRef(onStyleError));
      const tree = hp(
        'div',
        { style: { width: 200, height: 100, fontFamily: 'Inter' } },
        hp('style', {}, `.a { padding: ${tag}px banana; color: not-${tag} }`),
        hp('div', { className: 'a' }, 'text'),
      );
      await render(tree, { width: 200, height: 100, onStyleError });
    }
    expect(errors).toBe(8);
    for (let i = 0; i < 4; i++) {
      await new Promise((done) => setImmediate(done));
      gc();
    }
    // The last render's may stay with what satori keeps of the last render; the three before it must not.
    expect(callbacks.slice(0, 3).map((ref) => ref.deref() === undefined)).toEqual([true, true, true]);
  });
});
