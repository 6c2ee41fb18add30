/**
 * Content reaching past the canvas is cut off; the render says so in a warning (the studio lists warnings under
 * "Problems"). The commonest case, `width: 100%` with padding and no `box-sizing: border-box`, says how to fix it;
 * decorations placed over the edge and content inside a clipping box are not warned about, nor an automatic size.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileTemplate, createRenderer } from '../src/index.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

async function warningsOf(
  html: string,
  size: { width?: number; height?: number } = { width: 600, height: 300 },
) {
  const result = await renderer.render({ html, ...size, format: 'png' });
  return result.warnings.filter((w) => w.startsWith('content overflows'));
}

describe('overflow warning', () => {
  it('names width: 100% with padding and box-sizing as the fix', async () => {
    const warnings = await warningsOf(
      '<div style="display:flex;width:100%;height:100%;padding:64px;background:#4f46e5;color:#fff">Hello</div>',
    );
    expect(warnings).toEqual([
      'content overflows the image and is cut off: a <div> 728×428 px reaches x 728, past the right edge of the 600×300 canvas: width: 100% does not include padding and borders; add box-sizing: border-box',
    ]);
    expect(
      await warningsOf(
        '<div style="display:flex;box-sizing:border-box;width:100%;height:100%;padding:64px;background:#4f46e5">Hello</div>',
      ),
    ).toEqual([]);
  });

  it('reports the outermost element past the bottom edge, once', async () => {
    const warnings = await warningsOf(
      '<div style="display:flex;flex-direction:column;width:100%"><div style="display:flex;height:250px">a</div><div style="display:flex;flex-shrink:0;height:250px"><div style="display:flex;height:250px">b</div></div></div>',
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^content overflows the image and is cut off: a <div> \d+×\d+ px reaches y \d+, past the bottom edge of the 600×300 canvas$/,
    );
  });

  it('leaves out decorations placed over the edge, clipped content, and automatic sizes', async () => {
    expect(
      await warningsOf(
        '<div style="display:flex;position:relative;width:100%;height:100%;background:#fff"><div style="position:absolute;right:-80px;bottom:-80px;width:200px;height:200px;border-radius:100px;background:#c7d2fe"></div></div>',
      ),
    ).toEqual([]);
    expect(
      await warningsOf(
        '<div style="display:flex;width:100%;height:100%;overflow:hidden"><div style="display:flex;flex-shrink:0;width:900px;height:100px;background:#f00"></div></div>',
      ),
    ).toEqual([]);
    expect(
      await warningsOf(
        '<div style="display:flex;flex-direction:column;width:100%"><div style="height:900px">tall</div></div>',
        {
          width: 600,
        },
      ),
    ).toEqual([]);
  });

  it('finds none in the example templates', async () => {
    const dir = join(import.meta.dirname, '..', '..', '..', 'examples', 'templates');
    const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.variables.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const template = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      const values = JSON.parse(readFileSync(join(dir, file.replace('.json', '.variables.json')), 'utf8'));
      compileTemplate(template);
      const result = await renderer.renderTemplate({ template, variables: values });
      expect([file, result.warnings.filter((w) => w.startsWith('content overflows'))]).toEqual([file, []]);
    }
  });
});
