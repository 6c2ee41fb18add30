// Pictor change font-bytes-shared: a font given as a Buffer that is its whole ArrayBuffer (what readFileSync gives)
// is parsed and shaped from those bytes, not from a copy — a worker keeps its CJK faces (5–10 MB each) once, not
// twice. Measured by the bytes of ArrayBuffers V8 holds: 24 faces of ~340 KB each would add ~8 MB with a copy.
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

const [regular] = fonts;

describe('font bytes shared', () => {
  it('parses 24 new faces without copying their bytes, and draws with them', async () => {
    // Each face its own ArrayBuffer (Buffer.from copies into a fresh one at this size), named apart.
    const faces = Array.from({ length: 24 }, (_, i) => ({
      ...regular,
      name: `Face ${i}`,
      data: Buffer.from(regular.data),
    }));
    for (const face of faces) expect(face.data.byteLength).toBe(face.data.buffer.byteLength);
    const element = h('div', { display: 'flex', fontFamily: 'Face 3', fontSize: 20 }, 'Shared bytes');
    const before = process.memoryUsage().arrayBuffers;
    const svg = await render(element, { width: 200, height: 40, fonts: [regular, ...faces] });
    const grown = process.memoryUsage().arrayBuffers - before;
    expect(svg).toContain('<path');
    // A copy of every face would be 24 × 342 KB = 8.2 MB.
    expect(grown).toBeLessThan(2 * 1024 * 1024);
  });

  it('reads a font that is a view into a larger buffer from its own bytes only', async () => {
    const pool = Buffer.alloc(regular.data.byteLength + 64, 0xff);
    regular.data.copy(pool, 64);
    const view = pool.subarray(64);
    const line = (family: string) =>
      h('div', { display: 'flex', fontFamily: family, fontSize: 20 }, 'From a view');
    const options = { width: 200, height: 40, fonts: [regular, { ...regular, name: 'View', data: view }] };
    expect(await render(line('View'), options)).toBe(await render(line('Inter'), options));
  });
});
