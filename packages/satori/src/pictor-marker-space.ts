/**
 * Pictor (outside-marker-space): an outside list marker takes no place on its line (CSS Lists 3 §3.1, a marker box
 * outside the principal box), so the text after it starts the line and its leading collapsible white space goes, as
 * at the start of any line. satori puts the marker in the line as an inline box of no width, before the first text;
 * the white space after it stayed and set the text of every `<li>\n  Text` one space to the right (Antwort's lists).
 */
import type { ReactElement } from 'react'

const outsideMarkers = new WeakSet<object>()

/** Marks an element made for an outside marker. */
export function markOutside(marker: ReactElement) {
  outsideMarkers.add(marker)
}

/** Whether an element was made for an outside marker. */
export function isOutsideMarker(element: unknown): boolean {
  return typeof element === 'object' && !!element && outsideMarkers.has(element)
}

/** `white-space` values whose spaces collapse and whose newlines are spaces. */
const COLLAPSING = new Set([undefined, 'normal', 'nowrap'])

/**
 * The text that follows `markers` at the start of a line: without its leading collapsible white space when every
 * marker is outside and `whiteSpace` collapses it.
 */
export function textAfterMarkers(
  markers: readonly unknown[],
  text: string,
  whiteSpace: unknown
): string {
  if (!COLLAPSING.has(whiteSpace as string | undefined)) return text
  if (!markers.every((m) => typeof m === 'object' && m && outsideMarkers.has(m))) return text
  return text.replace(/^[ \t\n\r\f]+/, '')
}
