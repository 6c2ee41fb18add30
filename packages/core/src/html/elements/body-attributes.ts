/**
 * The attributes of `<body>` that browsers still honour as presentational hints (HTML, "The page"): the background
 * (`bgcolor`, `background`), which e-mail templates set the canvas colour with, often without CSS for it, and the
 * colours of the text (`text`) and of links (`link`), which old generated pages (libxml2's site, DocBook output)
 * carry.
 */
import { type Element, getAttr } from '../dom.js';

/**
 * The `background-color` and `background-image` the body's attributes ask for, each where `declared` (the body's
 * CSS) sets neither it nor the `background` shorthand. An empty attribute asks for nothing.
 */
export function bodyBackgroundHints(
  body: Element,
  declared: (property: string) => string | undefined,
): [property: string, value: string][] {
  const hints: [string, string][] = [];
  const shorthand = declared('background') !== undefined;
  const color = getAttr(body, 'bgcolor')?.trim();
  if (color && !shorthand && declared('background-color') === undefined)
    hints.push(['background-color', color]);
  const image = getAttr(body, 'background')?.trim();
  if (image && !shorthand && declared('background-image') === undefined)
    hints.push(['background-image', `url(${JSON.stringify(image)})`]);
  return hints;
}

/** The body's `text` colour as its `color`, where its CSS sets none. An empty attribute asks for nothing. */
export function bodyTextColor(
  body: Element,
  declared: (property: string) => string | undefined,
): string | undefined {
  const color = getAttr(body, 'text')?.trim();
  return color && declared('color') === undefined ? color : undefined;
}

/**
 * The colour of unvisited links the body's `link` attribute asks for (a page is drawn with no link visited, so
 * `vlink` and `alink` never show), or undefined. It replaces the UA's link blue: a link's own CSS colour wins.
 */
export function bodyLinkColor(body: Element): string | undefined {
  return getAttr(body, 'link')?.trim() || undefined;
}
