/** The contract of the HTML stage: an HTML string in, a satori element tree and the document's resources out. */

/** A node of the tree satori renders (React-element shaped). */
export interface SatoriElement {
  type: string;
  props: {
    style?: Record<string, unknown>;
    children?: SatoriChild | SatoriChild[];
    [attribute: string]: unknown;
  };
}

export type SatoriChild = SatoriElement | string | number | null | undefined;

/** An `@font-face` rule found in the document's stylesheets. */
export interface DocumentFontFace {
  family: string;
  /** The `src` URLs in order of preference (data:, http(s) or relative). */
  sources: string[];
  weight?: number;
  /** A `font-weight` range (`100 900`), for a variable face. */
  weightRange?: [number, number];
  style?: 'normal' | 'italic';
  /** The code points of its `unicode-range` (inclusive ranges); every code point without one. */
  unicodeRange?: [number, number][];
}

/** What the HTML stage hands to the rest of the pipeline. */
export interface ParsedHtml {
  /** Root element for satori. */
  root: SatoriElement;
  /** True when the input was a complete document (`<html>`/`<body>`): body keeps its 8px default margin. */
  isDocument: boolean;
  /** `@font-face` rules of the document. */
  fontFaces: DocumentFontFace[];
  /** `href` of `<link rel="stylesheet">` elements, in document order. */
  stylesheets: string[];
  /** Things the parser dropped or could not honour. */
  warnings: string[];
  /** `href` of the document's first `<base>` element, which relative URLs resolve against (after `baseUrl`). */
  baseHref?: string;
  /**
   * The document is in quirks or limited-quirks mode: inline boxes without text add no strut to their line (satori's
   * option `lineHeightQuirk`, the change `empty-inline-strut`).
   */
  lineHeightQuirk?: boolean;
  /** The CSS size `@media` blocks were resolved against: linked sheets, loaded later, are resolved alike. */
  viewport?: { width?: number | undefined; height?: number | undefined };
}
