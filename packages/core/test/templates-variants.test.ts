/** Template variants: a named size per render, explicit sizes still win, unknown names are refused (issue 44). */
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer, type PictorError, type TemplateDefinition } from '../src/index.js';
import { expectFormatAndSize } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

const template: TemplateDefinition = {
  content: '<div style="display:flex;width:100%;height:100%;background:#0ea5e9">{{title}}</div>',
  variables: { title: { type: 'string', default: 'Hi' } },
  width: 300,
  height: 158,
  format: 'png',
  variants: {
    og: { width: 300, height: 158 },
    square: { width: 200, height: 200 },
    story: { width: 108, height: 192 },
  },
};

describe('variants', () => {
  it('a variant gives its size; width or height given beside it win', async () => {
    const square = await renderer.renderTemplate({ template, variables: {}, variant: 'square' });
    await expectFormatAndSize(square.data, { format: 'png', width: 200, height: 200 });
    const story = await renderer.renderTemplate({ template, variables: {}, variant: 'story', scale: 2 });
    await expectFormatAndSize(story.data, { format: 'png', width: 216, height: 384 });
    const wider = await renderer.renderTemplate({ template, variables: {}, variant: 'square', width: 250 });
    await expectFormatAndSize(wider.data, { format: 'png', width: 250, height: 200 });
  });

  it('an unknown variant names those the template has', async () => {
    const error = (await renderer
      .renderTemplate({ template, variables: {}, variant: 'banner' })
      .catch((e: unknown) => e)) as PictorError;
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toBe('variant: the template has no variant "banner" (it has: og, square, story)');
  });
});
