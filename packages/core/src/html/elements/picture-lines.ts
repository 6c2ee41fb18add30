/**
 * Lines of pictures for the line-height quirk of quirks mode (see `TreeConverter.lineHeightQuirk`): which converted
 * children are blocks, which runs of inline content are lines of pictures without text, and the anonymous blocks
 * of `line-height: 0` such a line goes into.
 */
import { BLOCK_TAGS, PICTURE_TAGS } from './element-kinds.js';
import { ANONYMOUS_BLOCK, isBlankText } from './float-breaks.js';
import type { SatoriChild, SatoriElement } from '../types.js';

/** Box properties that an `em` length would tie to the font size. */
export const EM_SENSITIVE = [
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'width',
  'height',
  'min-width',
  'min-height',
  'max-width',
  'max-height',
  'border',
  'border-width',
];
/** Element type of the anonymous block that holds a line of pictures without text (see `wrapPictureLines`). */
export const ANONYMOUS_LINE_BOX = 'pictor-line';
/** Converted elements that are blocks by their type (the anonymous boxes of the table code included). */
const BLOCK_LEVEL_TYPES = new Set([
  ...BLOCK_TAGS,
  'table',
  'hr',
  'li',
  'dl',
  'pre',
  'address',
  'body',
  'td',
  'th',
  'pictor-cell',
  ANONYMOUS_BLOCK,
  ANONYMOUS_LINE_BOX,
]);

function displayOf(el: SatoriElement): string | undefined {
  const display = (el.props.style as Record<string, unknown> | undefined)?.display;
  return typeof display === 'string' ? display.trim().toLowerCase() : undefined;
}

/** A converted child that is block-level by its inline `display` or, without one, by its type. */
export function isBlockLevel(kid: SatoriChild): boolean {
  if (!kid || typeof kid !== 'object') return false;
  const display = displayOf(kid);
  if (display !== undefined) return /^(block|flex|grid|table|list-item|flow-root)$/.test(display);
  return BLOCK_LEVEL_TYPES.has(kid.type);
}

/**
 * True when white space separates two inline items on a line (`<img> <img>`, `</a>\n<a>`): Chrome gives such a line
 * its strut in quirks mode, as if the space were text; a space at a line's start or end (next to a block or a
 * `<br>`) is dropped and counts for nothing.
 */
export function hasSpaceBetweenItems(kids: SatoriChild[]): boolean {
  let itemOnLine = false;
  let spaceAfterItem = false;
  for (const kid of kids) {
    if (kid === null || kid === undefined || typeof kid === 'boolean') continue;
    if (isBlankText(kid)) {
      spaceAfterItem ||= itemOnLine;
    } else if (isBlockLevel(kid) || (typeof kid === 'object' && kid.type === 'br')) {
      itemOnLine = false;
      spaceAfterItem = false;
    } else {
      if (spaceAfterItem) return true;
      itemOnLine = true;
    }
  }
  return false;
}

/**
 * True when content is one picture, alone or in inline wrappers (`<a><img></a>`), with nothing but white space
 * around it, which a line drops at its ends: a font size of 0 changes no width there — unless `sizedInEm` says the
 * picture or a wrapper has a box length in `em` (a DocBook figure's `img { max-width: 36em }`), which that size would
 * make 0.
 */
export function lonePicture(kids: SatoriChild[], sizedInEm?: (el: SatoriElement) => boolean): boolean {
  const items = kids.filter((kid) => kid && !isBlankText(kid));
  if (items.length !== 1) return false;
  const only = items[0];
  if (!only || typeof only !== 'object') return false;
  if (sizedInEm?.(only)) return false;
  if (PICTURE_TAGS.has(only.type)) return true;
  const children = only.props.children;
  return lonePicture(
    Array.isArray(children) ? children : children === undefined ? [] : [children],
    sizedInEm,
  );
}

/** A converted element whose inline content forms lines of its own (a block, not a flex or grid container). */
export function isBlockContainer(el: SatoriElement): boolean {
  const display = displayOf(el);
  if (display !== undefined) return display === 'block' || display === 'list-item' || display === 'flow-root';
  return BLOCK_LEVEL_TYPES.has(el.type) && el.type !== 'table';
}

/**
 * The children of a block with each run of inline content between its blocks and after each `<br>` that
 * `textlessPictures` says is pictures without text (an e-mail's spacer GIF above a table, a logo on the line after a
 * `<br>`) put into an anonymous block of `line-height: 0`: those lines have no strut in quirks mode. The run's lines
 * are the same lines in that block, as a forced break or a block ends them. Undefined when no run is such a line.
 */
export function wrapPictureLines(
  kids: SatoriChild[],
  textlessPictures: (run: SatoriChild[]) => boolean,
  sizedInEm?: (el: SatoriElement) => boolean,
): { children: SatoriChild[]; lines: SatoriElement[] } | undefined {
  const children: SatoriChild[] = [];
  const lines: SatoriElement[] = [];
  let run: SatoriChild[] = [];
  const flush = () => {
    // The `<br>` that ends a line of pictures gives it no strut; a line of nothing but a `<br>` keeps one.
    if (textlessPictures(run.filter((kid) => typeof kid !== 'object' || kid?.type !== 'br'))) {
      const line: SatoriElement = {
        type: ANONYMOUS_LINE_BOX,
        // `font-size: 0` too for a lone picture: a line height of 0 still leaves the strut's middle, about 5 px
        // over the baseline, in the line box, which is all of the line under a spacer picture of 0 or 1 px. (Not
        // for several: the spaces between them would lose their width.)
        props: {
          style: {
            display: 'block',
            lineHeight: '0',
            ...(lonePicture(run, sizedInEm) ? { fontSize: '0' } : {}),
          },
          children: run,
        },
      };
      lines.push(line);
      children.push(line);
    } else children.push(...run);
    run = [];
  };
  for (const kid of kids) {
    if (isBlockLevel(kid)) {
      flush();
      children.push(kid);
    } else {
      run.push(kid);
      if (typeof kid === 'object' && kid?.type === 'br') flush();
    }
  }
  flush();
  return lines.length > 0 ? { children, lines } : undefined;
}
