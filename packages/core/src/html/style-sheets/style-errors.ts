/** satori's `onStyleError` messages → render warnings, with the known harmless ones left out. */
import { pictorIsDeclarationKept } from '@pictor/satori';

/**
 * satori re-parsed the already computed `font-family` of list markers and reported `g.split is not a
 * function` (until satori's font-family-array); the marker keeps the inherited font, so nothing is lost
 * and nothing is worth a warning. Kept for a satori build without that change.
 */
const HARMLESS = [/\b\w+\.split is not a function[\s\S]*fontFamily/];

/**
 * The warning for one style error satori reported (it then ignored the declaration), or null when the
 * error is a known satori quirk with no visible effect.
 * @example onStyleError: (e) => { const w = describeStyleError(e); if (w) warnings.push(w) }
 */
export function describeStyleError(error: Error): string | null {
  const message = error.message.trim();
  if (HARMLESS.some((re) => re.test(message))) return null;
  const text = cssPropertyNames(message.replace(/\s+/g, ' '));
  // A declaration satori kept while it dropped a part of it (an image layer that loads nothing) is not ignored.
  return pictorIsDeclarationKept(error) ? text : `CSS ignored: ${text}`;
}

/** satori names properties in camel case (`textAlign`): in a warning they read as in CSS (`text-align`). */
function cssPropertyNames(message: string): string {
  return message.replace(
    /(`|property ")((?:Webkit)?[a-z]+(?:[A-Z][a-z]*)+)(`|")/g,
    (_, open: string, name: string, close: string) =>
      `${open}${name.replace(/^Webkit/, '-webkit').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}${close}`,
  );
}
