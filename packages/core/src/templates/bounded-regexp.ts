/**
 * Regular expressions of variable `pattern`s, run under a time limit: a pattern that backtracks exponentially on a
 * crafted value (`^(a+)+$` against 40 `a`s and a `!`) fails that value instead of stalling the thread, which on the
 * server is the event loop of every request.
 */
import { performance } from 'node:perf_hooks';
import { createContext, Script } from 'node:vm';
import type { CodeOptions } from 'ajv';

type RegExpEngine = NonNullable<CodeOptions['regExp']>;
type RegExpLike = ReturnType<RegExpEngine>;

/** Longest one `pattern` test may run; a value that takes longer does not match. */
export const PATTERN_TIME_LIMIT_MS = 50;

/** Longest all `pattern` tests of one validation may run together (an array of many crafted values). */
export const PATTERN_BUDGET_MS = 250;

/** When the current validation's pattern budget runs out (performance.now() time); Infinity outside one. */
let deadline = Number.POSITIVE_INFINITY;

/** Run `validate` with a fresh pattern budget: once it is spent, every further pattern test fails at once. */
export function withPatternBudget<T>(validate: () => T, budgetMs = PATTERN_BUDGET_MS): T {
  const outer = deadline;
  deadline = performance.now() + budgetMs;
  try {
    return validate();
  } finally {
    deadline = outer;
  }
}

const TEST = new Script('re.test(s)');
/** One context for every test (tests are synchronous, so they never overlap). */
const context = createContext({ re: /(?:)/, s: '' });

/** Build a RegExp-like object whose `test` runs under the time limit (the vm timeout interrupts backtracking). */
function createBoundedRegExp(pattern: string, flags: string): RegExpLike {
  const re = new RegExp(pattern, flags);
  const bounded: RegExpLike & { toString(): string } = {
    test(value: string): boolean {
      const left = Math.min(PATTERN_TIME_LIMIT_MS, Math.floor(deadline - performance.now()));
      if (left < 1) return false;
      context.re = re;
      context.s = value;
      try {
        return TEST.runInContext(context, { timeout: left }) === true;
      } catch {
        return false;
      } finally {
        context.s = '';
      }
    },
    // ajv keys compiled patterns by this string.
    toString: () => re.toString(),
  };
  return bounded;
}

/** The ajv `code.regExp` engine: `new Ajv({ code: { regExp: boundedRegExp } })`. */
export const boundedRegExp: RegExpEngine = Object.assign(createBoundedRegExp, {
  code: 'createBoundedRegExp',
});
