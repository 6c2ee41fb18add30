// Pictor change file-button-font: a file input's "Choose File" button takes the input's font family and size (a
// page's `input { font: inherit }` reaches it in Chromium), its weight and line height staying the button's;
// satori kept it at 13.33 px. Chromium repro: packages/core/test/repros/file-button-font.html.
import { describe, expect, it } from 'vitest';
import { h, hp, render } from './render.js';

describe("a file input's button", () => {
  it("is set in the input's font size", async () => {
    const root = h(
      'div',
      { display: 'block', width: 400, height: 60 },
      hp('input', { type: 'file', style: { fontSize: 20 } }),
    );
    const svg = await render(root as never, { width: 400, height: 60, embedFont: false });
    const sizes = [...svg.matchAll(/<text[^>]*font-size="([\d.]+)"[^>]*>([^<]*)</g)]
      .filter((m) => /Choose|File/.test(m[2]))
      .map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) expect(size).toBe(20);
  });
});
