/**
 * Pictor (webkit-sticky-dropped): Chromium does not parse `position: -webkit-sticky` (Safari's; `CSS.supports` says
 * false), so `position: relative; position: -webkit-sticky` is `relative` there. satori took the last value, rejected
 * it and laid the element out as `static`: its absolutely positioned children left it and its `z-index` was lost.
 * Core drops the declaration, without a warning (repro webkit-inline-box, compared with Chromium).
 */
import { describe, expect, it } from 'vitest';
import { parseInlineStyle } from '../src/html/style-sheets/inline-style.js';
import { DocumentStyles } from '../src/html/style-sheets/stylesheet.js';

describe('position: -webkit-sticky', () => {
  it('is dropped from a style attribute, the declaration before it kept', () => {
    const warnings: string[] = [];
    const style = parseInlineStyle('position: relative; position: -webkit-sticky; top: 0', (w) =>
      warnings.push(w),
    );
    expect(style).toEqual({ position: 'relative', top: '0' });
    expect(warnings).toEqual([]);
  });

  it('is dropped from a sheet, `position: sticky` kept', () => {
    const warnings: string[] = [];
    const styles = new DocumentStyles((w) => warnings.push(w), { width: 800, height: 600 });
    const { css } = styles.addSheet(
      '.a { position: relative; position: -webkit-sticky } .b { position: -webkit-sticky; position: sticky; top: 0 }',
    );
    expect(css).not.toContain('-webkit-sticky');
    expect(css).toContain('position:relative');
    expect(css).toContain('position:sticky');
    expect(warnings).toEqual([]);
  });
});
