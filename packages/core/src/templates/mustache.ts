/**
 * Mustache: parsing with mustache.js, rendering with our own small token walker so that
 * `{{{x}}}` / `{{& x}}` insert raw HTML only for variables marked `raw: true` — decided per value at run time,
 * from where the value was found (the object and key), so sections and dotted names cannot smuggle raw HTML.
 */
import { PictorError } from '../errors.js';
import { mustacheLibrary } from './lazy-libraries.js';

/** A parsed Mustache token: `[type, value, start, end, children?, sectionEnd?]`. */
export type Token = [string, string, number, number, Token[]?, number?];

/** Longest filled-in HTML (characters): nested sections over large arrays must not grow without bound. */
export const MAX_FILLED_LENGTH = 8 * 1024 * 1024;

/**
 * Steps a fill may take (each tag it visits and each pass through a section, once per array item it repeats for). The filled length
 * bounds the output, not the work: sections nested over two long arrays can visit millions of tags that write
 * nothing, on the caller's thread. A million visits take well under a second.
 */
export const MAX_FILL_STEPS = 1_000_000;

/** Where mustache.js says a syntax error is (`… at {offset}`): the offset and its 1-based line, for editors. */
function lineOf(content: string, message: string): { offset: number; line: number } | Record<string, never> {
  const match = / at (\d+)$/.exec(message);
  if (!match) return {};
  const offset = Math.min(Number(match[1]), content.length);
  let line = 1;
  for (let i = content.indexOf('\n'); i !== -1 && i < offset; i = content.indexOf('\n', i + 1)) line++;
  return { offset, line };
}

/**
 * Parse template content once. A private Writer is used so that mustache.js's global cache,
 * which never forgets a template, does not grow with every template a server ever compiles.
 * @throws PictorError `TEMPLATE_INVALID` for a syntax error or a partial (`{{> name}}`).
 */
export function parseContent(content: string): Token[] {
  let tokens: Token[];
  try {
    tokens = new (mustacheLibrary().Writer)().parse(content) as Token[];
  } catch (error) {
    const message = (error as Error).message;
    throw new PictorError('TEMPLATE_INVALID', `content: ${message}`, {
      field: 'content',
      rule: 'syntax',
      ...lineOf(content, message),
    });
  }
  flattenText(tokens);
  const partial = findPartial(tokens);
  if (partial) {
    throw new PictorError(
      'TEMPLATE_INVALID',
      `content: partials are not supported ({{> ${partial[1]}}} at character ${partial[2]}); put the markup in the template itself`,
      { field: 'content', rule: 'partial' },
    );
  }
  return tokens;
}

/**
 * mustache.js builds each text token one character at a time (`text += char`): a rope of as many pieces as the text
 * has characters, which every fill would walk again to copy (0.34 ms per fill for a 56 KB template). Converting a
 * string to a number makes V8 flatten it in place, once.
 */
function flattenText(tokens: Token[]): void {
  for (const token of tokens) {
    if (token[0] === 'text') Number(token[1]);
    if (token[4]) flattenText(token[4]);
  }
}

