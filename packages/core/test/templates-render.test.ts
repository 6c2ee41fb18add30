import { describe, expect, it } from 'vitest';
import { PictorError } from '../src/errors.js';
import { compiledSchemaCount } from '../src/templates/ajv.js';
import { compileTemplate, escapeHtml, MAX_FILLED_LENGTH } from '../src/templates/index.js';

function fillOf(content: string, variables: Parameters<typeof compileTemplate>[0]['variables'] = {}) {
  const template = compileTemplate({ content, variables });
  return (values: Record<string, unknown> = {}) => template.fill(values);
}

describe('escaping', () => {
  const fill = fillOf('<h1 title="{{title}}">{{title}}</h1>', { title: { type: 'string' } });

  it('escapes markup and quotes in {{x}}', () => {
    expect(fill({ title: `<script>alert("x")</script> & 'y'` })).toBe(
      '<h1 title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</h1>',
    );
  });

  it('leaves slashes, = and base64 alone so URLs stay readable', () => {
    expect(escapeHtml('https://a.example/x?y=1&z=2 data:image/png;base64,AB+/==')).toBe(
      'https://a.example/x?y=1&amp;z=2 data:image/png;base64,AB+/==',
    );
  });
});

describe('raw output', () => {
  const variables = { html: { type: 'string', raw: true }, text: { type: 'string' } } as const;

  it('inserts {{{x}}} and {{& x}} raw for raw variables', () => {
    const fill = fillOf('{{{html}}}|{{& html}}|{{html}}', variables);
    expect(fill({ html: '<b>bold</b>' })).toBe('<b>bold</b>|<b>bold</b>|&lt;b&gt;bold&lt;/b&gt;');
  });

  it('escapes {{{x}}} and {{& x}} for variables not marked raw', () => {
    const fill = fillOf('{{{text}}}|{{& text}}', variables);
    expect(fill({ text: '<img src=x>' })).toBe('&lt;img src=x&gt;|&lt;img src=x&gt;');
  });

  it('keeps raw per value inside sections and dotted names', () => {
    const fill = fillOf(
      '{{#items}}{{{label}}}/{{{note}}};{{/items}}{{{items.0.note}}}|{{#tags}}{{{.}}}{{/tags}}',
      {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { label: { type: 'string', raw: true }, note: { type: 'string' } },
          },
        },
        tags: { type: 'array', items: { type: 'string' } },
      },
    );
    expect(fill({ items: [{ label: '<i>a</i>', note: '<u>n</u>' }], tags: ['<s>'] })).toBe(
      '<i>a</i>/&lt;u&gt;n&lt;/u&gt;;&lt;u&gt;n&lt;/u&gt;|&lt;s&gt;',
    );
  });

  it('a raw name in an outer scope does not make a non-raw inner value raw', () => {
    const fill = fillOf('{{#items}}{{{html}}}{{/items}}', {
      html: { type: 'string', raw: true },
      items: { type: 'array', items: { type: 'object', properties: { html: { type: 'string' } } } },
    });
    // the first item has its own (escaped) html, the second falls back to the outer, raw one
    expect(fill({ html: '<b>outer</b>', items: [{ html: '<i>inner</i>' }, {}] })).toBe(
      '&lt;i&gt;inner&lt;/i&gt;<b>outer</b>',
    );
  });
});

describe('sections', () => {
  const fill = fillOf(
    '{{#speakers}}<li>{{name}} ({{role}})</li>{{/speakers}}{{^speakers}}<li>TBA</li>{{/speakers}}' +
      '{{#featured}}★{{/featured}}{{^featured}}☆{{/featured}}{{#subtitle}}<p>{{.}}</p>{{/subtitle}}',
    {
      speakers: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', required: true },
            role: { type: 'string', default: 'guest' },
          },
        },
      },
      featured: { type: 'boolean' },
      subtitle: { type: 'string' },
    },
  );

  it('iterates arrays of objects, with item defaults', () => {
    expect(fill({ speakers: [{ name: 'Ada', role: 'host' }, { name: 'Bo' }], featured: true })).toBe(
      '<li>Ada (host)</li><li>Bo (guest)</li>★',
    );
  });

  it('renders inverted sections for missing, empty and false values', () => {
    expect(fill({})).toBe('<li>TBA</li>☆');
    expect(fill({ speakers: [], featured: false, subtitle: '' })).toBe('<li>TBA</li>☆');
  });

  it('pushes a non-empty string so {{.}} renders it', () => {
    expect(fill({ speakers: [{ name: 'A' }], subtitle: 'x<y' })).toBe('<li>A (guest)</li>☆<p>x&lt;y</p>');
  });

  it('resolves dotted names, array indexes and lengths', () => {
    const dotted = fillOf('{{people.0.name}}|{{people.length}}|{{people.9.name}}|{{missing.name}}', {
      people: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
    });
    expect(dotted({ people: [{ name: 'Ada' }, { name: 'Bo' }] })).toBe('Ada|2||');
  });

  it('renders numbers, booleans and undefined names as Mustache does', () => {
    const f = fillOf('{{n}}|{{b}}|{{nothing}}|{{constructor}}|{{toString}}', {
      n: { type: 'number' },
      b: { type: 'boolean' },
    });
    expect(f({ n: 0.5, b: false })).toBe('0.5|false|||');
  });

  it('supports comments and changed delimiters', () => {
    const f = fillOf('{{! note }}{{=<% %>=}}<%a%> {{a}}', { a: { type: 'string' } });
    expect(f({ a: '<x>' })).toBe('&lt;x&gt; {{a}}');
  });
});

