/**
 * The baseline's rasteriser in a child process (engines.mjs `createBaseline`): resvg-js as it ships, without
 * Pictor's guards, aborts the process on some SVGs upstream satori writes (resvg's `geom.rs:27` panic; first seen on
 * the wider corpus's papermod-hugo-post-markdown-syntax). In a child, such a page fails the baseline alone instead of
 * ending the whole run. Messages: { svg } in, { png } (base64) or { error } out.
 */
import { Resvg } from '@resvg/resvg-js';

process.on('message', ({ svg }) => {
  try {
    const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
    process.send({ png: Buffer.from(png).toString('base64') });
  } catch (error) {
    process.send({ error: String(error?.message ?? error).split('\n')[0] });
  }
});
process.send({ ready: true });
