// Pictor change unit-check-quiet: css-to-react-native (an external dependency, not bundled) wrote "Expected style
// "opacity: 1px" to be unitless" (or "… to contain units") on the console for a value with a unit where none belongs
// or none where one must be, once per render. satori now checks such a value first, with css-to-react-native's own
// tests: an invalid one is dropped with a style error, as Chromium drops it (satori had taken `opacity: 0px` as 0 and
// `flex-grow: 2px` as 2); a valid form that would still warn (`00`, `+0`, `opacity: 50%`, a zero `flex-basis: 0.0`, a
// number from JSX) is handed over in a form it reads the same way without a warning.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boxes, h, redBox } from './render.js';

describe('unit checks write nothing to the console', () => {
  const calls: unknown[][] = [];
  beforeEach(() => {
    for (const method of ['log', 'info', 'warn', 'error'] as const)
      vi.spyOn(console, method).mockImplementation((...args) => void calls.push(args));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    calls.length = 0;
  });

  for (const value of ['0px', '0em', 'auto', 'none', '0 0', 'calc(0px)']) {
    it(`opacity: ${value} is dropped with a style error (the box stays opaque)`, async () => {
      const { errors, centre } = await redBox({ opacity: value });
      expect(centre).toEqual([255, 0, 0, 255]);
      expect(errors).toEqual([`Invalid \`opacity\` value: "${value}".`]);
      expect(calls).toEqual([]);
    });
  }

  for (const [value, alpha] of [
    ['00', 0],
    ['+0', 0],
    ['0', 0],
    ['0.5', 128],
    ['.5', 128],
    ['5e-1', 128],
    ['50%', 128],
    ['calc(50%)', 128],
    ['calc(0.25 * 2)', 128],
    [0.5, 128],
  ] as const) {
    it(`opacity: ${value} is taken`, async () => {
      const { errors, centre } = await redBox({ opacity: value });
      expect(centre[3]).toBeCloseTo(alpha, -1);
      expect(errors).toEqual([]);
      expect(calls).toEqual([]);
    });
  }

  /** The width of the first of two 10 px items in a 100 px row, with `style` on it; and the style errors. */
  const firstWidth = async (style: Record<string, unknown>) => {
    const errors: string[] = [];
    const { boxes: laid } = await boxes(
      h(
        'div',
        { display: 'flex', width: 100, height: 20 },
        h('div', { width: 10, height: 20, flexShrink: 1, ...style }),
        h('div', { width: 10, height: 20 }),
      ),
      { width: 100, height: 20, onStyleError: (e: Error) => errors.push(e.message) },
    );
    return { width: laid[1].width, errors };
  };

  for (const [property, value] of [
    ['flexGrow', '2px'],
    ['flexGrow', 'auto'],
    ['flexGrow', '50%'],
    ['flexShrink', '1em'],
    ['flexBasis', '30'],
    ['flexBasis', '1.5'],
    ['flexBasis', '.'],
  ] as const) {
    it(`${property}: ${value} is dropped with a style error`, async () => {
      const { width, errors } = await firstWidth({ [property]: value });
      expect(width).toBe(10);
      expect(errors).toEqual([`Invalid \`${property}\` value: "${value}".`]);
      expect(calls).toEqual([]);
    });
  }

  for (const [style, expected] of [
    [{ flexGrow: '1' }, 90],
    [{ flexGrow: '+1' }, 90],
    [{ flexGrow: '1e0' }, 90],
    [{ flexGrow: 1 }, 90],
    [{ flexGrow: '00' }, 10],
    [{ flexBasis: '30px' }, 30],
    [{ flexBasis: 30 }, 30],
    [{ flexBasis: '0.0', flexGrow: 1 }, 90],
  ] as const) {
    it(`${JSON.stringify(style)} is taken`, async () => {
      const { width, errors } = await firstWidth(style);
      expect(width).toBe(expected);
      expect(errors).toEqual([]);
      expect(calls).toEqual([]);
    });
  }

  it('React Native properties satori does not draw (elevation, shadowOpacity) as JSX numbers', async () => {
    const { errors, centre } = await redBox({ elevation: 2, shadowOpacity: 0.5 });
    expect(centre).toEqual([255, 0, 0, 255]);
    expect(errors).toEqual([]);
    expect(calls).toEqual([]);
  });
});

// Pictor change zero-number-shorthands: css-to-react-native parses `padding`, `margin`, `border-width`… as a whole and
// takes a unitless length only when written `0`; `padding: 0.8em 0.0 0.0em 0.0em` (the GIMP manual's sheet) threw,
// dropping the declaration. Chromium takes any number equal to zero as a zero length.
describe('zeroes written as other numbers in shorthands', () => {
  /** The position and size of the only box inside a box of 100 × 60 px content with `style`; and the style errors. */
  const inner = async (style: Record<string, unknown>) => {
    const errors: string[] = [];
    const { boxes: laid } = await boxes(
      h('div', { display: 'flex', width: 100, height: 60, ...style }, h('div', { flexGrow: 1, height: 10 })),
      { width: 100, height: 60, onStyleError: (e: Error) => errors.push(e.message) },
    );
    const { left, top, width } = laid[1];
    return { box: { left, top, width }, errors };
  };

  for (const [style, box] of [
    [{ padding: '8px 0.0 0.0em 0.0em' }, { left: 0, top: 8, width: 100 }],
    [{ padding: '.0 00 +0 10px' }, { left: 10, top: 0, width: 100 }],
    [{ margin: '0.0 0.0 0 5px' }, { left: 5, top: 0, width: 100 }],
    [{ padding: '0e0 20px' }, { left: 20, top: 0, width: 100 }],
  ] as const) {
    it(`${JSON.stringify(style)} is taken`, async () => {
      expect(await inner(style)).toEqual({ box, errors: [] });
    });
  }

  it('a number other than zero without a unit is still invalid', async () => {
    const { errors } = await inner({ padding: '0.5 0' });
    expect(errors).toHaveLength(1);
  });
});