describe('variables', () => {
  const template = compileTemplate({
    content: '{{title}}|{{size}}|{{tags}}|{{unknown}}',
    variables: {
      title: { type: 'string', default: 'Untitled' },
      size: { type: 'integer', default: 3 },
      tags: { type: 'array', items: { type: 'string' }, default: ['a', 'b'] },
    },
  });

  it('applies defaults', () => {
    expect(template.fill({})).toBe('Untitled|3|a,b|');
    expect(template.fill({ title: 'T', size: 9, tags: ['c'] })).toBe('T|9|c|');
  });

  it('treats an undefined value as omitted', () => {
    expect(template.fill({ title: undefined })).toBe('Untitled|3|a,b|');
  });

  it('ignores and does not render names the template does not define', () => {
    expect(template.fill({ unknown: '<b>x</b>', another: 42 })).toBe('Untitled|3|a,b|');
  });

  it('never mutates the caller’s object', () => {
    const items = [{ name: 'Ada' }];
    const values = { items, extra: 1 };
    const t = compileTemplate({
      content: '{{#items}}{{name}}{{role}}{{/items}}{{title}}',
      variables: {
        title: { type: 'string', default: 'T' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, role: { type: 'string', default: 'r' } },
          },
        },
      },
    });
    expect(t.fill(values)).toBe('AdarT');
    expect(values).toEqual({ items: [{ name: 'Ada' }], extra: 1 });
    expect(values.items).toBe(items);
    expect(items[0]).toEqual({ name: 'Ada' });
  });

  it('gives every fill its own copy of object defaults', () => {
    const t = compileTemplate({
      content: '{{#list}}{{.}}{{/list}}',
      variables: { list: { type: 'array', items: { type: 'string' }, default: ['x'] } },
    });
    expect(t.fill({})).toBe('x');
    expect(t.fill({})).toBe('x');
    expect(() => (t.definition.variables!.list!.default as string[]).push('y')).toThrow(TypeError);
  });

  it('accepts 1,024 entries and refuses more', () => {
    const many = Object.fromEntries(Array.from({ length: 1024 }, (_, i) => [`k${i}`, i]));
    expect(template.fill(many)).toBe('Untitled|3|a,b|');
    const error = catchError(() => template.fill({ ...many, one: 'more' }));
    expect(error.code).toBe('VARIABLE_INVALID');
    expect(error.message).toBe('variables: must NOT have more than 1024 entries');
    expect(error.details).toMatchObject({ field: 'variables', rule: 'maxProperties' });
  });

  it('refuses variables that are not an object', () => {
    for (const bad of [null, [], 'x', 3]) {
      const error = catchError(() => template.fill(bad as never));
      expect(error.code).toBe('VARIABLE_INVALID');
      expect(error.message).toBe('variables: must be an object mapping names to values');
    }
  });
});

describe('compile once', () => {
  it('compiles the schema in compileTemplate and never in fill', () => {
    const before = compiledSchemaCount();
    const t = compileTemplate({
      content: '{{a}}',
      variables: { a: { type: 'string', maxLength: 5, default: 'x' } },
    });
    const afterCompile = compiledSchemaCount();
    // one for the variables, one for checking the defaults
    expect(afterCompile - before).toBe(2);
    const schema = t.schema;
    for (let i = 0; i < 50; i++) t.fill({ a: `v${i % 10}` });
    expect(() => t.fill({ a: 'too long' })).toThrow(PictorError);
    expect(compiledSchemaCount()).toBe(afterCompile);
    expect(t.schema).toBe(schema);
    expect(Object.isFrozen(t.schema)).toBe(true);
  });

  it('compiles without defaults in one step', () => {
    const before = compiledSchemaCount();
    compileTemplate({ content: '{{a}}', variables: { a: { type: 'string' } } });
    expect(compiledSchemaCount() - before).toBe(1);
  });

  it('keeps validating after the shared ajv instance has been replaced', () => {
    const first = compileTemplate({
      content: '{{a}}',
      variables: { a: { type: 'string', maxLength: 2, default: 'ok' } },
    });
    for (let i = 0; i < 600; i++)
      compileTemplate({ content: '', variables: { [`v${i}`]: { type: 'integer', maximum: i } } });
    expect(first.fill({})).toBe('ok');
    expect(() => first.fill({ a: 'abc' })).toThrow('variables.a: must NOT have more than 2 characters');
  });

  it('exposes the JSON Schema it validates against', () => {
    const t = compileTemplate({
      content: '',
      variables: {
        title: { type: 'string', required: true, maxLength: 80, description: 'Headline' },
        accent: { type: 'color', default: '#ff0066' },
        people: {
          type: 'array',
          maxItems: 3,
          items: { type: 'object', properties: { name: { type: 'string', required: true } } },
        },
      },
    });
    expect(t.schema).toEqual({
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 80, description: 'Headline' },
        accent: { type: 'string', format: 'css-color', default: '#ff0066' },
        people: {
          type: 'array',
          maxItems: 3,
          items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
      required: ['title'],
    });
  });
});

