/**
 * The background attributes of `<body>` (`bgcolor`, `background`), which browsers still honour as presentational
 * hints (HTML, "The page"): e-mail templates set the canvas colour so, often without CSS for it.
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
