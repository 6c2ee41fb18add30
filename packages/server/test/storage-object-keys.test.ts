/** Content-derived object keys: identical requests share a key, any change that alters pixels does not. */
import { describe, expect, it } from 'vitest';
import {
  type ObjectKeyInput,
  deriveObjectKey,
  fontFingerprint,
  parseObjectKey,
} from '../src/services/object-keys.js';
import { objectKeyOf } from '../src/services/render-job.js';
import { isValidStorageKey } from '../src/storage/keys.js';

const base: ObjectKeyInput = {
  content: '<div>Hi</div>',
  width: 300,
  height: 100,
  format: 'webp',
  quality: 80,
};

describe('deriveObjectKey', () => {
  it('is {sha256 hex}.{png|jpg|webp}, a valid storage key', () => {
    expect(deriveObjectKey(base)).toMatch(/^[0-9a-f]{64}\.webp$/);
    expect(deriveObjectKey({ ...base, format: 'jpeg' })).toMatch(/\.jpg$/);
    expect(deriveObjectKey({ ...base, format: 'png' })).toMatch(/\.png$/);
    expect(isValidStorageKey(deriveObjectKey(base))).toBe(true);
  });

  it('is stable for identical requests, whatever the object key order of extra', () => {
    expect(deriveObjectKey({ ...base, extra: { a: 1, b: 'x' } })).toBe(
      deriveObjectKey({
        extra: { b: 'x', a: 1 },
        quality: 80,
        format: 'webp',
        height: 100,
        width: 300,
        content: '<div>Hi</div>',
      }),
    );
    expect(deriveObjectKey({ ...base, fonts: [] })).toBe(deriveObjectKey(base));
    expect(deriveObjectKey({ ...base, width: undefined })).toBe(deriveObjectKey({ ...base, width: null }));
  });

  it('changes with html, size, format, quality, fonts and extra', () => {
    const variants: ObjectKeyInput[] = [
      base,
      { ...base, content: '<div>Hi!</div>' },
      { ...base, width: 301 },
      { ...base, height: 101 },
      { ...base, width: null },
      { ...base, format: 'jpeg' },
      { ...base, quality: 81 },
      { ...base, fonts: ['a'] },
      { ...base, fonts: ['a', 'b'] },
      { ...base, fonts: ['b', 'a'] },
      { ...base, extra: { engine: '1' } },
      // Fields must not run together: "ab" + "c" differs from "a" + "bc".
      { ...base, fonts: ['ab', 'c'] },
      { ...base, fonts: ['a', 'bc'] },
      // The HTML follows the parameters after a NUL; HTML that imitates parameters cannot collide.
      { ...base, content: '\u0000<div>Hi</div>' },
      { ...base, width: 30, content: '0,100,"webp",80,[],[]]\u0000<div>Hi</div>' },
    ];
    expect(new Set(variants.map(deriveObjectKey)).size).toBe(variants.length);
  });

  it('ignores quality for png only', () => {
    expect(deriveObjectKey({ ...base, format: 'png', quality: 10 })).toBe(
      deriveObjectKey({ ...base, format: 'png', quality: 90 }),
    );
    expect(deriveObjectKey({ ...base, format: 'jpeg', quality: 10 })).not.toBe(
      deriveObjectKey({ ...base, format: 'jpeg', quality: 90 }),
    );
  });
});

describe('objectKeyOf', () => {
  it('gives the keys stored objects already have (a renamed field must not orphan them)', () => {
    // sha256 of ["pictor-object-v2",300,100,"webp",80,[],[["owner","acc-1"],["scale",2]]] NUL <div>Hi</div>
    const key = objectKeyOf({
      accountId: 'acc-1',
      templateId: undefined,
      content: '<div>Hi</div>',
      width: 300,
      height: 100,
      format: 'webp',
      quality: 80,
      scale: 2,
      fonts: [],
    });
    expect(key).toBe('4aef0caf560723f0c15092fc5c1f2b6cdb5eaa69957c89ec6e9277e056eb92c2.webp');
  });

  it('keys a textPositioning other than auto apart (auto keeps the key it always had)', () => {
    const job = {
      accountId: 'acc-1',
      templateId: undefined,
      content: '<div>Hi</div>',
      width: 300,
      height: 100,
      format: 'webp' as const,
      quality: 80,
      scale: 2,
      fonts: [],
    };
    const plain = objectKeyOf(job);
    expect(objectKeyOf({ ...job, textPositioning: 'auto' })).toBe(plain);
    const keys = new Set([plain, objectKeyOf({ ...job, textPositioning: 'fractional' })]);
    keys.add(objectKeyOf({ ...job, textPositioning: 'whole-pixel' }));
    expect(keys.size).toBe(3);
  });
});

describe('fontFingerprint / parseObjectKey', () => {
  it('fingerprints fonts by family, weight, style and bytes', () => {
    const bytes = Buffer.from('font');
    const one = fontFingerprint('Inter', 400, 'normal', bytes);
    expect(fontFingerprint('Inter', 400, 'normal', Buffer.from('font'))).toBe(one);
    expect(
      new Set([
        one,
        fontFingerprint('Inter', 700, 'normal', bytes),
        fontFingerprint('Inter', 400, 'italic', bytes),
        fontFingerprint('Inter2', 400, 'normal', bytes),
        fontFingerprint('Inter', 400, 'normal', Buffer.from('font2')),
      ]).size,
    ).toBe(5);
  });

  it('parses keys it makes and nothing else', () => {
    const key = deriveObjectKey({ ...base, format: 'jpeg' });
    expect(parseObjectKey(key)).toEqual({ hash: key.slice(0, 64), ext: 'jpg', format: 'jpeg' });
    for (const bad of [
      'x.png',
      `${'a'.repeat(64)}.jpeg`,
      `${'A'.repeat(64)}.png`,
      `${'a'.repeat(64)}.png/`,
      `../${'a'.repeat(61)}.png`,
    ]) {
      expect(parseObjectKey(bad)).toBeNull();
    }
  });
});