describe('limits of the output', () => {
  it('stops nested sections that would explode the HTML', () => {
    const t = compileTemplate({
      content: '{{#a}}{{#a}}{{.}}{{/a}}{{/a}}',
      variables: { a: { type: 'array', items: { type: 'string' } } },
    });
    const error = catchError(() => t.fill({ a: Array.from({ length: 100 }, () => 'x'.repeat(1000)) }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toBe(
      `content: the filled-in template is longer than ${MAX_FILLED_LENGTH} characters; send fewer or shorter values`,
    );
  });
});

function catchError(fn: () => unknown): PictorError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PictorError) return error;
    throw error;
  }
  throw new Error('expected a PictorError');
}

describe('bounded fill', () => {
  it('stops a fill that would visit more than a million tags, whatever it writes, by counting its steps', async () => {
    const { compileTemplate, MAX_FILL_STEPS } = await import('../src/templates/index.js');
    const items = { type: 'array', items: { type: 'integer' } } as const;
    const template = compileTemplate({
      content: '{{#a}}{{#b}}{{/b}}{{/a}}',
      variables: { a: items, b: items },
    });
    const many = Array.from({ length: 5000 }, (_, i) => i);
    // 25 million visits unbounded; the bound counts steps, so no clock is needed to see it stop.
    let error: unknown;
    try {
      template.fill({ a: many, b: many });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      code: 'VARIABLE_INVALID',
      details: { field: 'variables', rule: 'fillSteps' },
    });
    expect((error as Error).message).toContain(`more than ${MAX_FILL_STEPS} steps`);
    // Ordinary repetition is far below the budget.
    const rows = Array.from({ length: 300 }, (_, i) => i);
    expect(template.fill({ a: rows, b: rows.slice(0, 100) })).toBe('');
  });
});

describe('template work in the render workers (renderer.fillTemplate, checkTemplate)', () => {
  const definition = {
    content: '<div style="display:flex">{{title}}{{#tags}} #{{.}}{{/tags}}</div>',
    variables: {
      title: { type: 'string' as const, required: true, maxLength: 20 },
      tags: { type: 'array' as const, items: { type: 'string' as const, pattern: '^[a-z]+$' } },
    },
    width: 100,
    height: 50,
  };

  it('fills in a worker process: the HTML, and the engine errors as PictorErrors', async () => {
    const { createRenderer } = await import('../dist/index.js');
    const renderer = createRenderer({ workers: 1 });
    try {
      const template = { key: 'card@1', definition };
      expect(await renderer.fillTemplate(template, { title: 'A & B', tags: ['og'] })).toBe(
        '<div style="display:flex">A &amp; B #og</div>',
      );
      await expect(renderer.fillTemplate(template, { tags: ['OG'] })).rejects.toMatchObject({
        code: 'VARIABLE_INVALID',
        message: expect.stringMatching(/^variables\.title: is required/),
      });
      // A key reused for a changed definition compiles again (a studio preview's key does that).
      const changed = { key: 'card@1', definition: { ...definition, content: '<p>{{title}}</p>' } };
      expect(await renderer.fillTemplate(changed, { title: 'x' })).toBe('<p>x</p>');
      await expect(renderer.checkTemplate({ ...definition, content: '{{#open}}' })).rejects.toMatchObject({
        code: 'TEMPLATE_INVALID',
      });
      await expect(renderer.checkTemplate(definition)).resolves.toBeUndefined();
      // Template work is not counted as renders.
      expect(renderer.stats()).toMatchObject({ completed: 0, failed: 0 });
    } finally {
      await renderer.close();
    }
  });

  it('compiles each key once per thread (workers: 0 shares this thread)', async () => {
    const { createRenderer } = await import('../src/index.js');
    const renderer = createRenderer({ workers: 0 });
    const template = { key: 'card@2', definition };
    const before = compiledSchemaCount();
    for (let round = 0; round < 3; round++) await renderer.fillTemplate(template, { title: `n${round}` });
    // One compile: the variables' schema and the defaults' (none here) — not one per fill.
    expect(compiledSchemaCount() - before).toBe(1);
    await renderer.fillTemplate({ key: 'card@3', definition }, { title: 'x' });
    expect(compiledSchemaCount() - before).toBe(2);
    await renderer.close();
  });
});
