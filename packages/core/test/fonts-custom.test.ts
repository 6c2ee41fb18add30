import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PictorError } from '../src/errors.js';
import { createFetcher } from '../src/fetch/index.js';
import { fontHash, loadFontBytes, loadFontSpecs } from '../src/fonts/custom.js';
import { checkSfnt, sniffFontFormat, toSfnt } from '../src/fonts/font-format.js';
import { startServer, type TestServer } from './fixtures/http-server.js';
import { encodeWoff } from './fixtures/woff.js';

const require = createRequire(import.meta.url);
const ttf = readFileSync(
  require.resolve('@expo-google-fonts/jetbrains-mono/400Regular/JetBrainsMono_400Regular.ttf'),
);
const woff2 = readFileSync(new URL('./fixtures/fonts/JetBrainsMono-Regular.woff2', import.meta.url));
const otf = readFileSync(new URL('./fixtures/fonts/NotoSans-Regular.otf', import.meta.url));
const woff = encodeWoff(ttf);

/** The tables of an sfnt by tag (bytes), to compare fonts whatever their table order and padding. */
function tables(font: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const at = 12 + i * 16;
    const offset = font.readUInt32BE(at + 8);
    out.set(
      font.toString('latin1', at, at + 4),
      font.subarray(offset, offset + font.readUInt32BE(at + 12)).toString('hex'),
    );
  }
  return out;
}

async function rejection(promise: Promise<unknown>): Promise<PictorError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PictorError);
  return error as PictorError;
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    '/mono.woff2': (_req, res) => res.end(woff2),
    '/noto.otf': (_req, res) => res.end(otf),
    '/garbage.ttf': (_req, res) => res.end(Buffer.from('<html>not a font</html>')),
  });
});
afterAll(() => server.close());
const fetcher = createFetcher({ allowList: ['127.0.0.1'] });

