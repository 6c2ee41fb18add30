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

/**
 * Longest all `pattern` tests of one validation may run together (an array of many crafted values). Each test
 * spends the smaller of the time it took by the clock and the CPU time this process used meanwhile: both are at
 * least the test's own time, and only one of them grows when something else is busy — other processes on the same
 * cores slow the clock, other threads of this process (a garbage collector's, encoders') add CPU time.
 */
export const PATTERN_BUDGET_MS = 250;

/**
 * Time each test adds to its validation's budget, up to PATTERN_ALLOWANCE_MAX_MS in all: an ordinary test takes
 * a tenth of this (the time limit needs a watchdog per test), so a long array of ordinary values is never cut off
 * by the budget, while crafted values (each up to the time limit) still spend it in a few.
 */
export const PATTERN_ALLOWANCE_PER_TEST_MS = 1;
/** The most the per-test allowance adds to one validation's budget. */
export const PATTERN_ALLOWANCE_MAX_MS = 500;

/** What the current validation's pattern tests may still spend, in ms; Infinity outside one. */
let budgetLeft = Number.POSITIVE_INFINITY;
/** What the per-test allowance may still add to the current validation's budget. */
let allowanceLeft = 0;

/** CPU time this process has used, in ms (user and system). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Run `validate` with a fresh pattern budget: once it is spent, every further pattern test fails at once. */
export function withPatternBudget<T>(validate: () => T, budgetMs = PATTERN_BUDGET_MS): T {
  const outer = { budgetLeft, allowanceLeft };
  budgetLeft = budgetMs;
  allowanceLeft = PATTERN_ALLOWANCE_MAX_MS;
  try {
    return validate();
  } finally {
    ({ budgetLeft, allowanceLeft } = outer);
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
      const allowance = Math.min(PATTERN_ALLOWANCE_PER_TEST_MS, allowanceLeft);
      allowanceLeft -= allowance;
      budgetLeft += allowance;
      // The watchdog counts wall time: a test never runs longer than the CPU time the budget still has.
      const left = Math.min(PATTERN_TIME_LIMIT_MS, Math.floor(budgetLeft));
      if (left < 1) return false;
      context.re = re;
      context.s = value;
      const startedCpu = cpuMs();
      const started = performance.now();
      try {
        return TEST.runInContext(context, { timeout: left }) === true;
      } catch {
        return false;
      } finally {
        context.s = '';
        budgetLeft -= Math.min(performance.now() - started, cpuMs() - startedCpu);
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
