/**
 * Pictor (containment-formatting-context): what layout and paint containment change in a box's layout and painting.
 * `contain: layout`, `paint`, `content` and `strict`, and `content-visibility: auto` (which applies layout, paint and
 * style containment to a box on screen) make a block container a formatting context of its own, so margins never
 * collapse through it and it holds its floats (CSS Containment 2 §3.2), and paint containment clips its content to
 * its overflow clip edge as `overflow: clip` does (§3.3). Node.js's API pages give every section
 * `content-visibility: auto`: each heading's top margin stays inside its section in Chromium.
 * Size containment and skipped contents (`content-visibility: hidden`, an `auto` box off screen) are not applied:
 * the page is laid out as on screen.
 */

/** The containment types a box's `contain` and `content-visibility` give it. */
export interface Containment {
  layout: boolean
  paint: boolean
}

const NONE: Containment = { layout: false, paint: false }

/** The layout and paint containment of a box from its computed `contain` and `content-visibility`. */
export function containmentOf(contain: unknown, contentVisibility: unknown): Containment {
  if (String(contentVisibility ?? '').trim().toLowerCase() === 'auto') return { layout: true, paint: true }
  if (typeof contain !== 'string') return NONE
  const words = contain.trim().toLowerCase().split(/\s+/)
  const all = words.includes('strict') || words.includes('content')
  return { layout: all || words.includes('layout'), paint: all || words.includes('paint') }
}
