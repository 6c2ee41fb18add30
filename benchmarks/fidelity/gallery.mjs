/**
 * The fidelity gallery: one page, one row per case (worst Pictor dSSIM first), Chromium's reference | Pictor |
 * difference, as webp files in images/ beside the page. Written by run.mjs; the folder is git-ignored.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const escapeHtml = (s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

async function rgba(png, width, height) {
  // Two pipelines: sharp applies `extend` after `extract` whatever the call order.
  const padded = await sharp(png)
    .flatten({ background: '#ffffff' })
    .extend({ right: width, bottom: height, background: '#ffffff' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(padded).extract({ left: 0, top: 0, width, height }).ensureAlpha().raw().toBuffer();
}

/** The reference faded to a light grey, with every pixel whose largest channel difference exceeds 32 in red. */
async function diffImage(reference, png, width, height) {
  const a = await rgba(reference, width, height);
  const b = await rgba(png, width, height);
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0, j = 0; i < a.length; i += 4, j += 3) {
    const d = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]));
    const luma = 0.299 * a[i] + 0.587 * a[i + 1] + 0.114 * a[i + 2];
    const faded = 255 - (255 - luma) * 0.25;
    if (d > 32) {
      out[j] = 230;
      out[j + 1] = 30 + (1 - d / 255) * 120;
      out[j + 2] = 30 + (1 - d / 255) * 120;
    } else {
      out[j] = out[j + 1] = out[j + 2] = faded;
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } });
}

export async function writeGallery(dir, rows) {
  const images = join(dir, 'images');
  rmSync(images, { recursive: true, force: true });
  mkdirSync(images, { recursive: true });
  const sorted = [...rows].sort((x, y) => (x.pictor.dssim ?? -1) - (y.pictor.dssim ?? -1));
  const items = [];
  for (const r of sorted) {
    const base = `${r.corpus}-${r.name}`;
    const ref = join(r.dir, 'chromium.png');
    const pic = join(r.dir, 'pictor.png');
    if (!existsSync(ref)) continue;
    const webp = (s) => s.webp({ quality: 70, effort: 2 });
    await webp(sharp(ref).flatten({ background: '#fff' })).toFile(join(images, `${base}-chromium.webp`));
    if (existsSync(pic) && !r.pictor.error) {
      await webp(sharp(pic).flatten({ background: '#fff' })).toFile(join(images, `${base}-pictor.webp`));
      await webp(await diffImage(readFileSync(ref), readFileSync(pic), r.width, r.height)).toFile(
        join(images, `${base}-diff.webp`),
      );
    }
    const score = (s) =>
      s.error
        ? `fails: ${escapeHtml(s.error)}`
        : `dSSIM ${s.dssim.toFixed(4)} · SSIM ${s.ssim.toFixed(4)} · diff ${(s.diff * 100).toFixed(2)}%`;
    items.push(`<section id="${escapeHtml(base)}">
<h2>${escapeHtml(r.name)} <small>${escapeHtml(r.corpus)} · ${r.width}×${r.height}</small></h2>
<p>Pictor: ${score(r.pictor)} — baseline: ${score(r.baseline)}${r.missing ? `<br>${escapeHtml(r.missing)}` : ''}</p>
<div class="row">
<figure><figcaption>Chromium</figcaption><img loading="lazy" src="images/${escapeHtml(base)}-chromium.webp"></figure>
<figure><figcaption>Pictor</figcaption>${r.pictor.error ? '<p>—</p>' : `<img loading="lazy" src="images/${escapeHtml(base)}-pictor.webp">`}</figure>
<figure><figcaption>difference (red: a channel off by more than 32)</figcaption>${r.pictor.error ? '<p>—</p>' : `<img loading="lazy" src="images/${escapeHtml(base)}-diff.webp">`}</figure>
</div></section>`);
  }
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title>Pictor fidelity gallery</title><style>
body{font:14px system-ui,sans-serif;margin:16px;background:#f4f4f5}
section{background:#fff;margin:0 0 24px;padding:12px;border-radius:6px}
h2{font-size:16px;margin:0 0 4px}small{color:#71717a;font-weight:400}p{margin:0 0 8px;color:#3f3f46}
.row{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;align-items:start}
figure{margin:0}figcaption{font-size:12px;color:#71717a}img{width:100%;border:1px solid #e4e4e7;image-rendering:pixelated}
</style></head><body>
<h1>Pictor against Chromium: ${items.length} cases, worst first</h1>
<p>Regenerate with <code>node benchmarks/fidelity/run.mjs</code>. Click an image to open it at full size.</p>
${items.join('\n').replace(/<img loading="lazy" src="([^"]+)">/g, '<a href="$1"><img loading="lazy" src="$1"></a>')}
</body></html>
`,
  );
}
