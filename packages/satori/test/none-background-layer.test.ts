// Pictor change none-background-layer: `background-image: none, linear-gradient(…)` (a `none` layer before a comma)
// was split by css-background-parser into an empty image and "none linear-gradient(…)": the declaration was reported
// invalid and no layer drawn. Chromium draws the gradient. Chromium repro: packages/core/test/repros/none-background-layer.html.
import { describe, expect, it } from 'vitest';
import { redBox } from './render.js';

describe('a none layer in a background image list', () => {
  it('first: the other layers are drawn, with their own sizes', async () => {
    const { errors, centre: rgba } = await redBox({
      backgroundImage: 'none, linear-gradient(blue, blue)',
      backgroundSize: '10px 10px, 30px 30px',
      backgroundRepeat: 'no-repeat',
    });
    expect(errors).toEqual([]);
    // The gradient is the second layer: 30 px square, so the centre (20, 20) is blue.
    expect(rgba).toEqual([0, 0, 255, 255]);
  });

  it('between two layers', async () => {
    const { errors, centre: rgba } = await redBox({
      backgroundImage: 'linear-gradient(transparent, transparent), none, linear-gradient(lime, lime)',
    });
    expect(errors).toEqual([]);
    expect(rgba).toEqual([0, 255, 0, 255]);
  });
});
