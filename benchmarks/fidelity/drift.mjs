/**
 * The vertical drift of a side-by-side pair (Chromium | Pictor, as try-page.mjs and generated.mjs write them): for
 * each band of rows with ink, the vertical shift of Pictor's half that matches Chromium's best (−12…12 px; `?` where
 * even the best shift leaves much differing). Where the shift first changes is where a line box, margin or row height
 * differs:
 *
 *   node benchmarks/fidelity/drift.mjs /tmp/try.png [band]     # band: rows per band, default 30
 */
import sharp from 'sharp';

const [file, bandArg = '30'] = process.argv.slice(2);
const band = Number(bandArg);
const { data, info } = await sharp(file)
  .flatten({ background: '#fff' })
  .greyscale()
  .raw()
  .toBuffer({ resolveWithObject: true });
const width = info.width;
const height = info.height;
const half = (width - 6) / 2;
const at = (x, y) => data[y * width + x];
const shifts = [];
for (let top = 0; top + band <= height; top += band) {
  let ink = 0;
  for (let y = top; y < top + band; y++) for (let x = 0; x < half; x++) ink += 255 - at(x, y);
  if (ink < 2000) continue;
  let best = 0;
  let bestError = Number.POSITIVE_INFINITY;
  for (let shift = -12; shift <= 12; shift++) {
    let error = 0;
    for (let y = top; y < top + band; y++) {
      const other = y + shift;
      if (other < 0 || other >= height) {
        error = Number.POSITIVE_INFINITY;
        break;
      }
      for (let x = 0; x < half; x++) error += Math.abs(at(x, y) - at(x + half + 6, other));
    }
    if (error < bestError) {
      bestError = error;
      best = shift;
    }
  }
  shifts.push(`${top}:${best}${bestError > ink * 0.3 ? '?' : ''}`);
}
console.log(shifts.join(' '));
