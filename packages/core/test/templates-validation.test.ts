import { describe, expect, it } from 'vitest';
import { PictorError } from '../src/errors.js';
import { compileTemplate } from '../src/templates/index.js';
import type { VariableDefinition } from '../src/types.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** The VARIABLE_INVALID error of filling `{ v: value }` against one definition, or undefined when valid. */
function check(def: VariableDefinition, value: unknown): PictorError | undefined {
  const template = compileTemplate({ content: '{{v}}', variables: { v: def } });
  try {
    template.fill(value === undefined ? {} : { v: value });
    return undefined;
  } catch (error) {
    if (error instanceof PictorError) return error;
    throw error;
  }
}

function messageOf(def: VariableDefinition, value: unknown): string | undefined {
  const error = check(def, value);
  if (error) expect(error.code).toBe('VARIABLE_INVALID');
  return error?.message;
}

describe('types', () => {
  const cases: [VariableDefinition['type'], unknown[], [unknown, string][]][] = [
    [
      'string',
      ['', 'hello', '123'],
      [
        [123, 'variables.v: must be a string (got 123)'],
        [null, 'variables.v: must be a string (got null)'],
        [['a'], 'variables.v: must be a string (got an array)'],
        [{ a: 1 }, 'variables.v: must be a string (got an object)'],
      ],
    ],
    [
      'number',
      [0, -1.5, 1e6],
      [
        ['100', 'variables.v: must be a number (got a string)'],
        [true, 'variables.v: must be a number (got true)'],
        [Number.NaN, 'variables.v: must be a number (got NaN)'],
        [Number.POSITIVE_INFINITY, 'variables.v: must be a number (got Infinity)'],
      ],
    ],
    [
      'integer',
      [0, 42, -7],
      [
        [50.5, 'variables.v: must be an integer (got 50.5)'],
        ['7', 'variables.v: must be an integer (got a string)'],
      ],
    ],
    [
      'boolean',
      [true, false],
      [
        ['true', 'variables.v: must be true or false (got a string)'],
        [1, 'variables.v: must be true or false (got 1)'],
      ],
    ],
    [
      'color',
      [
        '#fff',
        '#ffff',
        '#FF0066',
        '#ff006680',
        'rgb(255, 0, 102)',
        'rgba(255,0,102,0.5)',
        'rgb(255 0 102 / 50%)',
        'hsl(330, 100%, 50%)',
        'hsla(330deg 100% 50% / .5)',
        'RebeccaPurple',
        'transparent',
      ],
      [
        [
          '#ff00f',
          'variables.v: must be a CSS color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a color name',
        ],
        [
          '#ggg',
          'variables.v: must be a CSS color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a color name',
        ],
        [
          'notacolor',
          'variables.v: must be a CSS color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a color name',
        ],
        [
          'red; background: url(x)',
          'variables.v: must be a CSS color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a color name',
        ],
        [
          'rgb(1,2)',
          'variables.v: must be a CSS color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a color name',
        ],
        [0xff0066, 'variables.v: must be a CSS color string (got 16711782)'],
      ],
    ],
    [
      'url',
      ['https://example.com/a?b=c', 'http://localhost:8080/x'],
      [
        ['ftp://example.com/x', 'variables.v: must be an http or https URL'],
        ['javascript:alert(1)', 'variables.v: must be an http or https URL'],
        ['/relative/path', 'variables.v: must be an http or https URL'],
        ['https://exa mple.com', 'variables.v: must be an http or https URL'],
        [42, 'variables.v: must be an http or https URL string (got 42)'],
      ],
    ],
    [
      'image',
      [
        'https://example.com/a.png',
        PNG,
        'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
        'data:image/webp;base64,UklGRg==',
        'data:image/gif;base64,R0lGODlh',
        'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg"/>',
        'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
        'data:image/svg+xml;base64,PHN2Zy8+',
      ],
      [
        [
          'data:text/html;base64,PGI+',
          'variables.v: must be an http(s) URL or a data: URI of a png, jpeg, webp, gif or svg image',
        ],
        [
          'data:image/png;base64,not base64!',
          'variables.v: must be an http(s) URL or a data: URI of a png, jpeg, webp, gif or svg image',
        ],
        [
          'data:image/png,rawbytes',
          'variables.v: must be an http(s) URL or a data: URI of a png, jpeg, webp, gif or svg image',
        ],
        [
          'file:///etc/passwd',
          'variables.v: must be an http(s) URL or a data: URI of a png, jpeg, webp, gif or svg image',
        ],
      ],
    ],
    [
      'array',
      [[], ['a', 'b']],
      [
        ['a,b', 'variables.v: must be an array (got a string)'],
        [{ 0: 'a' }, 'variables.v: must be an array (got an object)'],
        [['a', 2], 'variables.v[1]: must be a string (got 2)'],
      ],
    ],
  ];

  for (const [type, valid, invalid] of cases) {
    const def: VariableDefinition = type === 'array' ? { type, items: { type: 'string' } } : { type };
    it(`${type}: accepts valid values`, () => {
      for (const value of valid) expect(messageOf(def, value), JSON.stringify(value)).toBeUndefined();
    });
    it(`${type}: rejects invalid values with an exact message`, () => {
      for (const [value, message] of invalid) {
        const error = check(def, value);
        expect(error?.message, JSON.stringify(value)).toBe(message);
        expect(error?.details?.rule).toBe('type');
      }
    });
  }
});

