/**
 * An `<img>` with no source at all (`src=""`, no `srcset`: a template's missing photo) as Chromium draws it. Such an
 * image will never load, so (HTML's rendering rules) with alt text it is an inline box of that text after the
 * 16 px broken-image icon — its `width`/`height` apply only when CSS makes it a block, as a float does —, and
 * without alt text an empty inline-block of its dimension attributes. Either way the element keeps its class, id
 * and style, so the page's rules (`.pull-right { float: right }`) still place it.
 */
import type { SatoriElement } from '../types.js';

/** Chromium's broken-image icon: 16×16 px, drawn before the alt text (its space is kept; the icon is not drawn). */
const ICON = { display: 'inline-block', width: '16px', height: '16px' };

/** The attributes of an image that only a loaded picture uses. */
const PICTURE_ONLY = new Set(['src', 'srcset', 'sizes', 'width', 'height', 'alt', '__naturalSize']);

/** What stands for `img`, an image element with no source, given its `alt` and dimension attributes. */
export function missingImage(
  img: SatoriElement,
  alt: string | undefined,
  dimensions: { width?: string; height?: string },
): SatoriElement {
  const props: SatoriElement['props'] = {};
  for (const [name, value] of Object.entries(img.props)) {
    if (!PICTURE_ONLY.has(name) && name !== 'children') props[name] = value;
  }
  const own = (img.props.style ?? {}) as Record<string, unknown>;
  if (alt) {
    props.style = { ...own };
    props.children = [{ type: 'span', props: { style: { ...ICON } } }, alt];
    return { type: 'span', props };
  }
  const style: Record<string, unknown> = { display: 'inline-block' };
  for (const dim of ['width', 'height'] as const) {
    const value = dimensions[dim]?.trim();
    if (value && /^\d+(\.\d+)?$/.test(value)) style[dim] = `${value}px`;
  }
  props.style = { ...style, ...own };
  return { type: 'span', props };
}
