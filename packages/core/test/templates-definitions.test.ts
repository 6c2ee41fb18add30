import { describe, expect, it } from 'vitest';
import { PictorError } from '../src/errors.js';
import { compileTemplate } from '../src/templates/index.js';
import type { TemplateDefinition } from '../src/types.js';

function templateError(def: TemplateDefinition): PictorError {
  try {
    compileTemplate(def);
  } catch (error) {
    if (error instanceof PictorError) return error;
    throw error;
  }
  throw new Error('expected TEMPLATE_INVALID');
}

function variablesError(variables: unknown): PictorError {
  return templateError({ content: '', variables: variables as TemplateDefinition['variables'] });
}

describe('variable definitions', () => {
  const cases: [string, unknown, string][] = [
    [
      'unknown type',
      { title: { type: 'strin' } },
      'variables.title: unknown type "strin" (expected one of string, number, integer, boolean, color, url, image, array)',
    ],
    [
      'missing type',
      { title: {} },
      'variables.title: unknown type undefined (expected one of string, number, integer, boolean, color, url, image, array)',
    ],
    [
      'not an object',
      { title: 'string' },
      'variables.title: a definition must be an object like {"type": "string"}',
    ],
    [
      'unknown key',
      { title: { type: 'string', maxlength: 5 } },
      'variables.title: unknown key "maxlength" (allowed: type, required, default, minLength, maxLength, pattern, enum, minimum, maximum, items, maxItems, raw, description)',
    ],
    [
      'bad pattern',
      { code: { type: 'string', pattern: '([a-z' } },
      'variables.code: invalid pattern "([a-z": Invalid regular expression: /([a-z/u: Unterminated character class',
    ],
    [
      'minimum > maximum',
      { n: { type: 'number', minimum: 10, maximum: 1 } },
      'variables.n: minimum (10) is greater than maximum (1)',
    ],
    [
      'minLength > maxLength',
      { s: { type: 'string', minLength: 5, maxLength: 2 } },
      'variables.s: minLength (5) is greater than maxLength (2)',
    ],
    [
      'negative maxLength',
      { s: { type: 'string', maxLength: -1 } },
      'variables.s: "maxLength" must be a non-negative integer (got -1)',
    ],
    [
      'rule of another type',
      { n: { type: 'number', maxLength: 3 } },
      'variables.n: "maxLength" applies to string, color, url and image variables only, not to type "number"',
    ],
    [
      'minimum on a string',
      { s: { type: 'string', minimum: 3 } },
      'variables.s: "minimum" applies to number and integer variables only, not to type "string"',
    ],
    [
      'enum on a boolean',
      { b: { type: 'boolean', enum: [true] } },
      'variables.b: "enum" applies to string, number, integer, color, url and image variables only',
    ],
    [
      'enum of another type',
      { n: { type: 'integer', enum: [1, '2'] } },
      'variables.n: "enum" value "2" is not of type "integer"',
    ],
    [
      'enum of strings for a color',
      { c: { type: 'color', enum: ['#fff', 3] } },
      'variables.c: "enum" value 3 is not of type "color"',
    ],
    [
      'empty enum',
      { s: { type: 'string', enum: [] } },
      'variables.s: "enum" must be a non-empty array of allowed values',
    ],
    [
      'required not boolean',
      { s: { type: 'string', required: 'yes' } },
      'variables.s: "required" must be true or false',
    ],
    [
      'array without items',
      { list: { type: 'array' } },
      'variables.list: an array needs "items" (a definition, or {"type": "object", "properties": {...}})',
    ],
    [
      'bad item type',
      { list: { type: 'array', items: { type: 'date' } } },
      'variables.list.items: unknown type "date" (expected one of string, number, integer, boolean, color, url, image, array)',
    ],
    [
      'bad nested property',
      {
        list: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string', minimum: 1 } } },
        },
      },
      'variables.list.items.name: "minimum" applies to number and integer variables only, not to type "string"',
    ],
    [
      'default on array items',
      { list: { type: 'array', items: { type: 'string', default: 'x' } } },
      'variables.list.items: "default" is not allowed on array items',
    ],
    [
      'dotted name',
      { 'a.b': { type: 'string' } },
      'variables.a.b: invalid name: use letters, digits, "_" and "-", starting with a letter or "_" (at most 64)',
    ],
    ['variables not an object', [], 'variables: must be an object mapping names to definitions'],
  ];

  for (const [name, variables, message] of cases) {
    it(name, () => {
      const error = variablesError(variables);
      expect(error.code).toBe('TEMPLATE_INVALID');
      expect(error.message).toBe(message);
    });
  }

  it('refuses __proto__ as a name', () => {
    const variables = JSON.parse('{"__proto__": {"type": "string"}}');
    expect(variablesError(variables).message).toBe(
      'variables.__proto__: invalid name: use letters, digits, "_" and "-", starting with a letter or "_" (at most 64)',
    );
  });

  it('names the variable in details', () => {
    expect(variablesError({ title: { type: 'strin' } }).details).toMatchObject({ field: 'variables.title' });
  });

  it('accepts 256 definitions and refuses 257', () => {
    const defs = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, { type: 'string' }]));
    expect(() =>
      compileTemplate({ content: '', variables: defs(256) as TemplateDefinition['variables'] }),
    ).not.toThrow();
    expect(variablesError(defs(257)).message).toBe(
      'variables: must NOT have more than 256 definitions (has 257)',
    );
  });

  it('counts properties of array items towards the 256', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`p${i}`, { type: 'string' }]),
    );
    const variables = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`v${i}`, { type: 'string' }]));
    variables.list = { type: 'array', items: { type: 'object', properties } } as never;
    expect(variablesError(variables).message).toBe(
      'variables: must NOT have more than 256 definitions, counting properties of array items (has 261)',
    );
  });
});

