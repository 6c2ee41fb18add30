/** SVG's paint properties: inherited CSS properties that a style sheet may set on an <svg> (and its ancestors). */
export const SVG_PAINT_PROPERTIES = [
  'fill',
  'fillOpacity',
  'fillRule',
  'stroke',
  'strokeWidth',
  'strokeOpacity',
  'strokeLinecap',
  'strokeLinejoin',
  'strokeDasharray',
  'strokeMiterlimit',
]
