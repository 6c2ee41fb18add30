/**
 * Variable patterns run on RE2 (src/templates/linear-regexp.ts): JavaScript's meaning, linear time, no clock. A
 * value matches or not whatever else the machine is doing; patterns RE2 cannot run are refused at save.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTemplate, type PictorError } from '../src/index.js';
import {
  MAX_PATTERN_PROGRAM_SIZE,
  PATTERN_STEP_BUDGET,
  toRe2Syntax,
  compileLinearPattern,
} from '../src/templates/linear-regexp.js';
import { busyCores, stopBusyCores } from './helpers/busy-cores.mjs';

function templateWith(pattern: string) {
  return compileTemplate({
    content: '<div>{{#tags}}{{.}} {{/tags}}</div>',
    variables: { tags: { type: 'array', items: { type: 'string', pattern } } },
    width: 10,
    height: 10,
  });
}

function saveError(pattern: string): PictorError {
  try {
    templateWith(pattern);
  } catch (error) {
    return error as PictorError;
  }
  throw new Error(`pattern ${pattern} was accepted`);
}

/** The error a fill of `tags` throws, or undefined when it fills. */
function fillError(template: ReturnType<typeof templateWith>, tags: string[]): PictorError | undefined {
  try {
    template.fill({ tags });
  } catch (caught) {
    return caught as PictorError;
  }
  return undefined;
}

describe('JavaScript meaning on RE2', () => {
  // Each pattern against values that tell the two engines' defaults apart; RE2 must answer as JavaScript does.
  const cases: [string, string[]][] = [
    ['^[\\p{L}\\p{N}_-]+$', ['images', 'nodejs', 'og', 'ünïcödé', '日本語', 'a b', 'a!', '']],
    ['^\\s+$', [' ', '\u00a0', '\u2003', '\u3000', '\t\n', 'x', '\ufeff']],
    ['^\\S+$', ['abc', 'a\u00a0b', 'a b']],
    ['^.$', ['a', '\n', '\r', '\u2028', '😀']],
    ['^\\p{Letter}+$', ['abc', 'abc1', 'Ωμέγα']],
    ['^\\p{Script=Greek}+$', ['Ωμέγα', 'omega']],
    ['^\\p{sc=Han}+$', ['漢字', 'かな']],
    ['^\\p{General_Category=Decimal_Number}+$', ['0123', '٣٤', 'x']],
    ['^[^]$', ['a', '\n']],
    ['^\\u{1F600}$', ['😀', 'x']],
    ['^\\u00e9$', ['é', 'e']],
    ['^(?<year>\\d{4})-(?:0[1-9]|1[0-2])$', ['2026-11', '2026-13', '26-11']],
    ['^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$', ['a.b@c-d.io', 'a@b', 'ä@b.io']],
    ['^[\\s\\d]+$', ['1 2\u00a03', '1x']],
    ['^#[0-9a-fA-F]{3,8}$', ['#fff', '#FFAA00CC', '#ggg']],
    ['a/b', ['xa/by', 'ab']],
  ];
  for (const [pattern, values] of cases) {
    it(`${pattern}`, () => {
      const native = new RegExp(pattern, 'u');
      const re2 = compileLinearPattern(pattern);
      for (const value of values) expect([value, re2.test(value)]).toEqual([value, native.test(value)]);
    });
  }

  it('keeps ^ and $ at the ends of the value and . away from line ends without flags', () => {
    expect(toRe2Syntax('^a.b$')).toBe('^a[^\\n\\r\\x{2028}\\x{2029}]b$');
    expect(compileLinearPattern('^a$').test('a\nb')).toBe(false);
  });
});

