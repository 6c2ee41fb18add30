/** Font file formats: sniffing by magic bytes, WOFF and WOFF2 → sfnt, and a structural check of sfnt tables. */
import { inflateSync } from 'node:zlib';

/** Formats told apart by their first four bytes. */
export type FontFormat = 'ttf' | 'otf' | 'woff' | 'woff2' | 'collection';

/** Largest font accepted after decompression (CJK fonts are ~10–20 MB). */
export const MAX_SFNT_BYTES = 32 * 1024 * 1024;

/** The format of font bytes by their magic number, or `undefined` when they are not a font. */
export function sniffFontFormat(bytes: Uint8Array): FontFormat | undefined {
  if (bytes.length < 4) return undefined;
  const tag = Buffer.from(bytes.buffer, bytes.byteOffset, 4).toString('latin1');
  if (tag === '\x00\x01\x00\x00' || tag === 'true') return 'ttf';
  if (tag === 'OTTO') return 'otf';
  if (tag === 'wOFF') return 'woff';
  if (tag === 'wOF2') return 'woff2';
  if (tag === 'ttcf') return 'collection';
  return undefined;
}

/** A font problem, worded for the user; the caller adds the family. */
export class FontFormatError extends Error {}

/** Turn TTF, OTF, WOFF or WOFF2 bytes into checked sfnt (TTF/OTF) bytes. @throws FontFormatError */
export async function toSfnt(bytes: Uint8Array): Promise<Buffer> {
  const format = sniffFontFormat(bytes);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sfnt: Buffer;
  switch (format) {
    case 'ttf':
    case 'otf':
      sfnt = buffer;
      break;
    case 'woff':
      sfnt = woffToSfnt(buffer);
      break;
    case 'woff2':
      sfnt = await woff2ToSfnt(buffer);
      break;
    case 'collection':
      throw new FontFormatError('font collections (.ttc) are not supported: give one font of the collection');
    default:
      throw new FontFormatError(
        `not a font file (expected TTF, OTF, WOFF or WOFF2; the data starts with ${hexStart(buffer)})`,
      );
  }
  checkSfnt(sfnt);
  return sfnt;
}

async function woff2ToSfnt(woff2: Buffer): Promise<Buffer> {
  if (woff2.length < 48) throw new FontFormatError('truncated WOFF2 file (shorter than its header)');
  const declared = woff2.readUInt32BE(16); // totalSfntSize
  if (declared > MAX_SFNT_BYTES) {
    throw new FontFormatError(
      `the WOFF2 file declares ${declared} bytes uncompressed, over ${MAX_SFNT_BYTES}`,
    );
  }
  // wawoff2 returns a view of its WebAssembly memory, which the next decompression overwrites: two fonts of one
  // document decoded at once came out as each other's bytes ("corrupt font header"). One at a time, copied out
  // before the next starts.
  // wawoff2 (an Emscripten module with its own WebAssembly memory) is loaded on the first WOFF2 font, not at start.
  const run = woff2Queue.then(async () => Buffer.from(await (await import('wawoff2')).decompress(woff2)));
  woff2Queue = run.catch(() => undefined);
  try {
    return await run;
  } catch {
    throw new FontFormatError('invalid or truncated WOFF2 file (it could not be decompressed)');
  }
}

/** WOFF2 decompressions in order (see woff2ToSfnt). */
let woff2Queue: Promise<unknown> = Promise.resolve();

