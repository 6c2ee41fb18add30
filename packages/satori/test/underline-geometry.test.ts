/**
 * Pictor (underline-geometry): an underline at `text-underline-offset: auto` and `text-decoration-thickness: auto` as
 * Chromium draws it (Blink's ComputeUnderlineOffsetAuto): its top half the auto thickness (a tenth of the font size)
 * rounded up, at least 1 px, below the baseline, on a whole pixel; painted as thick as that tenth rounded down (1 px
 * up to 19 px text). Measured on Chromium 156 for Inter, Noto Serif, Noto Sans JP and JetBrains Mono at 12–48 px (e.g.
 * Inter 16 px: baseline 22, underline row 23, 1 px; 48 px: baseline 65, rows 68–71). satori put the underline's centre
 * at 1.1 × the ascent, 1.6 px thick at 16 px, on no pixel boundary.
 */
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

async function underline(fontSize: number) {
  const svg = await render(
    h('div', { display: 'flex', fontSize, fontFamily: 'Inter', textDecoration: 'underline' }, 'xx'),
    { width: 200, height: 100, fonts },
  );
  const line = /<line [^>]*y1="([\d.]+)"[^>]*stroke-width="([\d.]+)"/.exec(svg);
  if (!line) throw new Error(`no underline in ${svg}`);
  const width = Number(line[2]);
  return { top: Number(line[1]) - width / 2, width };
}

describe('an auto underline', () => {
  it('is as thick as a tenth of the font size rounded down, at least 1 px', async () => {
    expect((await underline(12)).width).toBe(1);
    expect((await underline(16)).width).toBe(1);
    expect((await underline(24)).width).toBe(2);
    expect((await underline(48)).width).toBe(4);
  });

  it('starts on a whole pixel, half the unrounded thickness (rounded up) below the baseline', async () => {
    // Inter's ascent (0.96875 em, rounded) is the baseline of a line-height: normal line.
    expect((await underline(16)).top).toBe(16 + 1);
    expect((await underline(24)).top).toBe(23 + 2);
    expect((await underline(48)).top).toBe(47 + 3);
  });
});