describe('patterns refused at save, naming the construct', () => {
  it.each([
    ['(?=a)b', /lookahead \(\?=/],
    ['a(?!b)', /lookahead \(\?!/],
    ['(?<=a)b', /lookbehind \(\?<=/],
    ['(?<!a)b', /lookbehind \(\?<!/],
    ['(a)\\1', /backreference \\1/],
    ['(?<x>a)\\k<x>', /backreference \\k<…>/],
    ['[\\S]', /\\S inside a character class/],
  ])('%s', (pattern, construct) => {
    const error = saveError(pattern);
    expect(error.code).toBe('TEMPLATE_INVALID');
    expect(error.details).toMatchObject({ field: 'variables.tags.items' });
    expect(error.message).toMatch(
      /^variables\.tags\.items: pattern .* cannot be checked in linear time: it uses /,
    );
    expect(error.message).toMatch(construct);
  });

  it('a pattern that compiles too large, with the limit', () => {
    const error = saveError('^(?:[a-z]{1,30}\\s?){1,33}$');
    expect(error.code).toBe('TEMPLATE_INVALID');
    expect(error.message).toContain(`at most ${MAX_PATTERN_PROGRAM_SIZE}`);
  });

  it("a repeat count over RE2's 1000, explained", () => {
    expect(saveError('^(?:[a-z]{1,30}){1,40}$').message).toContain(
      'it uses the repeat count `{1,40}` (RE2 allows 1000 repetitions, nested counts multiplied)',
    );
  });

  it('a pattern JavaScript itself rejects keeps its own message', () => {
    expect(saveError('(').message).toMatch(/invalid pattern "\(": Invalid regular expression/);
  });
});

describe('work, not time, bounds a fill', () => {
  it('^(a+)+$ over 1,024 crafted values: every value answered (does not match), no budget hit', () => {
    const template = templateWith('^(a+)+$');
    const tags = Array.from({ length: 1024 }, () => `${'a'.repeat(64)}!`);
    const error = fillError(template, tags);
    expect(error?.code).toBe('VARIABLE_INVALID');
    expect(error?.message).toMatch(/^variables\.tags\[0\]: must match pattern "\^\(a\+\)\+\$"/);
    expect((error?.details as { errors?: unknown[] } | undefined)?.errors).toHaveLength(1024);
    // The same count of ordinary values passes.
    expect(template.fill({ tags: tags.map(() => 'aaa') })).toContain('aaa aaa');
  });

  it('more work than one validation may do is refused saying so, never as "must match"', () => {
    const template = templateWith('^[\\p{L}\\p{N}_-]+$');
    // Each value costs (length + 1) × the pattern's size: 1,000 values of 1,000 letters are far over the budget.
    const tags = Array.from({ length: 1000 }, () => 'a'.repeat(1000));
    const error = fillError(template, tags);
    expect(error?.code).toBe('VARIABLE_INVALID');
    expect(error?.details).toMatchObject({ field: 'variables', rule: 'patternSteps' });
    expect(error?.message).toContain(`more than ${PATTERN_STEP_BUDGET} steps`);
    expect(error?.message).not.toMatch(/must match/);
  });

  it('a default over the budget is refused at save as TEMPLATE_INVALID', () => {
    expect(() =>
      compileTemplate({
        content: '{{#t}}{{.}}{{/t}}',
        variables: {
          t: {
            type: 'array',
            items: { type: 'string', pattern: '^[a-z]+$' },
            default: Array.from({ length: 800 }, () => 'a'.repeat(1000)),
          },
        },
        width: 10,
        height: 10,
      }),
    ).toThrow(
      expect.objectContaining({ code: 'TEMPLATE_INVALID', message: expect.stringContaining('steps') }),
    );
  });
});

describe('the same answer when the machine is busy', () => {
  let spinners: ChildProcess[] = [];
  beforeAll(async () => {
    spinners = await busyCores();
  });
  afterAll(() => stopBusyCores(spinners));

  it("200 fills of the social card starter's tags while every core is busy: 0 refused", () => {
    const template = templateWith('^[\\p{L}\\p{N}_-]+$');
    let refused = 0;
    for (let round = 0; round < 200; round++) {
      try {
        template.fill({ tags: ['images', 'nodejs', 'og', `tag${round}`] });
      } catch {
        refused++;
      }
    }
    expect(refused).toBe(0);
  });
});
