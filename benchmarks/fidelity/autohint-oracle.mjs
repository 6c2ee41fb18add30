/**
 * Pictor's light auto-hinter (satori change `autohint-light`) against FreeType 2.13.3's own (the `freetype2` npm
 * package, its prebuilt N-API addon; a devDependency of the benchmarks only): for each face, character and pixel
 * size, FreeType renders the glyph with FT_LOAD_TARGET_LIGHT (what Chromium uses for faces from `@font-face`, see
 * web-font-hinting.mjs) and resvg renders Pictor's hinted outline at the same origin. Printed per face:
 *
 * - bbox: the share of glyphs whose hinted top and bottom (FreeType's metrics, whole pixels) are Pictor's;
 * - rows: the mean per-glyph difference of ink per pixel row (sum over rows of |FreeType − Pictor| coverage, over
 *   FreeType's ink), for the hinted outline and, beside it, for the unhinted one (what Pictor drew before).
 *
 *   node benchmarks/fidelity/autohint-oracle.mjs [font files…] [--chars=…] [--sizes=11-40]
 *
 * Default faces: Inter Regular and Bold, Noto Serif, JetBrains Mono from the built-in font packages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import ft from 'freetype2';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const satoriDir = join(root, 'packages', 'satori');
const { pictorHintedGlyph: hintedGlyph } = await import(
  pathToFileURL(join(satoriDir, 'dist', 'index.js')).href
);
const opentype = createRequire(join(satoriDir, 'package.json'))('@shuding/opentype.js');
const coreRequire = createRequire(join(root, 'packages', 'core', 'package.json'));

const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const chars = [...option('chars', 'HEOTSZxoeacsnmuvzbdfhklgpqyt0123456789ÀÉẫệđốờựАБЖЯабвжяΓΘΩαβγως')];
const [lo, hi] = option('sizes', '11-40').split('-').map(Number);
const builtin = (pkg, file) => coreRequire.resolve(`@expo-google-fonts/${pkg}/${file}`);
let files = args.filter((a) => !a.startsWith('--'));
if (files.length === 0) {
  files = [
    builtin('inter', '400Regular/Inter_400Regular.ttf'),
    builtin('inter', '700Bold/Inter_700Bold.ttf'),
    builtin('noto-serif', '400Regular/NotoSerif_400Regular.ttf'),
    builtin('jetbrains-mono', '400Regular/JetBrainsMono_400Regular.ttf'),
  ];
}

/** Per-row ink of Pictor's outline drawn by resvg with its baseline at `by` and its origin at `bx`. */
function ourRows(glyph, scale, width, height, bx, by) {
  const X = (x) => (bx + x * scale).toFixed(4);
  const Y = (y) => (by - y * scale).toFixed(4);
  let d = '';
  for (const c of glyph.path.commands) {
    if (c.type === 'M' || c.type === 'L') d += `${c.type}${X(c.x)} ${Y(c.y)}`;
    else if (c.type === 'Q') d += `Q${X(c.x1)} ${Y(c.y1)} ${X(c.x)} ${Y(c.y)}`;
    else if (c.type === 'C') d += `C${X(c.x1)} ${Y(c.y1)} ${X(c.x2)} ${Y(c.y2)} ${X(c.x)} ${Y(c.y)}`;
    else if (c.type === 'Z') d += 'Z';
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="${d}"/></svg>`;
  const px = new Resvg(svg).render().pixels;
  const rows = [];
  for (let r = 0; r < height; r++) {
    let sum = 0;
    for (let x = 0; x < width; x++) sum += px[(r * width + x) * 4 + 3];
    rows.push(sum);
  }
  return rows;
}

console.log('| face | glyphs | bbox as FreeType | rows: hinted | rows: unhinted |');
console.log('|---|---|---|---|---|');
for (const file of files) {
  const bytes = readFileSync(file);
  const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const face = ft.NewMemoryFace(bytes);
  let glyphs = 0;
  let boxes = 0;
  let hintedSum = 0;
  let plainSum = 0;
  for (let size = lo; size <= hi; size++) {
    face.setPixelSizes(0, size);
    for (const ch of chars) {
      const glyph = font.charToGlyph(ch);
      if (!glyph?.index) continue;
      const loaded = face.loadChar(ch.codePointAt(0), { loadTarget: ft.RenderMode.LIGHT });
      const { bitmap, bitmapLeft, bitmapTop } = face.renderGlyph(ft.RenderMode.LIGHT);
      if (!bitmap.width || !bitmap.height) continue;
      const scale = size / font.unitsPerEm;
      const hinted = hintedGlyph(font, glyph, size);
      // bbox: FreeType's metrics are the hinted outline's control box, floored and ceiled to whole pixels.
      let max = -Infinity;
      let min = Infinity;
      for (const c of hinted.path.commands)
        for (const k of ['y', 'y1', 'y2'])
          if (c[k] !== undefined) {
            max = Math.max(max, c[k] * scale);
            min = Math.min(min, c[k] * scale);
          }
      const top = loaded.metrics.horiBearingY / 64;
      const bottom = (loaded.metrics.horiBearingY - loaded.metrics.height) / 64;
      if (Math.ceil(max - 1e-4) === top && Math.floor(min + 1e-4) === bottom) boxes++;
      const width = bitmap.width + 8;
      const height = bitmap.height + 4;
      const theirs = [];
      for (let r = 0; r < height; r++) {
        let sum = 0;
        const row = r - 2;
        if (row >= 0 && row < bitmap.height)
          for (let x = 0; x < bitmap.width; x++) sum += bitmap.buffer[row * bitmap.pitch + x];
        theirs.push(sum);
      }
      const ink = theirs.reduce((a, b) => a + b, 0) || 1;
      const distance = (rows) => rows.reduce((a, v, r) => a + Math.abs(v - theirs[r]), 0) / ink;
      hintedSum += distance(ourRows(hinted, scale, width, height, 4 - bitmapLeft, bitmapTop + 2));
      plainSum += distance(ourRows(glyph, scale, width, height, 4 - bitmapLeft, bitmapTop + 2));
      glyphs++;
    }
  }
  console.log(
    `| ${file.split('/').at(-1)} | ${glyphs} | ${((100 * boxes) / glyphs).toFixed(1)}% | ${(hintedSum / glyphs).toFixed(4)} | ${(plainSum / glyphs).toFixed(4)} |`,
  );
}
console.log(`FreeType ${ft.FreeTypeVersion}, sizes ${lo}–${hi} px, ${chars.length} characters.`);
