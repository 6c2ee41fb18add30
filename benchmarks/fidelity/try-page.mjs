/**
 * One page by Chromium and Pictor side by side (Chromium | Pictor), for reducing a difference to a small page:
 *
 *   node benchmarks/fidelity/try-page.mjs page.html width height [out.png]   # default /tmp/try.png
 *
 * Prints the dSSIM. The page is drawn as the repro references draw theirs (Pictor's built-in fonts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { launchChromium } from './chromium.mjs';
import { createPictor } from './engines.mjs';
import { flattenedPixels } from './flattened-pixels.mjs';
import { DSSIM_OPTIONS } from './ssim-options.mjs';

const [file, w, h, outFile = '/tmp/try.png'] = process.argv.slice(2);
const width = Number(w);
const height = Number(h);
const browser = await launchChromium();
const reference = await browser.screenshot(pathToFileURL(file).href, width, height);
await browser.close();
const pictor = await createPictor({ engine: 'pipeline' });
const { png, warnings } = await pictor.render(readFileSync(file, 'utf8'), { width, height });
const a = await flattenedPixels(reference, width, height);
const b = await flattenedPixels(png, width, height);
console.log('dssim', ssim(a, b, DSSIM_OPTIONS).mssim.toFixed(4), warnings ?? '');
const gap = 6;
writeFileSync(
  outFile,
  await sharp({ create: { width: width * 2 + gap, height, channels: 4, background: '#f0f' } })
    .composite([
      { input: await sharp(reference).flatten({ background: '#fff' }).png().toBuffer(), left: 0, top: 0 },
      { input: await sharp(png).flatten({ background: '#fff' }).png().toBuffer(), left: width + gap, top: 0 },
    ])
    .png()
    .toBuffer(),
);
process.exit(0);
