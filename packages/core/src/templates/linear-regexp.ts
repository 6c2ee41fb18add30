/**
 * Variable `pattern`s (ECMAScript regular expressions, as JSON Schema has them) run on RE2's engine (re2js): matching
 * takes time linear in the value, whatever the pattern, so no crafted value can stall the thread — on the server, the
 * event loop of every request — and no clock decides whether a value matches. Patterns RE2 cannot run
 * (backreferences, lookahead, lookbehind) are refused when the template is saved, naming the construct.
 *
 * The one bound left is on work, not time: each test costs (value length + 1) × the pattern's program size, the
 * most RE2 can do for it, and one validation may spend PATTERN_STEP_BUDGET of them. A request over it is refused
 * with a message that says so (never "must match").
 */
import type { CodeOptions } from 'ajv';
import type { RE2JS } from 're2js';
import { re2Library } from './lazy-libraries.js';

type RegExpEngine = NonNullable<CodeOptions['regExp']>;
type RegExpLike = ReturnType<RegExpEngine>;

/** Work one validation's pattern tests may do together, in steps (value length + 1 × program size). */
export const PATTERN_STEP_BUDGET = 2_000_000;
/** Largest compiled pattern accepted at save, in RE2 program instructions (`^[\p{L}\p{N}_-]+$` has 6). */
export const MAX_PATTERN_PROGRAM_SIZE = 2000;

/** Thrown out of a validation whose pattern tests would do more than PATTERN_STEP_BUDGET steps. */
export class PatternBudgetExceeded extends Error {
  constructor(readonly budget: number) {
    super(`pattern checks need more than ${budget} steps`);
  }
}

/** A pattern RE2 cannot run, or one too large; `construct` names what to change. */
export class UnsupportedPattern extends Error {
  constructor(readonly construct: string) {
    super(construct);
  }
}

/** JavaScript's `\s` (WhiteSpace and LineTerminator), which RE2's `\s` ([\t\n\f\r ]) is narrower than. */
const JS_SPACE =
  '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** What JavaScript's `.` matches without the `s` flag (RE2's `.` also matches \r, U+2028 and U+2029). */
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/** Long Unicode general-category names JavaScript accepts in `\p{…}`, by their short names (which RE2 knows). */
const CATEGORY_NAMES: Record<string, string> = {
  Letter: 'L',
  Cased_Letter: 'LC',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Combining_Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Surrogate: 'Cs',
  Private_Use: 'Co',
  Unassigned: 'Cn',
};

/** `\p{General_Category=Letter}`, `\p{Script=Latin}`, `\p{sc=Latn}`… → the name RE2 takes, or the name as it is. */
function propertyName(body: string): string {
  const eq = body.indexOf('=');
  if (eq < 0) return CATEGORY_NAMES[body] ?? body;
  const key = body.slice(0, eq);
  const value = body.slice(eq + 1);
  if (key === 'General_Category' || key === 'gc') return CATEGORY_NAMES[value] ?? value;
  if (key === 'Script' || key === 'sc' || key === 'Script_Extensions' || key === 'scx') return value;
  throw new UnsupportedPattern(`the Unicode property \\p{${body}} (use a general category or a script)`);
}

/**
 * Rewrite an ECMAScript pattern (the `u` flag's syntax) into RE2's with the same meaning: `\s`, `\S` and `.` as
 * JavaScript defines them, long property names, then re2js's own translation (`\u{…}`, `(?<name>`, `[^]`…).
 * @throws UnsupportedPattern naming what RE2 cannot run.
 */
export function toRe2Syntax(pattern: string, dotAll = false): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S') {
        if (inClass)
          throw new UnsupportedPattern('\\S inside a character class (list the characters instead)');
        out += `[^${JS_SPACE}]`;
      } else if ((next === 'p' || next === 'P') && pattern[i + 2] === '{') {
        const end = pattern.indexOf('}', i + 3);
        if (end < 0) throw new UnsupportedPattern(`an unterminated \\${next}{`);
        out += `\\${next}{${propertyName(pattern.slice(i + 3, end))}}`;
        i = end;
        continue;
      } else if (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<'))
        throw new UnsupportedPattern(`the backreference \\${next}${next === 'k' ? '<…>' : ''}`);
      else out += c + next;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      // A `]` or `^]` right after `[` is a literal in RE2 but closes an empty class in JavaScript: `[]` / `[^]`.
      if (pattern.startsWith('^]', i + 1) || pattern[i + 1] === ']') {
        const empty = pattern[i + 1] === ']';
        out = `${out.slice(0, -1)}${empty ? '[^\\x00-\\x{10FFFF}]' : '[\\x00-\\x{10FFFF}]'}`;
        i += empty ? 1 : 2;
        inClass = false;
      }
      continue;
    }
    if (c === '(' && pattern[i + 1] === '?') {
      const look = pattern.slice(i, i + 4);
      if (look.startsWith('(?=') || look.startsWith('(?!'))
        throw new UnsupportedPattern(`the lookahead ${look.slice(0, 3)}…)`);
      if (look.startsWith('(?<=') || look.startsWith('(?<!'))
        throw new UnsupportedPattern(`the lookbehind ${look}…)`);
    }
    out += c === '.' && !dotAll ? JS_DOT : c;
  }
  return re2Library().RE2JS.translateRegExp(out);
}