describe('defaults', () => {
  const cases: [string, unknown, string][] = [
    [
      'wrong type',
      { n: { type: 'integer', default: '3' } },
      'variables.n: default must be an integer (got a string)',
    ],
    [
      'breaks a rule',
      { s: { type: 'string', maxLength: 3, default: 'long' } },
      'variables.s: default must NOT have more than 3 characters',
    ],
    [
      'not in enum',
      { s: { type: 'string', enum: ['a'], default: 'b' } },
      'variables.s: default must be one of "a"',
    ],
    [
      'not a color',
      { c: { type: 'color', default: 'blurple' } },
      'variables.c: default must be a CSS color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a color name',
    ],
    [
      'array item breaks a rule',
      { list: { type: 'array', items: { type: 'integer', maximum: 5 }, default: [1, 9] } },
      'variables.list[1]: default must be <= 5',
    ],
    [
      'nested property default',
      {
        list: {
          type: 'array',
          items: { type: 'object', properties: { role: { type: 'string', enum: ['a'], default: 'b' } } },
        },
      },
      'variables.list.items.role: default must be one of "a"',
    ],
  ];
  for (const [name, variables, message] of cases) {
    it(name, () => {
      const error = variablesError(variables);
      expect(error.code).toBe('TEMPLATE_INVALID');
      expect(error.message).toBe(message);
    });
  }

  it('accepts valid defaults, including a required variable with a default', () => {
    const t = compileTemplate({
      content: '{{s}}',
      variables: { s: { type: 'string', required: true, default: 'ok', maxLength: 2 } },
    });
    expect(t.fill({})).toBe('ok');
  });
});

describe('content', () => {
  it('refuses partials', () => {
    const error = templateError({ content: '<div>{{> header}}</div>' });
    expect(error.code).toBe('TEMPLATE_INVALID');
    expect(error.message).toBe(
      'content: partials are not supported ({{> header}} at character 5); put the markup in the template itself',
    );
  });

  it('refuses partials nested in sections', () => {
    expect(templateError({ content: '{{#a}}{{>b}}{{/a}}' }).details).toMatchObject({ rule: 'partial' });
  });

  it('reports Mustache syntax errors', () => {
    expect(templateError({ content: '{{#list}}<li>' }).message).toBe(
      'content: Unclosed section "list" at 13',
    );
    expect(templateError({ content: '{{#a}}{{/b}}' }).message).toBe('content: Unclosed section "a" at 6');
  });

  it('says on which line of the content a syntax error is', () => {
    const error = templateError({ content: '<div>\n  <h1>{{title}}</h1>\n  <p>{{#items}}x</p>\n</div>' });
    expect(error.details).toMatchObject({ field: 'content', rule: 'syntax', line: 4 });
    expect(templateError({ content: '<p>\n{{name</p>' }).details).toMatchObject({ line: 2 });
  });

  it('refuses definitions that are not plain data', () => {
    const error = templateError({ content: '', variables: { a: { type: 'string', default: () => 'x' } } });
    expect(error.message).toBe('template: must be plain data (JSON values, no functions)');
  });

  it('requires content to be a string', () => {
    expect(templateError({ content: 42 } as never).message).toBe(
      'content: must be a string of Mustache HTML',
    );
  });

  it('keeps a frozen copy of the definition', () => {
    const def: TemplateDefinition = { content: '{{a}}', variables: { a: { type: 'string' } }, width: 100 };
    const t = compileTemplate(def);
    def.content = 'changed';
    (def.variables as Record<string, unknown>).a = { type: 'number' };
    expect(t.definition.content).toBe('{{a}}');
    expect(t.fill({ a: 'x' })).toBe('x');
    expect(Object.isFrozen(t.definition)).toBe(true);
  });
});