describe('font formats', () => {
  it('sniffs formats by magic bytes', () => {
    expect(sniffFontFormat(ttf)).toBe('ttf');
    expect(sniffFontFormat(otf)).toBe('otf');
    expect(sniffFontFormat(woff)).toBe('woff');
    expect(sniffFontFormat(woff2)).toBe('woff2');
    expect(sniffFontFormat(Buffer.from('ttcf....'))).toBe('collection');
    expect(sniffFontFormat(Buffer.from('GIF89a'))).toBeUndefined();
  });

  it('turns WOFF2 and WOFF into an sfnt with the same tables as the TTF', async () => {
    const fromWoff2 = await toSfnt(woff2);
    const fromWoff = await toSfnt(woff);
    expect(sniffFontFormat(fromWoff2)).toBe('ttf');
    const reference = tables(ttf);
    const decodedWoff = tables(fromWoff);
    expect(decodedWoff).toEqual(reference);
    // WOFF2 rebuilds glyf/loca (same glyphs, possibly different padding); every other table is byte-identical.
    const decodedWoff2 = tables(fromWoff2);
    expect([...decodedWoff2.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [tag, hex] of reference)
      if (tag !== 'glyf' && tag !== 'loca' && tag !== 'head') expect(decodedWoff2.get(tag)).toBe(hex);
    expect(() => checkSfnt(fromWoff2)).not.toThrow();
  });

  it('decodes two WOFF2 fonts at once into their own bytes (wawoff2 reuses its memory)', async () => {
    const { compress } = await import('wawoff2');
    const other = Buffer.from(await compress(otf));
    const [aloneFirst, aloneSecond] = [await toSfnt(woff2), await toSfnt(other)];
    const [first, second] = await Promise.all([toSfnt(woff2), toSfnt(other)]);
    expect(first.equals(aloneFirst)).toBe(true);
    expect(second.equals(aloneSecond)).toBe(true);
  });

  it('passes OTF (CFF) through unchanged', async () => {
    const out = await toSfnt(otf);
    expect(out.equals(otf)).toBe(true);
  });
});

describe('loadFontBytes', () => {
  it.each([
    ['ttf', ttf],
    ['otf', otf],
    ['woff', woff],
    ['woff2', woff2],
  ])('loads %s into a satori-ready sfnt that satori’s parser reads', async (_format, bytes) => {
    const data = await loadFontBytes(bytes, 'Mono');
    expect(['ttf', 'otf']).toContain(sniffFontFormat(data));
    const opentype = createRequire(require.resolve('satori/package.json'))('@shuding/opentype.js');
    const font = opentype.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
    expect(font.charToGlyph('A').advanceWidth).toBeGreaterThan(0);
  });

  it('returns the same Buffer object for the same content', async () => {
    const a = await loadFontBytes(ttf, 'Mono');
    const b = await loadFontBytes(Buffer.from(ttf), 'Other name');
    expect(b).toBe(a);
    const c = await loadFontBytes(woff, 'Mono');
    expect(await loadFontBytes(Buffer.from(woff), 'Mono')).toBe(c);
  });

  it.each([
    [
      'garbage',
      Buffer.from('this is definitely not a font file'),
      'not a font file (expected TTF, OTF, WOFF or WOFF2; the data starts with 0x74686973)',
    ],
    ['truncated ttf', ttf.subarray(0, 40_000), 'truncated font (table'],
    ['truncated woff2', woff2.subarray(0, 20_000), 'invalid or truncated WOFF2 file'],
    ['truncated woff', woff.subarray(0, 5_000), 'truncated WOFF table'],
    ['header only', ttf.subarray(0, 8), 'truncated font (shorter than its header)'],
    ['empty', Buffer.alloc(0), 'not a font file'],
    [
      'collection',
      Buffer.concat([Buffer.from('ttcf'), Buffer.alloc(40)]),
      'font collections (.ttc) are not supported',
    ],
  ])('refuses %s with FONT_ERROR naming the family', async (_name, bytes, reason) => {
    const error = await rejection(loadFontBytes(bytes, 'Brand Sans'));
    expect(error.code).toBe('FONT_ERROR');
    expect(error.message).toContain('font "Brand Sans": ');
    expect(error.message).toContain(reason);
    expect(error.details?.family).toBe('Brand Sans');
  });

  it('refuses a font whose head magic or loca is broken', async () => {
    const badMagic = Buffer.from(ttf);
    const head = findTable(badMagic, 'head');
    badMagic.writeUInt32BE(0xdeadbeef, head + 12);
    expect((await rejection(loadFontBytes(badMagic, 'X'))).message).toBe(
      'font "X": corrupt font (bad "head" magic number)',
    );
    const badLoca = Buffer.from(ttf);
    const loca = findTable(badLoca, 'loca');
    badLoca.writeUInt32BE(0xffffff, loca + 8); // head.indexToLocFormat of this font is 1 (long offsets)
    expect((await rejection(loadFontBytes(badLoca, 'X'))).message).toContain('"loca" points outside "glyf"');
  });

  it('refuses CFF2-only fonts (satori’s parser reads TrueType and CFF outlines only)', async () => {
    const cff2 = Buffer.from(otf);
    for (let i = 0; i < cff2.readUInt16BE(4); i++) {
      if (cff2.toString('latin1', 12 + i * 16, 16 + i * 16) === 'CFF ')
        cff2.write('CFF2', 12 + i * 16, 'latin1');
    }
    expect((await rejection(loadFontBytes(cff2, 'Var'))).message).toBe(
      'font "Var": unsupported font (CFF2 outlines; use a TrueType or CFF version of the font)',
    );
  });

  it('refuses a font without a Unicode cmap subtable', async () => {
    const noUnicode = Buffer.from(ttf);
    const cmap = findTable(noUnicode, 'cmap');
    for (let i = 0; i < noUnicode.readUInt16BE(cmap + 2); i++) noUnicode.writeUInt16BE(1, cmap + 4 + i * 8); // platform 1 (Mac)
    expect((await rejection(loadFontBytes(noUnicode, 'Mac'))).message).toBe(
      'font "Mac": not a usable font (no Unicode "cmap" subtable)',
    );
  });

  it('refuses a WOFF2 declaring a huge decompressed size before decompressing', async () => {
    const bomb = Buffer.from(woff2);
    bomb.writeUInt32BE(0x7fffffff, 16);
    expect((await rejection(loadFontBytes(bomb, 'Bomb'))).message).toContain(
      'declares 2147483647 bytes uncompressed',
    );
  });
});

function findTable(font: Buffer, tag: string): number {
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const at = 12 + i * 16;
    if (font.toString('latin1', at, at + 4) === tag) return font.readUInt32BE(at + 8);
  }
  throw new Error(`no ${tag}`);
}

