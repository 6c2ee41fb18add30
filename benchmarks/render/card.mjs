/**
 * The reference card of the benchmarks: 1200×630, linear-gradient background, a bold 64px title that wraps to
 * two lines, a subtitle, a 200×200 photo-like avatar as a data: URI and a rounded badge.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const coreDir = join(here, '../../packages/core');

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const TITLE = 'Fast social cards: render in milliseconds, without a browser';

/** Inter regular and bold, the faces the card uses, read once from the core's font package. */
export function loadInterFonts() {
  const require = createRequire(join(coreDir, 'package.json'));
  const read = (file) => readFileSync(require.resolve(`@expo-google-fonts/inter/${file}`));
  return [
    { name: 'Inter', data: read('400Regular/Inter_400Regular.ttf'), weight: 400, style: 'normal' },
    { name: 'Inter', data: read('700Bold/Inter_700Bold.ttf'), weight: 700, style: 'normal' },
  ];
}

/** Deterministic PRNG (mulberry32) so the avatar is the same bytes on every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo-like 200×200 JPEG: sky and ground gradients, a lit head-and-shoulders silhouette, soft blur and
 * sensor grain, so it compresses like a photo (about 45 KB) rather than like flat colour.
 */
export async function createAvatar() {
  const size = 200;
  const random = prng(20261122);
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      // Background: warm window light on the left fading to a cool wall.
      let r = 200 - x * 0.5 + Math.sin(y / 9) * 10;
      let g = 170 - x * 0.25 + Math.cos(x / 13) * 8;
      let b = 140 + x * 0.35;
      // Head (ellipse) and shoulders (wide ellipse at the bottom), lit from the left.
      const head = ((x - 100) / 42) ** 2 + ((y - 82) / 52) ** 2;
      const body = ((x - 100) / 92) ** 2 + ((y - 215) / 70) ** 2;
      if (head < 1) {
        const light = 1 - (x - 58) / 120;
        r = 225 * light + 40;
        g = 180 * light + 30;
        b = 150 * light + 25;
        if (y < 55 + Math.sin(x / 6) * 4) [r, g, b] = [60, 40, 30]; // hair
      } else if (body < 1) {
        const fold = Math.sin(x / 5 + y / 11) * 18;
        r = 40 + fold;
        g = 70 + fold;
        b = 120 + fold;
      }
      const grain = (random() - 0.5) * 60;
      const chroma = () => (random() - 0.5) * 30;
      pixels[i] = Math.max(0, Math.min(255, r + grain + chroma()));
      pixels[i + 1] = Math.max(0, Math.min(255, g + grain + chroma()));
      pixels[i + 2] = Math.max(0, Math.min(255, b + grain + chroma()));
    }
  }
  return (await import('sharp'))
    .default(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 94, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** The card as an HTML string (inline styles only, so every engine reads the same thing). */
export function cardHtml(avatarDataUri) {
  return `<div style="display:flex;flex-direction:column;justify-content:space-between;box-sizing:border-box;width:${CARD_WIDTH}px;height:${CARD_HEIGHT}px;padding:60px;background-image:linear-gradient(135deg,#312e81 0%,#6d28d9 55%,#db2777 100%);color:#ffffff;font-family:Inter">
  <div style="display:flex;align-items:center;justify-content:space-between">
    <img src="${avatarDataUri}" width="200" height="200" style="width:200px;height:200px;border-radius:100px;border:6px solid rgba(255,255,255,0.85)" />
    <div style="display:flex;padding:12px 28px;border-radius:999px;background-color:#facc15;color:#1e1b4b;font-size:26px;font-weight:700">Open source</div>
  </div>
  <div style="display:flex;flex-direction:column">
    <div style="display:flex;font-size:64px;font-weight:700;line-height:1.15;letter-spacing:-1px">${TITLE}</div>
    <div style="display:flex;margin-top:20px;font-size:30px;font-weight:400;color:rgba(255,255,255,0.85)">pictor.dev · HTML and templates to PNG, JPEG and WebP</div>
  </div>
</div>`;
}

/**
 * The card as a Takumi node tree, converted from satori-html's element tree (same styles, same image), the
 * shape a JSX user hands Takumi.
 */
export function toTakumiNode(element) {
  if (typeof element === 'string') return { type: 'text', text: element };
  const { style, children, src, width, height } = element.props;
  const withStyle = style === undefined ? {} : { style };
  if (element.type === 'img') {
    return { type: 'image', src, width: Number(width), height: Number(height), ...withStyle };
  }
  const list = children === undefined ? [] : Array.isArray(children) ? children : [children];
  // satori-html leaves null where whitespace between tags was.
  const kept = list.filter((child) => child !== null && child !== undefined && child !== '');
  return { type: 'container', ...withStyle, children: kept.map(toTakumiNode) };
}

/** The reference card as a template definition: title and subtitle are variables, the avatar is part of the content. */
export function cardTemplate(avatarDataUri, format = 'webp') {
  const content = cardHtml(avatarDataUri)
    .replace(TITLE, '{{title}}')
    .replace('pictor.dev · HTML and templates to PNG, JPEG and WebP', '{{subtitle}}');
  return {
    content,
    variables: {
      title: { type: 'string', required: true, maxLength: 120 },
      subtitle: { type: 'string', default: 'pictor.dev', maxLength: 120 },
    },
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    format,
  };
}
