/** HTML string → satori tree. First version: satori-html (lossy; replaced by a faithful parser). */
import { html as satoriHtml } from 'satori-html';
import type { ParsedHtml, SatoriElement } from './types.js';

/**
 * Parse an HTML fragment or document into the tree satori renders.
 * satori-html is called with a template-strings array: its plain-string form is quadratic in long attributes.
 */
export function parseHtml(source: string): ParsedHtml {
  const strings = Object.assign([source], { raw: [source] }) as unknown as TemplateStringsArray;
  const root = satoriHtml(strings) as unknown as SatoriElement;
  return { root, isDocument: /<html[\s>]|<body[\s>]/i.test(source), fontFaces: [], stylesheets: [], warnings: [] };
}
