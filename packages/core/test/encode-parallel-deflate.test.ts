import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateInParts } from '../src/encode/parallel-deflate.js';

describe('deflateInParts', () => {
  it('gives one zlib stream that inflates to the input, checksum included, however the input is cut', async () => {
    const data = Buffer.alloc(300_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 9)) & 0xff;
    for (const cuts of [[], [1], [150_000], [100_000, 200_000], [299_999], [70_001, 70_002, 250_000]]) {
      const stream = await deflateInParts(data, cuts, 3, 1 << 20);
      // inflateSync verifies the header and the Adler-32 trailer and throws when either is wrong.
      expect(zlib.inflateSync(stream).equals(data), `cuts ${cuts.join(',')}`).toBe(true);
    }
  });

  it('is refused by a decoder when the checksum is wrong (the test above can fail)', async () => {
    const data = Buffer.from('pictor '.repeat(10_000));
    const stream = await deflateInParts(data, [35_000], 3, 1 << 20);
    stream[stream.length - 1] = (stream[stream.length - 1] as number) ^ 1;
    expect(() => zlib.inflateSync(stream)).toThrow(/incorrect data check/);
  });
});