/** RE2 flags for the JavaScript flags ajv passes (`u` always; RE2 is Unicode-aware anyway). */
function re2Flags(flags: string): number {
  let bits = 0;
  const { RE2JS } = re2Library();
  if (flags.includes('i')) bits |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) bits |= RE2JS.MULTILINE;
  if (flags.includes('s')) bits |= RE2JS.DOTALL;
  return bits;
}

/**
 * Compile a pattern for RE2. @throws UnsupportedPattern naming the construct RE2 cannot run, or the pattern's size
 * when it compiles to more than MAX_PATTERN_PROGRAM_SIZE instructions.
 */
export function compileLinearPattern(pattern: string, flags = 'u'): RE2JS {
  let compiled: RE2JS;
  try {
    compiled = re2Library().RE2JS.compile(toRe2Syntax(pattern, flags.includes('s')), re2Flags(flags));
  } catch (error) {
    if (error instanceof UnsupportedPattern) throw error;
    // re2js: "error parsing regexp: invalid or unsupported Perl syntax: `(?=`" → the part after the colon.
    const message = (error as Error).message.replace(/^error parsing regexp: /, '');
    throw new UnsupportedPattern(
      message.replace(
        /^invalid repeat count: (.*)$/,
        'the repeat count $1 (RE2 allows 1000 repetitions, nested counts multiplied)',
      ),
    );
  }
  const size = compiled.programSize();
  if (size > MAX_PATTERN_PROGRAM_SIZE)
    throw new UnsupportedPattern(
      `a pattern this large (${size} instructions compiled, at most ${MAX_PATTERN_PROGRAM_SIZE}): use fewer or smaller repetition counts`,
    );
  return compiled;
}

/** What the current validation's pattern tests may still do, in steps; Infinity outside one. */
let stepsLeft = Number.POSITIVE_INFINITY;
/** The current validation's whole budget (named in PatternBudgetExceeded). */
let stepBudget = PATTERN_STEP_BUDGET;

/** Run `validate` with a fresh step budget. @throws PatternBudgetExceeded once its tests would do more. */
export function withPatternBudget<T>(validate: () => T, budget = PATTERN_STEP_BUDGET): T {
  const outer = { stepsLeft, stepBudget };
  stepsLeft = budget;
  stepBudget = budget;
  try {
    return validate();
  } finally {
    ({ stepsLeft, stepBudget } = outer);
  }
}

function createLinearRegExp(pattern: string, flags: string): RegExpLike {
  const re = compileLinearPattern(pattern, flags);
  const size = re.programSize();
  const linear: RegExpLike & { toString(): string } = {
    test(value: string): boolean {
      stepsLeft -= (value.length + 1) * size;
      if (stepsLeft < 0) throw new PatternBudgetExceeded(stepBudget);
      return re.test(value);
    },
    // ajv keys compiled patterns by this string.
    toString: () => `/${pattern}/${flags}`,
  };
  return linear;
}

/** The ajv `code.regExp` engine: `new Ajv({ code: { regExp: linearRegExp } })`. */
export const linearRegExp: RegExpEngine = Object.assign(createLinearRegExp, {
  code: 'createLinearRegExp',
});
