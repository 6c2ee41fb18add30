/**
 * What the web-face column of the fidelity benchmark measures that the local one does not (issue 40's "web-font
 * documents within 0.01 of their local-font score"): Chromium draws the same font file differently by where it comes
 * from. A face from `@font-face` gets the fontconfig default of the pattern (`hintslight`, as Debian's desktops
 * have it, chromium.mjs): FreeType's light auto-hinter fits its horizontal edges (cap height, x-height, bars) to the
 * pixel grid. A local face of Pictor's families gets `hintfull`, whose bytecode in these unhinted Google Fonts
 * files (a 7-byte `prep`, no `fpgm`) leaves the outlines as drawn. Pictor draws web faces hinted the same way (the
 * satori change `autohint-light`) and local ones as drawn: its two columns should equal Chromium's. Baselines and advances
 * are not the difference (the baseline is the same pixel row in both, advances are checked by
 * html-glyph-advances.test.ts).
 *
 * FreeType's own H top with the face's bytecode and with LIGHT (the auto-hinter) is printed beside: Chromium's web rows
 * follow LIGHT, its local rows the bytecode (here a no-op).
 *
 * For each size, `H` then `x` in Inter as the local family and as a web font (same file), each line 40 px high:
 * the rows of ink of `H` (top–bottom, ink over 8 of 255) in Chromium and in Pictor. Prints the sizes where
 * Chromium's web face differs from its local one, and whether Pictor's does.
 *
 *   node benchmarks/fidelity/web-font-hinting.mjs [font file, default inter/400Regular/Inter_400Regular.ttf]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ft from 'freetype2';
import sharp from 'sharp';
import { builtinFontPath, launchChromium } from './chromium.mjs';
import { createPictor } from './engines.mjs';

const file = process.argv[2] ?? 'inter/400Regular/Inter_400Regular.ttf';
const family = file
  .split('/')
  .at(-1)
  .split('_')[0]
  .replace(/([a-z])([A-Z])/g, '$1 $2');
const ROW = 60;
const sizes = Array.from({ length: 29 }, (_, i) => 12 + i);
const rows = sizes.flatMap((size) => [
  ['local', size],
  ['web', size],
]);
const page = (url) => `<!doctype html><meta charset="utf-8"><style>
@font-face { font-family: "Web Face"; src: url(${url}); }
body { margin: 0; background: #fff; color: #000; }
div { height: ${ROW}px; line-height: 40px; padding-left: 4px; white-space: nowrap; }
.local { font-family: "${family}"; } .web { font-family: "Web Face"; }
</style>${rows.map(([kind, size]) => `<div class="${kind}" style="font-size:${size}px">H</div>`).join('')}`;

const width = 120;
const height = rows.length * ROW;
const scratch = mkdtempSync(join(tmpdir(), 'pictor-hinting-'));
const fontFile = builtinFontPath(file);
writeFileSync(join(scratch, 'face.ttf'), readFileSync(fontFile));
writeFileSync(
  join(scratch, 'chromium.html'),
  page(`data:font/ttf;base64,${readFileSync(fontFile).toString('base64')}`),
);
const browser = await launchChromium();
const pictor = await createPictor({ engine: 'pipeline', workers: 1 });
try {
  const chromium = await browser.screenshot(
    pathToFileURL(join(scratch, 'chromium.html')).href,
    width,
    height,
  );
  const ours = (await pictor.render(page('face.ttf'), { width, height, dir: scratch })).png;
  const inkRows = async (png) => {
    const { data, info } = await sharp(png)
      .flatten({ background: '#fff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return rows.map((_, i) => {
      let top = -1;
      let bottom = -1;
      for (let y = i * ROW; y < (i + 1) * ROW; y++)
        for (let x = 0; x < info.width; x++)
          if (255 - data[y * info.width + x] > 8) {
            if (top < 0) top = y - i * ROW;
            bottom = y - i * ROW;
          }
      return `${top}–${bottom}`;
    });
  };
  const [c, p] = [await inkRows(chromium), await inkRows(ours)];
  // FreeType 2.13.3 (the freetype2 package) loads H with LIGHT (the auto-hinter) and with the face's own bytecode:
  // its top in whole pixels above the baseline, the height of the ink Chromium draws for each face.
  const face = ft.NewMemoryFace(readFileSync(fontFile));
  const capTop = (size, flags) => {
    face.setPixelSizes(0, size);
    return face.loadChar('H'.codePointAt(0), flags).metrics.horiBearingY / 64;
  };
  console.log(
    `${family} (${file}): rows of ink of H, local | web face; FreeType's H top (px), bytecode | LIGHT`,
  );
  console.log(
    '| px | Chromium local | Chromium web | Pictor local | Pictor web | FreeType bytecode | FreeType LIGHT |',
  );
  console.log('|---|---|---|---|---|---|---|');
  let differs = 0;
  sizes.forEach((size, i) => {
    const [cl, cw, pl, pw] = [c[2 * i], c[2 * i + 1], p[2 * i], p[2 * i + 1]];
    if (cl !== cw) differs++;
    console.log(
      `| ${size} | ${cl} | ${cw}${cl !== cw ? ' *' : ''} | ${pl} | ${pw}${pl !== pw ? ' *' : ''} | ${capTop(size, {})} | ${capTop(size, { loadTarget: ft.RenderMode.LIGHT })} |`,
    );
  });
  console.log(
    `Chromium draws the web face's H on other rows than the local face's at ${differs} of ${sizes.length} sizes.`,
  );
} finally {
  await browser.close();
  await pictor.close?.();
  rmSync(scratch, { recursive: true, force: true });
}