describe('loadFontSpecs', () => {
  it('loads data (base64 and bytes) and url fonts with defaults', async () => {
    const fonts = await loadFontSpecs(
      [
        { family: 'Mono', data: ttf.toString('base64') },
        { family: 'Mono', data: new Uint8Array(woff2), weight: 700, style: 'italic' },
        { family: 'Noto', url: `${server.origin}/noto.otf` },
      ],
      fetcher,
    );
    expect(fonts.map(({ name, weight, style }) => [name, weight, style])).toEqual([
      ['Mono', 400, 'normal'],
      ['Mono', 700, 'italic'],
      ['Noto', 400, 'normal'],
    ]);
    expect(fonts[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(fontHash(fonts[0]!.data)).toBe(createHash('sha256').update(ttf).digest('hex'));
    expect(fonts[1]!.hash).toBe(fontHash(fonts[1]!.data));
    expect(fonts[2]!.data.equals(otf)).toBe(true);
  });

  it('fetches a URL font once per fetcher and returns the same Buffer', async () => {
    const spec = { family: 'Mono', url: `${server.origin}/mono.woff2` };
    const [a] = await loadFontSpecs([spec], fetcher);
    const [b] = await loadFontSpecs([spec], fetcher, 'template.fonts');
    expect(b!.data).toBe(a!.data);
    expect(server.hits.get('/mono.woff2')).toBe(1);
  });

  it.each([
    [
      { family: 'A', url: 'https://x/a.ttf', data: 'AAAA' },
      'fonts[0]: give exactly one of url and data (both were given)',
    ],
    [{ family: 'A' }, 'fonts[0]: give exactly one of url and data (neither was given)'],
    [{ family: '', data: 'AAAA' }, 'fonts[0].family: must be a non-empty string'],
    [{ family: 'A', url: 'file:///etc/passwd' }, 'fonts[0].url: must be an http or https URL'],
    [{ family: 'A', data: '%%%not base64' }, 'fonts[0].data: must be base64-encoded font bytes'],
    [{ family: 'A', data: 'AAAA', weight: 950 }, 'fonts[0].weight: must be an integer from 100 to 900'],
    [{ family: 'A', data: 'AAAA', weight: 400.5 }, 'fonts[0].weight: must be an integer from 100 to 900'],
    [{ family: 'A', data: 'AAAA', style: 'oblique' }, 'fonts[0].style: must be "normal" or "italic"'],
  ])('refuses spec %j with INVALID_INPUT', async (spec, message) => {
    const error = await rejection(loadFontSpecs([spec as never], fetcher));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toBe(message);
  });

  it('names the family and field when a URL font is broken, refused or missing', async () => {
    const garbage = await rejection(
      loadFontSpecs([{ family: 'Brand', url: `${server.origin}/garbage.ttf` }], fetcher),
    );
    expect(garbage.code).toBe('FONT_ERROR');
    expect(garbage.message).toBe(
      'font "Brand": not a font file (expected TTF, OTF, WOFF or WOFF2; the data starts with 0x3c68746d)',
    );
    expect(garbage.details?.field).toBe('fonts[0].url');

    const refused = await rejection(
      loadFontSpecs([{ family: 'Brand', url: `${server.origin}/mono.woff2` }], createFetcher()),
    );
    expect(refused.code).toBe('FONT_ERROR');
    expect(refused.message).toBe(
      `font "Brand" could not be fetched: font ${server.origin}/mono.woff2: address 127.0.0.1 is loopback and not allowed (add it to the fetch allow-list to permit it)`,
    );

    const missing = await rejection(
      loadFontSpecs([{ family: 'Brand', url: `${server.origin}/nope.ttf` }], fetcher),
    );
    expect(missing.message).toContain('HTTP 404');

    const tooBig = await rejection(
      loadFontSpecs(
        [{ family: 'Brand', url: `${server.origin}/mono.woff2` }],
        createFetcher({ allowList: ['127.0.0.1'], maxBytes: 1000 }),
      ),
    );
    expect(tooBig.code).toBe('FONT_ERROR');
    expect(tooBig.message).toContain('font "Brand" could not be fetched: font ');
    expect(tooBig.message).toContain('over the 1000-byte limit');
  });
});