describe('rules', () => {
  const cases: [string, VariableDefinition, unknown, unknown, string][] = [
    [
      'minLength',
      { type: 'string', minLength: 3 },
      'abc',
      'ab',
      'variables.v: must NOT have fewer than 3 characters',
    ],
    [
      'maxLength',
      { type: 'string', maxLength: 80 },
      'x'.repeat(80),
      'x'.repeat(81),
      'variables.v: must NOT have more than 80 characters',
    ],
    [
      'pattern',
      { type: 'string', pattern: '^[a-z]+$' },
      'abc',
      'Abc',
      'variables.v: must match pattern "^[a-z]+$"',
    ],
    [
      'enum',
      { type: 'string', enum: ['light', 'dark'] },
      'dark',
      'blue',
      'variables.v: must be one of "light", "dark"',
    ],
    ['enum', { type: 'integer', enum: [1, 2, 3] }, 2, 4, 'variables.v: must be one of 1, 2, 3'],
    ['minimum', { type: 'number', minimum: 1 }, 1, 0.99, 'variables.v: must be >= 1'],
    ['maximum', { type: 'integer', maximum: 100 }, 100, 101, 'variables.v: must be <= 100'],
    [
      'maxItems',
      { type: 'array', items: { type: 'string' }, maxItems: 2 },
      ['a', 'b'],
      ['a', 'b', 'c'],
      'variables.v: must NOT have more than 2 items',
    ],
    ['required', { type: 'string', required: true }, 'x', undefined, 'variables.v: is required'],
    [
      'maxLength',
      { type: 'color', maxLength: 4 },
      '#fff',
      '#ffffff',
      'variables.v: must NOT have more than 4 characters',
    ],
  ];

  for (const [rule, def, good, bad, message] of cases) {
    it(`${rule} (${def.type}): ${message}`, () => {
      expect(messageOf(def, good)).toBeUndefined();
      const error = check(def, bad);
      expect(error?.message).toBe(message);
      expect(error?.details).toMatchObject({ field: 'variables.v', rule });
    });
  }

  it('counts characters, not UTF-16 units', () => {
    expect(messageOf({ type: 'string', maxLength: 2 }, '😀😀')).toBeUndefined();
  });

  it('reports only the type when a wrongly typed value also misses the enum', () => {
    const error = check({ type: 'string', enum: ['a'] }, 5);
    expect(error?.message).toBe('variables.v: must be a string (got 5)');
    expect(error?.details?.errors).toHaveLength(1);
  });

  it('names nested fields of arrays of objects', () => {
    const def: VariableDefinition = {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', required: true, maxLength: 3 },
          age: { type: 'integer', minimum: 0 },
        },
      },
    };
    expect(check(def, [{ name: 'Ada' }, { age: -1 }, 'x', { name: 'Grace' }])?.message).toBe(
      'variables.v[1].name: is required; variables.v[1].age: must be >= 0; variables.v[2]: must be an object (got a string); and 1 more',
    );
  });
});

describe('several errors', () => {
  const template = compileTemplate({
    content: '',
    variables: {
      title: { type: 'string', required: true, maxLength: 10 },
      count: { type: 'integer', minimum: 1 },
      accent: { type: 'color' },
      logo: { type: 'image' },
      theme: { type: 'string', enum: ['light', 'dark'] },
    },
  });

  it('lists the first three in the message and all in details', () => {
    let error: PictorError | undefined;
    try {
      template.fill({ count: '3', accent: 'blurple', logo: 'ftp://x', theme: 'pink' });
    } catch (e) {
      error = e as PictorError;
    }
    expect(error?.code).toBe('VARIABLE_INVALID');
    expect(error?.message).toBe(
      'variables.title: is required; variables.count: must be an integer (got a string); ' +
        'variables.accent: must be a CSS color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a color name; and 2 more',
    );
    expect(error?.details).toMatchObject({ field: 'variables.title', rule: 'required' });
    expect(
      (error!.details!.errors as { field: string; rule: string }[]).map((e) => `${e.field}:${e.rule}`),
    ).toEqual([
      'variables.title:required',
      'variables.count:type',
      'variables.accent:type',
      'variables.logo:type',
      'variables.theme:enum',
    ]);
  });

  it('is JSON-serialisable across threads with its details', () => {
    try {
      template.fill({ title: 'x'.repeat(11) });
    } catch (e) {
      const copy = PictorError.fromJSON(structuredClone((e as PictorError).toJSON()));
      expect(copy.message).toBe('variables.title: must NOT have more than 10 characters');
      expect(copy.details?.rule).toBe('maxLength');
      return;
    }
    throw new Error('expected an error');
  });
});
