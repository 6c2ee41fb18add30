/** imageUrl against the published test vectors (README), an independent HMAC, and Python's own implementation. */
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImageUrlOptions, imageQuery, imageUrl, signImageTarget } from '../src/index.js';

interface Vector {
  name: string;
  input: ImageUrlOptions;
  url: string;
}
const here = import.meta.dirname;
const vectors = JSON.parse(readFileSync(join(here, 'vectors.json'), 'utf8')) as Vector[];
const readme = readFileSync(join(here, '..', 'README.md'), 'utf8');
const BASE = {
  baseUrl: 'https://img.example.com',
  keyId: 'uk_example',
  secret: 'us_example_secret_do_not_use',
};

describe('published test vectors', () => {
  it.each(vectors.map((v) => [v.name, v] as const))('%s', async (_name, vector) => {
    expect(await imageUrl(vector.input)).toBe(vector.url);
  });

  it('every vector is in the README, input and URL', () => {
    for (const vector of vectors) {
      expect(readme).toContain(vector.url);
      expect(readme).toContain(JSON.stringify(vector.input));
    }
  });

  it('reproduce with a short Python script using only its standard library', () => {
    const python = spawnSync('python3', ['--version']);
    if (python.error) {
      // Python 3 is on every machine this project is tested on; say so loudly if it is not.
      throw new Error(`python3 is needed for this test: ${python.error.message}`);
    }
    const run = spawnSync('python3', [join(here, 'vectors.py'), join(here, 'vectors.json')], {
      encoding: 'utf8',
    });
    expect([run.status, run.stdout.trim()]).toEqual([0, 'all vectors match']);
    expect(readFileSync(join(here, 'vectors.py'), 'utf8').trim().split('\n').length).toBeLessThanOrEqual(15);
  });
});

describe('imageUrl', () => {
  it('signs the query form target up to &sign= with HMAC-SHA256 (checked with node:crypto)', async () => {
    const url = await imageUrl({ ...BASE, template: 'card', variables: { b: 2, a: 'x y' }, form: 'query' });
    const target = '/img/uk_example/card.png?a=x%20y&b=2';
    expect(url).toBe(
      `https://img.example.com${target}&sign=${createHmac('sha256', BASE.secret).update(target).digest('base64url')}`,
    );
    expect(await signImageTarget(BASE.secret, target)).toBe(url.slice(url.indexOf('&sign=') + 6));
  });

  it('the path form carries the same signature over the same string', async () => {
    const query = await imageUrl({ ...BASE, template: 'card', variables: { t: 'ü' }, form: 'query' });
    const path = await imageUrl({ ...BASE, template: 'card', variables: { t: 'ü' } });
    const signature = query.slice(query.indexOf('&sign=') + 6);
    expect(path).toBe(
      `https://img.example.com/img/uk_example/card/${Buffer.from('t=%C3%BC').toString('base64url')}/${signature}.png`,
    );
  });

  it('the path form writes q as the server accepts it: canonical base64url of UTF-8, no query string', async () => {
    const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    // Lengths 1 to 6 give every count of spare bits in the last character (0, 2 and 4).
    for (const t of ['a', 'ab', 'abc', 'ü', '\u{1F600}', 'a b+c/d?e']) {
      const url = new URL(await imageUrl({ ...BASE, template: 'card', variables: { t } }));
      expect(url.search).toBe('');
      const q = url.pathname.split('/')[4] ?? '';
      expect(q).toMatch(/^[A-Za-z0-9_-]+$/);
      const bytes = Buffer.from(q, 'base64url');
      expect(bytes.toString('base64url')).toBe(q);
      expect(strictUtf8.decode(bytes)).toBe(imageQuery({ variables: { t } }));
    }
  });

  it('variables are sorted, null and undefined dropped, reserved names refused', async () => {
    expect(imageQuery({ variables: { z: 1, a: true, m: null, n: undefined, arr: [1, 'x'] } })).toBe(
      'a=true&arr=%5B1%2C%22x%22%5D&z=1',
    );
    await expect(imageUrl({ ...BASE, template: 't', variables: { _w: 1 } })).rejects.toThrow(
      'variables._w: names starting with _ are reserved',
    );
    await expect(
      imageUrl({ ...BASE, template: 't', variables: { x: { a: 1 } as unknown as string } }),
    ).rejects.toThrow('variables.x: must be a string, number, boolean or array');
    await expect(imageUrl({ ...BASE, template: 't', variables: { x: Number.NaN } })).rejects.toThrow(
      'variables.x: must be a finite number',
    );
  });

  it('checks its options with messages that name them; jpeg and jpg both give .jpg', async () => {
    const bad: [Partial<ImageUrlOptions>, string][] = [
      [{ width: 0 }, 'width: must be a positive integer'],
      [{ height: 1.5 }, 'height: must be a positive integer'],
      [{ quality: 101 }, 'quality: must be an integer from 0 to 100'],
      [{ scale: 5 }, 'scale: must be a number from 1 to 4'],
      [{ revision: 0 }, 'revision: must be a positive integer'],
      [{ format: 'gif' as 'png' }, 'format: must be one of png, jpeg, jpg, webp, avif, auto, got gif'],
      [{ maxBytes: 1023 }, 'maxBytes: must be an integer of at least 1024'],
      [{ secret: '' }, 'secret: is required'],
    ];
    for (const [options, message] of bad) {
      await expect(imageUrl({ ...BASE, template: 't', ...options })).rejects.toThrow(message);
    }
    for (const format of ['jpeg', 'jpg'] as const) {
      expect(await imageUrl({ ...BASE, template: 't', format })).toMatch(/\.jpg$/);
    }
  });

  it('avif and auto name their extensions; maxBytes is _bytes', async () => {
    expect(await imageUrl({ ...BASE, template: 't', format: 'avif' })).toMatch(/\.avif$/);
    const auto = await imageUrl({ ...BASE, template: 't', format: 'auto', maxBytes: 50_000, form: 'query' });
    expect(auto).toMatch(/\/img\/[^/]+\/t\.auto\?_bytes=50000&sign=/);
  });
});
