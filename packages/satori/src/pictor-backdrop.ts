/**
 * Pictor (backdrop-snapshot): `backdrop-filter` draws the filtered backdrop — everything painted before the element —
 * inside the element's border box. satori filtered SVG 1.1's `BackgroundImage`, which resvg does not have: every
 * backdrop-filtered box (a glass header, Starlight's over its hero) was a blurred black box. The builder leaves an
 * empty group with the element's filter, clip and mask; once the whole document is written, the group is filled with
 * a copy of the markup drawn before it (its open ancestors closed), so the filters apply to what is behind it.
 */

/** The attribute of the group `backdropFilter` leaves for a backdrop. */
export const BACKDROP_MARKER = 'data-pictor-backdrop-filter'

/** Backdrops drawn per document: each copies what precedes it (earlier backdrops included); later ones are left out. */
const MAX_BACKDROPS = 4

/** Characters of markup the copies may add to a document in all: past it, further backdrops are left out. */
const MAX_COPIED = 8_000_000

/** Elements a backdrop group inside of which is not drawn: its copy would be in their coordinates or content. */
const NO_COPY_INSIDE = new Set(['defs', 'mask', 'clipPath', 'pattern', 'symbol', 'filter', 'marker', 'text'])

const TAG = /<(\/?)([A-Za-z][\w:.-]*)(?:\s[^>]*?)?(\/?)>/g

/** The names of the elements open at the end of `markup` (a prefix of well-formed SVG), outermost first. */
function openElements(markup: string): { name: string; transformed: boolean }[] {
  const open: { name: string; transformed: boolean }[] = []
  TAG.lastIndex = 0
  for (let match = TAG.exec(markup); match; match = TAG.exec(markup)) {
    const [whole, closing, name, selfClosing] = match
    if (selfClosing) continue
    if (closing) open.pop()
    else open.push({ name, transformed: / transform="/.test(whole) })
  }
  return open
}

/** `content` (the root `<svg>`'s content) with each backdrop group holding the markup drawn before it. */
export function drawBackdrops(content: string): string {
  if (!content.includes(BACKDROP_MARKER)) return content
  const marker = new RegExp(`<g ${BACKDROP_MARKER}=""([^>]*?)(?:/>|></g>)`)
  let out = content
  let drawn = 0
  let copied = 0
  let from = 0
  for (;;) {
    const match = marker.exec(out.slice(from))
    if (!match) break
    const at = from + match.index
    const before = out.slice(0, at)
    const open = openElements(before)
    const copyable =
      drawn < MAX_BACKDROPS &&
      copied + before.length <= MAX_COPIED &&
      !open.some((element) => element.transformed || NO_COPY_INSIDE.has(element.name))
    const group = copyable
      ? `<g${match[1]}>${before}${open
          .map((element) => `</${element.name}>`)
          .reverse()
          .join('')}</g>`
      : ''
    if (copyable) {
      drawn++
      copied += before.length
    }
    out = before + group + out.slice(at + match[0].length)
    from = at + group.length
  }
  return out
}