/** WOFF 1.0: a header, a table directory and per-table zlib streams → sfnt with the same tables. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44) throw new FontFormatError('truncated WOFF file (shorter than its header)');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const totalSfntSize = woff.readUInt32BE(16);
  if (numTables === 0 || 44 + numTables * 20 > woff.length)
    throw new FontFormatError('truncated WOFF table directory');
  if (totalSfntSize > MAX_SFNT_BYTES) {
    throw new FontFormatError(
      `the WOFF file declares ${totalSfntSize} bytes uncompressed, over ${MAX_SFNT_BYTES}`,
    );
  }
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  let total = 12 + numTables * 16;
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const tag = woff.readUInt32BE(at);
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const checksum = woff.readUInt32BE(at + 16);
    if (offset + compLength > woff.length) throw new FontFormatError(`truncated WOFF table ${tagName(tag)}`);
    total += origLength + 3;
    if (total > MAX_SFNT_BYTES) throw new FontFormatError(`the WOFF tables exceed ${MAX_SFNT_BYTES} bytes`);
    const stored = woff.subarray(offset, offset + compLength);
    let data: Buffer;
    if (compLength === origLength) data = stored;
    else if (compLength > origLength) throw new FontFormatError(`corrupt WOFF table ${tagName(tag)}`);
    else {
      try {
        data = inflateSync(stored, { maxOutputLength: origLength });
      } catch {
        throw new FontFormatError(`corrupt WOFF table ${tagName(tag)} (it could not be decompressed)`);
      }
      if (data.length !== origLength)
        throw new FontFormatError(`corrupt WOFF table ${tagName(tag)} (wrong length)`);
    }
    tables.push({ tag, checksum, data });
  }
  return buildSfnt(flavor, tables);
}

/** Assemble sfnt bytes from tables (sorted by tag, 4-byte aligned). */
function buildSfnt(flavor: number, tables: { tag: number; checksum: number; data: Buffer }[]): Buffer {
  const sorted = [...tables].sort((a, b) => a.tag - b.tag);
  const n = sorted.length;
  const entrySelector = Math.floor(Math.log2(n));
  const searchRange = 2 ** entrySelector * 16;
  let size = 12 + n * 16;
  for (const table of sorted) size += (table.data.length + 3) & ~3;
  const out = Buffer.alloc(size);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(n, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(n * 16 - searchRange, 10);
  let offset = 12 + n * 16;
  sorted.forEach((table, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(table.tag, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, offset);
    offset += (table.data.length + 3) & ~3;
  });
  return out;
}

/**
 * Check what a font parser relies on before it trusts offsets: the table directory lies within the file,
 * the required tables exist with sane sizes (head magic, glyph count, metrics, loca within glyf), and there
 * is a Unicode cmap subtable. Catches truncated, garbage and hand-broken fonts. @throws FontFormatError
 */
export function checkSfnt(font: Buffer): void {
  if (font.length < 12) throw new FontFormatError('truncated font (shorter than its header)');
  const numTables = font.readUInt16BE(4);
  if (numTables === 0 || numTables > 1024)
    throw new FontFormatError(`corrupt font header (${numTables} tables)`);
  if (12 + numTables * 16 > font.length)
    throw new FontFormatError('truncated font (table directory cut off)');
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < numTables; i++) {
    const at = 12 + i * 16;
    const tag = font.toString('latin1', at, at + 4);
    const offset = font.readUInt32BE(at + 8);
    const length = font.readUInt32BE(at + 12);
    if (offset + length > font.length) {
      throw new FontFormatError(`truncated font (table "${tag.trim()}" runs past the end of the file)`);
    }
    tables.set(tag, font.subarray(offset, offset + length));
  }
  const need = (tag: string, minLength: number): Buffer => {
    const table = tables.get(tag);
    if (!table) throw new FontFormatError(`not a usable font (required table "${tag.trim()}" is missing)`);
    if (table.length < minLength)
      throw new FontFormatError(`corrupt font (table "${tag.trim()}" is too short)`);
    return table;
  };
  const head = need('head', 54);
  if (head.readUInt32BE(12) !== 0x5f0f3cf5)
    throw new FontFormatError('corrupt font (bad "head" magic number)');
  const unitsPerEm = head.readUInt16BE(18);
  if (unitsPerEm < 16 || unitsPerEm > 16384)
    throw new FontFormatError(`corrupt font (unitsPerEm ${unitsPerEm})`);
  const numGlyphs = need('maxp', 6).readUInt16BE(4);
  if (numGlyphs === 0) throw new FontFormatError('corrupt font (no glyphs)');
  const numberOfHMetrics = need('hhea', 36).readUInt16BE(34);
  if (numberOfHMetrics === 0 || numberOfHMetrics > numGlyphs) {
    throw new FontFormatError('corrupt font ("hhea" metrics count does not match the glyph count)');
  }
  need('hmtx', numberOfHMetrics * 4 + (numGlyphs - numberOfHMetrics) * 2);
  if (tables.has('glyf') || tables.has('loca')) {
    const longOffsets = head.readInt16BE(50) === 1;
    const loca = need('loca', (numGlyphs + 1) * (longOffsets ? 4 : 2));
    const glyf = need('glyf', 0);
    const at = (i: number) => (longOffsets ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2);
    let previous = 0;
    for (let i = 0; i <= numGlyphs; i++) {
      const offset = at(i);
      if (offset < previous || offset > glyf.length) {
        throw new FontFormatError('corrupt font ("loca" points outside "glyf")');
      }
      previous = offset;
    }
  } else if (!tables.has('CFF ')) {
    throw new FontFormatError(
      tables.has('CFF2')
        ? 'unsupported font (CFF2 outlines; use a TrueType or CFF version of the font)'
        : 'not a usable font (no glyph outlines: neither "glyf" nor "CFF " table)',
    );
  }
  checkCmap(need('cmap', 4));
}

/**
 * The subtable satori's font parser (opentype.js) picks: the last one of platform 3 (encoding 0, 1 or 10) or
 * platform 0 (encoding 0–4). It must be of format 4 or 12 and lie within the table, or the parser throws.
 */
function checkCmap(cmap: Buffer): void {
  const count = cmap.readUInt16BE(2);
  if (4 + count * 8 > cmap.length) throw new FontFormatError('corrupt font ("cmap" directory cut off)');
  for (let i = count - 1; i >= 0; i--) {
    const at = 4 + i * 8;
    const platform = cmap.readUInt16BE(at);
    const encoding = cmap.readUInt16BE(at + 2);
    if (!((platform === 3 && [0, 1, 10].includes(encoding)) || (platform === 0 && encoding <= 4))) continue;
    const offset = cmap.readUInt32BE(at + 4);
    if (offset + 8 > cmap.length)
      throw new FontFormatError('corrupt font ("cmap" subtable outside the table)');
    const format = cmap.readUInt16BE(offset);
    if (format !== 4 && format !== 12) {
      throw new FontFormatError(
        `unsupported font ("cmap" subtable of format ${format}; formats 4 and 12 are supported)`,
      );
    }
    const length = format === 12 ? cmap.readUInt32BE(offset + 4) : cmap.readUInt16BE(offset + 2);
    if (offset + length > cmap.length) throw new FontFormatError('corrupt font ("cmap" subtable cut off)');
    return;
  }
  throw new FontFormatError('not a usable font (no Unicode "cmap" subtable)');
}

function tagName(tag: number): string {
  return JSON.stringify(
    Buffer.from([tag >>> 24, (tag >>> 16) & 255, (tag >>> 8) & 255, tag & 255]).toString('latin1'),
  );
}

function hexStart(bytes: Buffer): string {
  return `0x${bytes.subarray(0, 4).toString('hex') || '(empty)'}`;
}
