/**
 * Pictor: the replaced elements and form controls — atomic inline boxes whose content is no text of the tree — that
 * the tree searches (first letter, first line, generated content) stop at or skip.
 */
export const REPLACED_ELEMENTS = [
  'img',
  'svg',
  'canvas',
  'video',
  'audio',
  'iframe',
  'object',
  'embed',
  'input',
  'textarea',
  'select',
] as const
