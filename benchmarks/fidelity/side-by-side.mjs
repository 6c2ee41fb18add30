/**
 * A case of the last fidelity run side by side — Chromium | Pictor — for looking at what differs: the whole image, or
 * a region of it enlarged (nearest neighbour). Writes /tmp/sbs.png.
 *
 *   node benchmarks/fidelity/side-by-side.mjs <case> [x y w h] [zoom]     # a real-world case
 *   node benchmarks/fidelity/side-by-side.mjs own/<case> …                # a case of the own corpus
 */
import sharp from 'sharp';
const [name, x, y, w, h, zoom] = process.argv.slice(2);
const corpus = name.includes('/') ? '' : 'real-world/';
const d = new URL(`./out/${corpus}${name}/`, import.meta.url).pathname;
const meta = await sharp(d + 'chromium.png').metadata();
const region =
  x !== undefined
    ? { left: +x, top: +y, width: +w, height: +h }
    : { left: 0, top: 0, width: meta.width, height: meta.height };
const z = +(zoom ?? 1);
const part = async (f) => {
  const pm = await sharp(d + f).metadata();
  const r = {
    ...region,
    width: Math.min(region.width, pm.width - region.left),
    height: Math.min(region.height, pm.height - region.top),
  };
  return sharp(
    await sharp(d + f)
      .flatten({ background: '#fff' })
      .extract(r)
      .png()
      .toBuffer(),
  )
    .resize(Math.round(r.width * z), Math.round(r.height * z), { kernel: 'nearest' })
    .png()
    .toBuffer();
};
const a = await part('chromium.png'),
  b = await part('pictor.png');
const W = Math.round(region.width * z),
  H = Math.round(region.height * z);
await sharp({ create: { width: W * 2 + 8, height: H, channels: 3, background: '#f0f' } })
  .composite([
    { input: a, left: 0, top: 0 },
    { input: b, left: W + 8, top: 0 },
  ])
  .png()
  .toFile('/tmp/sbs.png');
console.log(meta.width, meta.height);
