/** The request target of an image URL: both forms, what is signed, and the rules for `sign`. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/errors.js';
import { parseImageParams, typeVariables } from '../src/services/image-url-params.js';
import { parseImageTarget, verifyImageTarget } from '../src/services/image-url-target.js';
import { deriveUrlKeySecret } from '../src/services/url-keys.js';
import { createWindowCounter } from '../src/services/window-counter.js';

const SECRET = 'us_test-secret';
const sign = (text: string) => createHmac('sha256', SECRET).update(text).digest('base64url');

function codeOf(fn: () => unknown): [number, number] | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return [error.statusCode, error.code];
    throw error;
  }
  return undefined;
}

describe('parseImageTarget', () => {
  it('query form: signs the target up to &sign=, exactly as sent', () => {
    const signed = '/img/uk_a/card.v2.png?title=Hello%20World&n=1';
    const target = parseImageTarget(`${signed}&sign=${sign(signed)}`);
    expect(target).toEqual({
      keyId: 'uk_a',
      templateId: 'card.v2',
      format: 'png',
      query: 'title=Hello%20World&n=1',
      signed,
      sign: sign(signed),
    });
    expect(() => verifyImageTarget(target, SECRET)).not.toThrow();
  });

  it('query form without parameters signs the path alone (?sign=)', () => {
    const target = parseImageTarget(`/img/uk_a/card.jpg?sign=${sign('/img/uk_a/card.jpg')}`);
    expect([target.signed, target.query, target.format]).toEqual(['/img/uk_a/card.jpg', '', 'jpeg']);
    expect(() => verifyImageTarget(target, SECRET)).not.toThrow();
  });

  it('path form: the same signed string as the query form', () => {
    const query = 'title=Hello%20World&n=1';
    const q = Buffer.from(query).toString('base64url');
    const signature = sign(`/img/uk_a/card.webp?${query}`);
    const target = parseImageTarget(`/img/uk_a/card/${q}/${signature}.webp`);
    expect(target).toMatchObject({ keyId: 'uk_a', templateId: 'card', format: 'webp', query });
    expect(target.signed).toBe(`/img/uk_a/card.webp?${query}`);
    expect(() => verifyImageTarget(target, SECRET)).not.toThrow();
    const bare = parseImageTarget(`/img/uk_a/card/-/${sign('/img/uk_a/card.webp')}.webp`);
    expect([bare.signed, bare.query]).toEqual(['/img/uk_a/card.webp', '']);
  });

  it('path form: only canonical base64url of UTF-8 in {q}, and no query string', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const query = 'title=Hello'; // 11 bytes: 15 characters, the last with 2 spare bits
    const q = Buffer.from(query).toString('base64url');
    const signature = sign(`/img/uk_a/card.png?${query}`);
    const at = (segment: string, tail = '') => `/img/uk_a/card/${segment}/${signature}.png${tail}`;
    expect(parseImageTarget(at(q)).query).toBe(query);
    const spare = `${q.slice(0, -1)}${alphabet[alphabet.indexOf(q.at(-1) as string) | 1]}`;
    expect(spare).not.toBe(q);
    expect(Buffer.from(spare, 'base64url').toString()).toBe(query);
    const padded = Buffer.from(query).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
    expect(padded).toMatch(/=$/);
    for (const segment of [spare, `${q}AA`, padded, `${q}%3D`]) {
      expect([segment, codeOf(() => parseImageTarget(at(segment)))]).toEqual([segment, [403, 10109]]);
    }
    expect(() => parseImageTarget(at(spare))).toThrow(/not canonical base64url/);

    // Invalid UTF-8 would read as U+FFFD: refused rather than taken as the signed text with U+FFFD.
    const replaced = 'title=\uFFFD';
    const signedReplaced = sign(`/img/uk_a/card.png?${replaced}`);
    const atReplaced = (bytes: Buffer) =>
      `/img/uk_a/card/${bytes.toString('base64url')}/${signedReplaced}.png`;
    expect(() =>
      verifyImageTarget(parseImageTarget(atReplaced(Buffer.from(replaced))), SECRET),
    ).not.toThrow();
    for (const bad of [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      const bytes = Buffer.concat([Buffer.from('title='), Buffer.from(bad)]);
      expect(bytes.toString('utf8')).toContain('\uFFFD');
      expect(codeOf(() => parseImageTarget(atReplaced(bytes)))).toEqual([403, 10109]);
      expect(() => parseImageTarget(atReplaced(bytes))).toThrow(/UTF-8/);
    }
    // A byte order mark is text like any other: it is signed, not dropped.
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(query)]);
    expect(parseImageTarget(at(bom.toString('base64url'))).query).toBe(`\uFEFF${query}`);
    expect(codeOf(() => verifyImageTarget(parseImageTarget(at(bom.toString('base64url'))), SECRET))).toEqual([
      403, 10109,
    ]);

    for (const tail of ['?', '?x=1', `?sign=${signature}`, '?title=Other']) {
      expect([tail, codeOf(() => parseImageTarget(at(q, tail)))]).toEqual([tail, [400, 10103]]);
      expect(codeOf(() => parseImageTarget(`/img/uk_a/card/-/${signature}.png${tail}`))).toEqual([
        400, 10103,
      ]);
    }
    expect(() => parseImageTarget(at(q, '?x=1'))).toThrow(/path form takes no query string/);
  });

  it('sign missing, not last, or twice is 403 / 10109; other shapes are 404 / 10105', () => {
    expect(codeOf(() => parseImageTarget('/img/uk_a/card.png?title=x'))).toEqual([403, 10109]);
    expect(codeOf(() => parseImageTarget('/img/uk_a/card.png'))).toEqual([403, 10109]);
    expect(codeOf(() => parseImageTarget('/img/uk_a/card.png?sign=abc&title=x'))).toEqual([403, 10109]);
    expect(codeOf(() => parseImageTarget('/img/uk_a/card.png?sign=a&sign=b'))).toEqual([403, 10109]);
    expect(codeOf(() => parseImageTarget('/img/uk_a/card/!!/sig.png'))).toEqual([403, 10109]);
    expect(codeOf(() => parseImageTarget('/img/uk_a/card.gif?sign=x'))).toEqual([404, 10105]);
    expect(codeOf(() => parseImageTarget('/img/uk_a.png?sign=x'))).toEqual([404, 10105]);
    expect(codeOf(() => parseImageTarget('/img/uk_a/%E0%A4%A/x.png?sign=x'))).toEqual([404, 10105]);
  });

  it('a signature of another string, or of another secret, does not verify', () => {
    const signed = '/img/uk_a/card.png?title=x';
    for (const url of [
      `${signed}&sign=${sign('/img/uk_a/card.png?title=y')}`,
      `/img/uk_a/card.png?title=X&sign=${sign(signed)}`,
      `${signed}&sign=${sign(signed).slice(1)}`,
      `${signed}&sign=${createHmac('sha256', 'other').update(signed).digest('base64url')}`,
    ]) {
      expect(codeOf(() => verifyImageTarget(parseImageTarget(url), SECRET))).toEqual([403, 10109]);
    }
  });
});

describe('URL key secrets', () => {
  it('are derived from the signing secret and the key id: stable, distinct per key and per signing secret', () => {
    const a = deriveUrlKeySecret('signing-secret-0123456789', 'uk_a');
    expect(a).toMatch(/^us_[A-Za-z0-9_-]{43}$/);
    expect(deriveUrlKeySecret('signing-secret-0123456789', 'uk_a')).toBe(a);
    expect(deriveUrlKeySecret('signing-secret-0123456789', 'uk_b')).not.toBe(a);
    expect(deriveUrlKeySecret('another-signing-secret-xyz', 'uk_a')).not.toBe(a);
  });
});

describe('parseImageParams and typeVariables', () => {
  const limits = { maxDimension: 4096, maxRequestVariables: 3 };
  it('reads reserved parameters strictly and keeps variables as decoded text', () => {
    const params = parseImageParams('title=A+b%26c&_w=1200&_h=630&_q=80&_scale=1.5&_v=3', limits);
    expect(params).toEqual({
      text: new Map([['title', 'A b&c']]),
      width: 1200,
      height: 630,
      quality: 80,
      scale: 1.5,
      revision: 3,
    });
    for (const bad of [
      '_w=1.0',
      '_w=+1',
      '_h=4097',
      '_q=-1',
      '_scale=1e0',
      '_scale=0.5',
      '_v=0',
      '_x=1',
      'a=1&b=2&c=3&d=4',
    ])
      expect([bad, codeOf(() => parseImageParams(bad, limits))]).toEqual([bad, [400, 10103]]);
  });

  it('types text by definition; undefined names are dropped; text that does not parse stays text', () => {
    const defs = {
      n: { type: 'number' as const },
      i: { type: 'integer' as const },
      b: { type: 'boolean' as const },
      a: { type: 'array' as const, items: { type: 'string' as const } },
      s: { type: 'string' as const },
    };
    const text = new Map([
      ['n', '-1.5e2'],
      ['i', '7'],
      ['b', 'false'],
      ['a', '["x"]'],
      ['s', '12'],
      ['other', '1'],
    ]);
    expect(typeVariables(text, defs)).toEqual({ n: -150, i: 7, b: false, a: ['x'], s: '12' });
    expect(
      typeVariables(
        new Map([
          ['n', '1,5'],
          ['b', 'TRUE'],
          ['a', '[x'],
        ]),
        defs,
      ),
    ).toEqual({
      n: '1,5',
      b: 'TRUE',
      a: '[x',
    });
  });
});

describe('createWindowCounter', () => {
  it('allows max actions per key per window, then says when to retry', async () => {
    let now = 0;
    const counter = createWindowCounter(2, 10_000, () => now);
    expect(await counter.take('a')).toEqual({ ok: true });
    expect(await counter.take('a')).toEqual({ ok: true });
    expect(await counter.take('b')).toEqual({ ok: true });
    now = 2_500;
    expect(await counter.take('a')).toEqual({ ok: false, retryAfterSeconds: 8 });
    now = 10_000;
    expect(await counter.take('a')).toEqual({ ok: true });
  });
});
