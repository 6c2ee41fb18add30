/** The public API: the exact list of exports, templates through the renderer, the one-off render(). */
import { afterAll, describe, expect, it } from 'vitest';
import * as core from '../src/index.js';
import { compileTemplate, createRenderer, type TemplateDefinition } from '../src/index.js';
import { expectFormatAndSize } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(core).sort()).toEqual([
      'AddressRefused',
      'CONTENT_TYPES',
      'DEFAULT_LIMITS',
      'DEFAULT_QUALITY',
      'ERROR_CODES',
      'EXTENSION_OF_FORMAT',
      'FETCH_DEFAULTS',
      'FONT_SPEC_SCHEMA',
      'FORMATS',
      'MAX_FONT_FAMILY_LENGTH',
      'MAX_SCALE',
      'MAX_VARIABLE_DEFINITIONS',
      'MAX_VARIABLE_ENTRIES',
      'MAX_VARIANTS',
      'MIN_MAX_BYTES',
      'MIN_SCALE',
      'PictorError',
      'RENDER_STAGES',
      'TUNING_NAMES',
      'VARIANT_NAME_PATTERN',
      'WALL_TIMEOUT_FACTOR',
      'checkedAddresses',
      'compileTemplate',
      'createRenderer',
      'formatOfExtension',
      'isVariantName',
      'markupLength',
      'parseAllowList',
      'pinnedConnection',
      'refusedReason',
      'render',
      'renderInputSchema',
      'renderTimeoutMessage',
      'roundMs',
      'scaledPixels',
      'variantSize',
    ]);
  });

  const template: TemplateDefinition = {
    content:
      '<div style="display:flex;width:100%;height:100%;background:{{color}};font-size:20px">{{title}}</div>',
    variables: {
      title: { type: 'string', required: true, maxLength: 20 },
      color: { type: 'color', default: '#0ea5e9' },
    },
    width: 320,
    height: 160,
    format: 'webp',
    quality: 70,
  };

  it('renderTemplate applies the template defaults', async () => {
    const result = await renderer.renderTemplate({ template, variables: { title: 'Hi' } });
    expect([result.format, result.width, result.height]).toEqual(['webp', 320, 160]);
    await expectFormatAndSize(result.data, { format: 'webp', width: 320, height: 160 });
  });

  it('renderTemplate: the input overrides width, height, format and quality', async () => {
    const result = await renderer.renderTemplate({
      template,
      variables: { title: 'Hi' },
      width: 200,
      height: 100,
      format: 'jpeg',
      quality: 90,
    });
    await expectFormatAndSize(result.data, { format: 'jpeg', width: 200, height: 100 });
    const precompiled = await renderer.renderTemplate({
      template: compileTemplate(template),
      variables: { title: 'Hi' },
      width: 200,
      height: 100,
      format: 'jpeg',
      quality: 90,
    });
    expect(precompiled.data.equals(result.data)).toBe(true);
  });

  it('renderTemplate reports variable errors by name', async () => {
    await expect(renderer.renderTemplate({ template, variables: {} })).rejects.toMatchObject({
      code: 'VARIABLE_INVALID',
      message: expect.stringContaining('variables.title'),
    });
  });
});
