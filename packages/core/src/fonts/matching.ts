/**
 * Font matching for weight and style as CSS Fonts 4 specifies it (§5.2, steps 4b–4c), done before satori: each
 * family is handed to satori as exactly the face CSS would choose for each weight (100–900) and style (normal,
 * italic), so satori's own nearest-weight choice (which looks at weight before style, and upward for 500) always
 * finds an exact entry. Synthesis stays satori's, which does what Chrome does for web fonts: bold when the request
 * is 600 or more and the chosen face is lighter than 600, oblique when italic is asked and the face is not italic.
 */
import type { SatoriFont } from '../layout/layout-to-svg.js';

type Style = 'normal' | 'italic';

/** The face CSS matching chooses among one family's faces for a weight and a style; undefined without faces. */
export function matchFace<T extends { weight?: number; weightRange?: [number, number]; style?: Style }>(
  faces: readonly T[],
  weight: number,
  style: Style,
): T | undefined {
  // Style narrows first: italic looks at italic faces, then normal ones (synthesised oblique); normal the reverse.
  const italic = faces.filter((face) => face.style === 'italic');
  const normal = faces.filter((face) => face.style !== 'italic');
  const preferred = style === 'italic' ? italic : normal;
  return matchWeight(preferred.length > 0 ? preferred : style === 'italic' ? normal : italic, weight);
}

function matchWeight<T extends { weight?: number; weightRange?: [number, number] }>(
  faces: readonly T[],
  desired: number,
): T | undefined {
  // A variable face serves a range of weights (its weightRange); a static one its weight.
  const lowest = (face: T) => face.weightRange?.[0] ?? face.weight ?? 400;
  const highest = (face: T) => face.weightRange?.[1] ?? face.weight ?? 400;
  const exact = faces.find((face) => lowest(face) <= desired && desired <= highest(face));
  if (exact) return exact;
  // Stable sorts: between faces of the same weight the earlier (more specific) one wins.
  const below = faces.filter((face) => highest(face) < desired).sort((a, b) => highest(b) - highest(a));
  const above = faces.filter((face) => lowest(face) > desired).sort((a, b) => lowest(a) - lowest(b));
  if (desired >= 400 && desired <= 500) {
    // 400–500: heavier faces up to 500 first, then lighter ones, then heavier than 500.
    return above.find((face) => lowest(face) <= 500) ?? below[0] ?? above[0];
  }
  return desired < 400 ? (below[0] ?? above[0]) : (above[0] ?? below[0]);
}

const WEIGHTS = [400, 100, 200, 300, 500, 600, 700, 800, 900] as const;
const STYLES: readonly Style[] = ['normal', 'italic'];

/**
 * The fonts satori gets: for every family (name, case-insensitive, and language), one entry per weight and style,
 * carrying the face CSS matching picks for it. The first family's regular face stays first (satori's last-resort
 * font); families keep their order (the order satori falls back along for missing glyphs).
 */
export function cssFaceSet(fonts: readonly SatoriFont[]): SatoriFont[] {
  const families = new Map<string, SatoriFont[]>();
  for (const font of fonts) {
    const key = `${font.name.toLowerCase()}\u0000${font.lang ?? ''}`;
    const faces = families.get(key);
    if (faces) faces.push(font);
    else families.set(key, [font]);
  }
  const out: SatoriFont[] = [];
  for (const faces of families.values()) {
    for (const style of STYLES) {
      for (const weight of WEIGHTS) {
        const face = matchFace(faces, weight, style);
        if (face) out.push(...composedFont(faces, face).map((part) => ({ ...part, weight, style })));
      }
    }
  }
  return out;
}

/**
 * The faces CSS composes into one font with `face`: the family's faces of its descriptors (style, weight or weight
 * range) that carry a `unicode-range`, the last given first (CSS Fonts 4 §4.5: for overlapping ranges the rule
 * defined last is checked first). satori takes the first as the match and the others as its parts.
 */
function composedFont(faces: readonly SatoriFont[], face: SatoriFont): SatoriFont[] {
  if (!face.unicodeRange) return [face];
  const same = (other: SatoriFont) =>
    other.unicodeRange !== undefined &&
    (other.style ?? 'normal') === (face.style ?? 'normal') &&
    other.weight === face.weight &&
    `${other.weightRange ?? ''}` === `${face.weightRange ?? ''}`;
  return faces.filter(same).reverse();
}
