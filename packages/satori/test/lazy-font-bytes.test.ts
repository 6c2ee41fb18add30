/**
 * Pictor (lazy-font-bytes): a font's `data` may be a function that reads the face's file; it is called when a render
 * first needs the face (once per function, however many names and loaders share it), so a process that holds faces no
 * render names never reads them. The text drawn is the same as with the bytes given.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { h, render } from './render.js';

const require = createRequire(import.meta.url);
const file = (name: string) => require.resolve(`@expo-google-fonts/inter/${name}`);
const REGULAR = file('400Regular/Inter_400Regular.ttf');
const BOLD = file('700Bold/Inter_700Bold.ttf');
const ITALIC = file('400Regular_Italic/Inter_400Regular_Italic.ttf');

/** Each face's reader, counting its calls. */
function readers() {
  const reads = new Map<string, number>();
  const reader = (path: string) => () => {
    reads.set(path, (reads.get(path) ?? 0) + 1);
    return readFileSync(path);
  };
  const [regular, bold, italic] = [reader(REGULAR), reader(BOLD), reader(ITALIC)];
  const fonts = ['Inter', 'sans-serif'].flatMap((name) => [
    { name, data: regular, weight: 400 as const, style: 'normal' as const },
    { name, data: bold, weight: 700 as const, style: 'normal' as const },
    { name, data: italic, weight: 400 as const, style: 'italic' as const },
  ]);
  return { reads, fonts };
}

const page = (weight: number) =>
  h('div', { display: 'flex', fontSize: 30, fontFamily: 'Inter', fontWeight: weight }, 'Lazy office AVA');

describe('font bytes read on first use', () => {
  it('reads only the faces a render draws, once each, and draws them as the bytes do', async () => {
    const { reads, fonts } = readers();
    const lazyRegular = await render(page(400), { width: 400, height: 60, fonts });
    expect([...reads]).toEqual([[REGULAR, 1]]);
    const lazyBold = await render(page(700), { width: 400, height: 60, fonts });
    await render(page(700), { width: 400, height: 60, fonts: [...fonts] });
    expect([...reads].sort()).toEqual(
      [
        [REGULAR, 1],
        [BOLD, 1],
      ].sort(),
    );

    const eager = ['Inter', 'sans-serif'].flatMap((name) => [
      { name, data: readFileSync(REGULAR), weight: 400 as const, style: 'normal' as const },
      { name, data: readFileSync(BOLD), weight: 700 as const, style: 'normal' as const },
    ]);
    expect(lazyRegular).toBe(await render(page(400), { width: 400, height: 60, fonts: eager }));
    expect(lazyBold).toBe(await render(page(700), { width: 400, height: 60, fonts: eager }));
    expect(lazyBold).not.toBe(lazyRegular);
  });
});
