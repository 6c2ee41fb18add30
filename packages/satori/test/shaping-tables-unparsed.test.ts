/**
 * Pictor (shaping-tables-unparsed): opentype.js parses a face without its GSUB and GPOS tables (HarfBuzz shapes from
 * the bytes; their objects were half of a parsed Inter), and the bytes are as given after the parse. The GSUB feature
 * tags small capitals look at are read from the bytes: the same tags as opentype.js's parse of the table.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from '@shuding/opentype.js';
import { describe, expect, it } from 'vitest';
import { fonts, h, render, svgSize } from './render.js';

const built = await import(process.env.PICTOR_SATORI_DIST ?? '../dist/index.js');
const require = createRequire(import.meta.url);
const interFile = require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf');

describe('faces parsed without GSUB and GPOS', () => {
  it('holds no shaping tables, leaves the bytes as they were, and still shapes', async () => {
    const data = Buffer.from(readFileSync(interFile));
    const svg = await render(h('div', { display: 'flex', fontSize: 30, fontFamily: 'Inter' }, 'office AVA'), {
      width: 300,
      height: 50,
      fonts: [{ ...fonts[0], data }],
    });
    const face = built.pictorParsedFaceOf?.(data);
    expect(face).toBeDefined();
    expect(face.tables.gsub).toBeUndefined();
    expect(face.tables.gpos).toBeUndefined();
    expect(face.tables.cmap).toBeDefined();
    expect(data.equals(readFileSync(interFile))).toBe(true);
    expect(svg).toMatch(/<path[^>]* d="M/);
  });

  it('small capitals see the feature tags opentype.js reads from GSUB', async () => {
    const bytes = readFileSync(interFile);
    const full = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    const tags = new Set((full.tables.gsub?.features ?? []).map((feature: { tag: string }) => feature.tag));
    expect(tags.size).toBeGreaterThan(10);
    // Synthesised small capitals are capitals at round(0.7 × 16) = 11 px: the same width as those.
    const width = async (style: Record<string, unknown>, text: string) =>
      svgSize(
        await render(h('div', { display: 'flex', fontFamily: 'Inter', ...style }, text), {
          height: 40,
          fonts,
        }),
      ).width;
    const synthesised =
      (await width({ fontSize: 16, fontVariantCaps: 'small-caps' }, 'aaaaaaaaaa')) ===
      (await width({ fontSize: 11 }, 'AAAAAAAAAA'));
    expect(synthesised).toBe(!tags.has('smcp'));
  });
});
