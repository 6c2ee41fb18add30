/**
 * Pictor (svg-picture-rasters): an SVG picture (`<img src="logo.svg">`, a `url()`) that embeds raster pictures
 * (`<image href="data:image/png…">`) is drawn with them, as in Chromium. resvg draws no raster picture inside an SVG
 * that is itself a picture (usvg gives a nested SVG image no image resolver), so satori nests such a picture in the
 * page's SVG as an `<svg>` element instead (its inline-svg-pictures change). What satori nests must not reach the
 * page's own elements: here the checked picture (svg-safety.ts `checkSvg`: no external reference, no DOCTYPE, no
 * script) is written out again in one canonical form, without its prolog, comments and processing instructions, its
 * attributes double-quoted, every `id` and every `#fragment` reference to one prefixed with a name of this picture's
 * own, so its gradients, clip paths and patterns cannot meet the page's or another picture's. A picture with a
 * `<style>` element (its rules would apply to the whole page in resvg) is not nested: undefined.
 */
import { SaxesParser } from 'saxes';

/** A raster picture the SVG embeds, as the checked picture writes it. */
const RASTER_HREF = /^\s*data:image\/(?:png|jpeg|gif|webp)[;,]/i;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** A short name of the picture's text (FNV-1a), the same for the same picture. */
function nameOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `pictor-svg-${(hash >>> 0).toString(36)}-`;
}

/**
 * The picture `text` (already checked) in the canonical form described above, or undefined when it embeds no raster
 * picture, has a `<style>` element or is not one `<svg>` root element of the SVG namespace's default prefix.
 */
export function nestableSvg(text: string): string | undefined {
  const prefix = nameOf(text);
  // `url(#x)` in any attribute (fill, clip-path, style…); a bare `#x` only in an href (`fill="#fff"` is a colour).
  const reference = (value: string, href: boolean) => {
    const urls = value.replace(/url\(\s*(['"]?)#/g, (_, quote: string) => `url(${quote}#${prefix}`);
    return href ? urls.replace(/^\s*#/, (hash) => `${hash}${prefix}`) : urls;
  };
  let out = '';
  let depth = 0;
  let roots = 0;
  let rasters = 0;
  let refused = false;
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('opentag', (tag) => {
    const name = tag.name;
    if (depth === 0 && (++roots > 1 || name !== 'svg')) refused = true;
    if (name === 'style' || name.endsWith(':style')) refused = true;
    depth++;
    out += `<${name}`;
    for (const [attribute, raw] of Object.entries(tag.attributes)) {
      let value = String(raw);
      const local = attribute.slice(attribute.indexOf(':') + 1).toLowerCase();
      if (local === 'id' && !attribute.startsWith('xmlns')) value = `${prefix}${value}`;
      else if (local === 'href' && RASTER_HREF.test(value)) {
        rasters++;
        // Base64 may be written over several lines; the attribute keeps none of that white space.
        value = value.replace(/\s+/g, '');
      } else if (!attribute.startsWith('xmlns')) value = reference(value, local === 'href');
      out += ` ${attribute}="${escapeAttribute(value)}"`;
    }
    out += '>';
  });
  parser.on('closetag', (tag) => {
    depth--;
    out += `</${tag.name}>`;
  });
  const addText = (chunk: string) => {
    if (depth > 0) out += escapeText(chunk);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(text).close();
  } catch {
    return undefined;
  }
  return refused || rasters === 0 ? undefined : out;
}
