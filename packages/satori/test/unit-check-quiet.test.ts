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
