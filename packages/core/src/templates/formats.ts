/** Value checks for the variable types JSON Schema has no word for: CSS colours, http(s) URLs and images. */

/** CSS named colours (CSS Color 4), plus `transparent` and `currentcolor`. */
const NAMED_COLORS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet ' +
    'deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ' +
    'ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow ' +
    'lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine ' +
    'mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise ' +
    'mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab ' +
    'orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru ' +
    'pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan ' +
    'teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent currentcolor'
  ).split(' '),
);

const NUM = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`;
const PCT_OR_NUM = `${NUM}%?`;
const HUE = `${NUM}(?:deg|grad|rad|turn)?`;
const ALPHA = PCT_OR_NUM;

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** rgb()/rgba() in the legacy comma form and the modern space form with an optional `/ alpha`. */
const RGB_COLOR = new RegExp(
  String.raw`^rgba?\(\s*(?:` +
    String.raw`${PCT_OR_NUM}\s*,\s*${PCT_OR_NUM}\s*,\s*${PCT_OR_NUM}(?:\s*,\s*${ALPHA})?` +
    String.raw`|${PCT_OR_NUM}\s+${PCT_OR_NUM}\s+${PCT_OR_NUM}(?:\s*\/\s*${ALPHA})?` +
    String.raw`)\s*\)$`,
  'i',
);
/** hsl()/hsla() in the legacy comma form and the modern space form with an optional `/ alpha`. */
const HSL_COLOR = new RegExp(
  String.raw`^hsla?\(\s*(?:` +
    String.raw`${HUE}\s*,\s*${PCT_OR_NUM}\s*,\s*${PCT_OR_NUM}(?:\s*,\s*${ALPHA})?` +
    String.raw`|${HUE}\s+${PCT_OR_NUM}\s+${PCT_OR_NUM}(?:\s*\/\s*${ALPHA})?` +
    String.raw`)\s*\)$`,
  'i',
);

/** True for a CSS colour: hex (#rgb, #rgba, #rrggbb, #rrggbbaa), rgb()/rgba(), hsl()/hsla() or a named colour. */
export function isCssColor(value: string): boolean {
  if (value.length > 200) return false;
  return (
    HEX_COLOR.test(value) ||
    NAMED_COLORS.has(value.toLowerCase()) ||
    RGB_COLOR.test(value) ||
    HSL_COLOR.test(value)
  );
}

function hasSpaceOrControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || /\s/.test(value[i] as string)) return true;
  }
  return false;
}

/** True for an absolute http: or https: URL with a host and no whitespace. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || hasSpaceOrControl(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const RASTER_DATA_URI = /^data:image\/(?:png|jpeg|webp|gif);base64,/i;
const SVG_DATA_URI = /^data:image\/svg\+xml(?:;charset=[\w.-]+|;utf-?8)*(;base64)?,/i;

/**
 * True for an image source a template may embed: an http(s) URL, a base64 data: URI of a png, jpeg,
 * webp or gif, or a data: URI of an svg (base64 or plain UTF-8 / percent-encoded).
 */
export function isImageSource(value: string): boolean {
  if (isHttpUrl(value)) return true;
  const raster = RASTER_DATA_URI.exec(value);
  if (raster) return BASE64.test(value.slice(raster[0].length));
  const svg = SVG_DATA_URI.exec(value);
  if (!svg) return false;
  const payload = value.slice(svg[0].length);
  if (payload.length === 0) return false;
  return svg[1] ? BASE64.test(payload) : true;
}
