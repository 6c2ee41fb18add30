/** Kinds of HTML elements the converter tells apart. */

/** Elements that are blocks in browsers' UA sheet (those a legacy `align` may place). */
export const BLOCK_TAGS = new Set([
  'div',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'blockquote',
  'figure',
  'form',
  'ul',
  'ol',
  'center',
]);

/** Replaced elements that sit on a line like a picture. */
export const PICTURE_TAGS = new Set(['img', 'svg']);

/** Phrasing elements that make a plain inline box (no vertical offset of their own, as `<sub>` and `<sup>` have). */
export const PLAIN_INLINE_TAGS = new Set([
  'a',
  'span',
  'b',
  'i',
  'em',
  'strong',
  'font',
  'small',
  'big',
  'u',
  's',
  'code',
  'tt',
  'abbr',
  'acronym',
  'cite',
  'var',
  'kbd',
  'samp',
  'label',
]);
