/** Signed file links: the exact format of docs/contract/decisions.md "Links", and every way a link can be wrong. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LINK_TTL_SECONDS,
  createFileLink,
  readLinkQuery,
  signFilePath,
  verifyFileLink,
} from '../src/services/links.js';

const secret = 'test-secret-0123456789';
const objectKey = `${'0f'.repeat(32)}.png`;
const T = 1_900_000_000_000; // ms
const clock = (ms: number) => () => ms;

function parts(url: string) {
  const parsed = new URL(url);
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires') ?? undefined,
    sign: parsed.searchParams.get('sign') ?? undefined,
  };
}

describe('createFileLink', () => {
  it('builds {PUBLIC_URL}/files/{key}.{ext}?expires={now+300}&sign={base64url HMAC}', () => {
    const link = createFileLink({
      publicUrl: 'https://img.example.com/',
      secret,
      objectKey,
      now: clock(T + 999),
    });
    const expires = T / 1000 + 300;
    const expected = createHmac('sha256', secret)
      .update(`/files/${objectKey}\n${expires}`)
      .digest('base64url');
    expect(link.url).toBe(`https://img.example.com/files/${objectKey}?expires=${expires}&sign=${expected}`);
    expect(link).toMatchObject({ path: `/files/${objectKey}`, expires });
    expect(expected).not.toMatch(/[=+/]/);
    expect(LINK_TTL_SECONDS).toBe(300);
  });
});

describe('verifyFileLink', () => {
  const link = createFileLink({ publicUrl: 'http://127.0.0.1:3000', secret, objectKey, now: clock(T) });
  const good = parts(link.url);
  const check = (over: Partial<typeof good>, now = T + 1000) =>
    verifyFileLink({ secret, ...good, ...over, now: clock(now) });

  it('accepts a valid link and tells how long it stays valid', () => {
    expect(check({})).toEqual({ ok: true, expires: link.expires, remainingSeconds: 299 });
    expect(check({}, T + 299_999)).toMatchObject({ ok: true, remainingSeconds: 1 });
  });

  it('rejects a tampered path', () => {
    expect(check({ path: `/files/${'0f'.repeat(32)}.jpg` })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(check({ path: `/files/${'1f'.repeat(32)}.png` })).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('rejects a tampered expires, even a later one', () => {
    expect(check({ expires: String(link.expires + 3600) })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(check({ expires: String(link.expires - 1) })).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('rejects a tampered sign, including the last character only', () => {
    const sign = good.sign as string;
    const last = sign.at(-1) === 'A' ? 'B' : 'A';
    expect(check({ sign: `${sign.slice(0, -1)}${last}` })).toEqual({ ok: false, reason: 'bad-signature' });
    // 'A'..'D' decode to the same final bytes: the text must be compared, not the bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = sign.slice(0, -1) + alphabet[alphabet.indexOf(sign.at(-1) as string) ^ 1];
    expect(Buffer.from(sibling, 'base64url').equals(Buffer.from(sign, 'base64url'))).toBe(true);
    expect(check({ sign: sibling })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(check({ sign: signFilePath('other-secret', good.path, link.expires) })).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('rejects a missing sign or expires', () => {
    expect(check({ sign: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(check({ sign: '' })).toEqual({ ok: false, reason: 'missing' });
    expect(check({ expires: undefined })).toEqual({ ok: false, reason: 'missing' });
  });

  it('rejects malformed values', () => {
    for (const expires of [
      '-1',
      '+1',
      ' 1',
      '1e9',
      '0x10',
      '1.5',
      '9'.repeat(13),
      `0${link.expires}`,
      '00',
    ]) {
      expect(check({ expires })).toEqual({ ok: false, reason: 'malformed' });
    }
    for (const sign of [
      'short',
      `${good.sign}=`,
      `${good.sign}A`,
      (good.sign as string).replace(/.$/, '+'),
    ]) {
      expect(check({ sign })).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('rejects an expired link (injected clock), also at the exact second', () => {
    expect(check({}, T + 300_000)).toEqual({ ok: false, reason: 'expired' });
    expect(check({}, T + 10_000_000)).toEqual({ ok: false, reason: 'expired' });
  });
});

describe('readLinkQuery', () => {
  it('reads expires and sign as written, only from the query a link is issued with', () => {
    expect(readLinkQuery('expires=12&sign=ab-_')).toEqual({ expires: '12', sign: 'ab-_' });
    // Not percent-decoded: %31 is not the digit 1 here.
    expect(readLinkQuery('expires=%312&sign=ab')).toEqual({ expires: '%312', sign: 'ab' });
    expect(readLinkQuery('expires=&sign=')).toEqual({ expires: '', sign: '' });
  });

  it('tells a query without expires or sign from one spelt otherwise', () => {
    for (const query of ['', 'expires=12', 'sign=ab', 'x=1&sign=ab']) {
      expect(readLinkQuery(query)).toEqual({ expires: undefined, sign: undefined });
    }
    for (const query of [
      'sign=ab&expires=12',
      'expires=12&sign=ab&x=1',
      'x=1&expires=12&sign=ab',
      'expires=12&sign=ab&',
      'expires=12&expires=12&sign=ab',
      'expires=12&sign=ab&sign=ab',
    ]) {
      expect(readLinkQuery(query)).toBeUndefined();
    }
  });
});