function findPartial(tokens: Token[]): Token | undefined {
  for (const token of tokens) {
    if (token[0] === '>') return token;
    const inner = token[4] ? findPartial(token[4]) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** Where raw output is allowed: `rawKeys(container)` lists the keys of that object (or `*` for array items) marked raw. */
export type RawKeys = (container: object) => ReadonlySet<string> | undefined;

interface Frame {
  view: unknown;
  /** Whether this frame's own value (`{{{.}}}`) may be inserted raw. */
  raw: boolean;
}

interface Found {
  value: unknown;
  raw: boolean;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * HTML-escape text for element content and quoted attribute values: `& < > " '`.
 * (mustache.js also escapes `/`, `=` and backticks; left out so URLs and base64 data stay readable to the parser.)
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

function step(container: unknown, key: string): { hit: boolean; value?: unknown } {
  if (Array.isArray(container)) {
    if (key === 'length') return { hit: true, value: container.length };
    if (/^\d+$/.test(key) && Number(key) < container.length)
      return { hit: true, value: container[Number(key)] };
    return { hit: false };
  }
  if (typeof container === 'object' && container !== null) {
    return Object.hasOwn(container, key)
      ? { hit: true, value: (container as Record<string, unknown>)[key] }
      : { hit: false };
  }
  if (typeof container === 'string' && key === 'length') return { hit: true, value: container.length };
  return { hit: false };
}

/** Mustache name lookup: innermost frame first; a dotted name must resolve completely within one frame. */
function lookup(name: string, stack: Frame[], rawKeys: RawKeys): Found {
  const top = stack[stack.length - 1] as Frame;
  if (name === '.') return { value: top.view, raw: top.raw };
  const segments = name.split('.');
  for (let i = stack.length - 1; i >= 0; i--) {
    let value = (stack[i] as Frame).view;
    let raw = false;
    let hit = true;
    for (const segment of segments) {
      const next = step(value, segment);
      if (!next.hit) {
        hit = false;
        break;
      }
      raw = typeof value === 'object' && value !== null && isRawKey(rawKeys, value, segment);
      value = next.value;
    }
    if (hit) return { value, raw };
  }
  return { value: undefined, raw: false };
}

function isRawKey(rawKeys: RawKeys, container: object, key: string): boolean {
  const keys = rawKeys(container);
  return keys?.has(Array.isArray(container) ? '*' : key) === true;
}

class Output {
  parts: string[] = [];
  length = 0;
  steps = 0;
  /** Count `n` tag visits. @throws PictorError VARIABLE_INVALID over MAX_FILL_STEPS */
  visit(n: number): void {
    this.steps += n;
    if (this.steps > MAX_FILL_STEPS) {
      throw new PictorError(
        'VARIABLE_INVALID',
        `variables: filling the template with these values takes more than ${MAX_FILL_STEPS} steps (sections repeated over long arrays, nested); send fewer items, or give the arrays a maxItems`,
        { field: 'variables', rule: 'fillSteps' },
      );
    }
  }
  push(text: string): void {
    this.length += text.length;
    if (this.length > MAX_FILLED_LENGTH) {
      throw new PictorError(
        'INVALID_INPUT',
        `content: the filled-in template is longer than ${MAX_FILLED_LENGTH} characters; send fewer or shorter values`,
        { field: 'content', rule: 'maxLength' },
      );
    }
    this.parts.push(text);
  }
}

function renderInto(out: Output, tokens: Token[], stack: Frame[], rawKeys: RawKeys): void {
  // The pass itself counts: a section over an array is entered once per item, even with nothing inside.
  out.visit(tokens.length + 1);
  for (const token of tokens) {
    const [type, name] = token;
    switch (type) {
      case 'text':
        out.push(name);
        break;
      case 'name':
      case '&': {
        const { value, raw } = lookup(name, stack, rawKeys);
        if (value == null) break;
        const text = String(value);
        out.push(type === '&' && raw ? text : escapeHtml(text));
        break;
      }
      case '#': {
        const { value, raw } = lookup(name, stack, rawKeys);
        const children = token[4] ?? [];
        if (Array.isArray(value)) {
          const itemsRaw = isRawKey(rawKeys, value, '*');
          for (const item of value)
            renderInto(out, children, [...stack, { view: item, raw: itemsRaw }], rawKeys);
        } else if (value === true) {
          renderInto(out, children, stack, rawKeys);
        } else if (value) {
          renderInto(out, children, [...stack, { view: value, raw }], rawKeys);
        }
        break;
      }
      case '^': {
        const { value } = lookup(name, stack, rawKeys);
        if (!value || (Array.isArray(value) && value.length === 0))
          renderInto(out, token[4] ?? [], stack, rawKeys);
        break;
      }
      default:
        // Comments (`!`) and delimiter changes (`=`) produce nothing; partials were refused at parse time.
        break;
    }
  }
}

/**
 * Render parsed tokens against a view. `{{x}}` is escaped; `{{{x}}}` and `{{& x}}` are raw only when
 * `rawKeys` says the key the value came from is raw. Missing names render empty.
 * @throws PictorError `INVALID_INPUT` when the output would exceed MAX_FILLED_LENGTH.
 */
export function renderTokens(tokens: Token[], view: object, rawKeys: RawKeys): string {
  const out = new Output();
  renderInto(out, tokens, [{ view, raw: false }], rawKeys);
  return out.parts.join('');
}
