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
  const sizes: Record<string, string> = {};
  for (const dim of ['width', 'height'] as const) {
    const value = dimensionValue(dimensions[dim]);
    if (value) sizes[dim] = value;
  }
  if (alt) {
    // Pictor (missing-image-dimensions): the dimension attributes are hints under the element's own style; an inline
    // box ignores them, a box CSS makes a block (absolutely positioned, floated) takes them, as in Chromium (a
    // résumé theme's `<img src="" width="100px" style="position: absolute; right: 0" alt>`: its alt text sat at the
    // right edge, 100 px of box in Chromium).
    props.style = { ...sizes, ...own };
    props.children = [{ type: 'span', props: { style: { ...ICON } } }, alt];
    return { type: 'span', props };
  }
  props.style = { display: 'inline-block', ...sizes, ...own };
  return { type: 'span', props };
}

/**
 * An HTML dimension attribute as CSS (`100`, `100px` → 100px, `50%` → 50%: the leading number, as browsers read it),
 * or undefined for none.
 */
function dimensionValue(attribute: string | undefined): string | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)(%?)/.exec(attribute ?? '');
  if (!match) return undefined;
  return match[2] ? `${match[1]}%` : `${match[1]}px`;
}
