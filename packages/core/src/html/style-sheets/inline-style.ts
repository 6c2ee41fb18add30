/** `style=""` attributes → satori style objects; declarations that cannot be parsed are dropped with a warning. */
import * as csstree from 'css-tree';
import {
  foreignValue,
  invalidDeclaration,
  resolveValue,
  unprefixedProperty,
  unsupportedDeclaration,
} from './css-values.js';
import { isCssTableDisplay } from '../elements/css-table-display.js';
import { degradeDisplay } from '../elements/display.js';

/** A parsed inline style: CSS property names (`background-color`) → values, in source order. */
export type CssDeclarations = Record<string, string>;

/** `background-color` → `backgroundColor`, `-webkit-line-clamp` → `WebkitLineClamp`; custom properties unchanged. */
export function toCamelCase(property: string): string {
  if (property.startsWith('--')) return property;
  const p = property.startsWith('-ms-') ? property.slice(1) : property;
  return p.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Parse the text of a `style` attribute into declarations (later ones win, as in browsers).
 * Syntax errors and empty values are dropped and reported through `warn`.
 */
export function parseInlineStyle(text: string, warn: (message: string) => void): CssDeclarations {
  const out: CssDeclarations = {};
  let ast: csstree.CssNode;
  try {
    ast = csstree.parse(text, {
      context: 'declarationList',
      parseValue: false,
      onParseError: (error) =>
        warn(`style="${text.slice(0, 80)}": ${error.message}; the declaration was dropped`),
    });
  } catch {
    warn(`style="${text.slice(0, 80)}" could not be parsed and was dropped`);
    return out;
  }
  csstree.walk(ast, {
    visit: 'Declaration',
    enter(node) {
      const property = node.property.startsWith('--')
        ? node.property
        : unprefixedProperty(node.property.toLowerCase());
      const value = csstree.generate(node.value).trim();
      if (value === '') {
        warn(`style: ${property} has no value; the declaration was dropped`);
        return;
      }
      if (foreignValue(property, value)) return;
      // Dropped here, as browsers drop it, so that nothing downstream (presentational attributes) takes it as set.
      const invalid = invalidDeclaration(property, value);
      if (invalid) {
        warn(`style: ${invalid}`);
        return;
      }
      if (property in out) delete out[property];
      out[property] = value;
    },
  });
  return out;
}

/**
 * Declarations → the style object satori takes. `display` values satori would throw on are degraded
 * to the nearest supported one (with a warning, unless it is a table display, which the table layer lays out:
 * an HTML table element's own, or a CSS table's, elements/css-table-display.ts).
 */
export function toSatoriStyle(
  declarations: CssDeclarations,
  warn: (message: string) => void,
): Record<string, string> {
  const style: Record<string, string> = {};
  for (const [property, written] of Object.entries(declarations)) {
    const unsupported = unsupportedDeclaration(property, written);
    if (unsupported) warn(unsupported);
    const value = resolveValue(property, written);
    if (property === 'display') {
      const degraded = degradeDisplay(value);
      if (!degraded) {
        warn(`style: display: ${value} is not a display value; the declaration was dropped`);
        continue;
      }
      // Table displays are laid out as tables by the converter (elements/css-table-display.ts).
      if (degraded.display !== value.trim().toLowerCase() && !isCssTableDisplay(value)) {
        warn(`display: ${value} is not supported; laid out as display: ${degraded.display}`);
      }
      style.display = degraded.display;
      continue;
    }
    style[toCamelCase(property)] = value;
  }
  return style;
}
