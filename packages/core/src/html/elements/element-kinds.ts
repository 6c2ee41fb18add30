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
