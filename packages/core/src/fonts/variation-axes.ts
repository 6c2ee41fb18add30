/**
 * The `wght` axis of a variable font (its `fvar` table), for matching a variable face against every weight it can
 * serve (issue 40, item 8). The layout engine instances the face itself (packages/satori, change `variable-fonts`).
 */

/** The `[min, max]` of a font's `wght` axis, or undefined for a font without one (static, or damaged). */
export function weightAxis(sfnt: Uint8Array): [number, number] | undefined {
  if (sfnt.byteLength < 12) return undefined;
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const tables = view.getUint16(4);
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (record + 16 > sfnt.byteLength) return undefined;
    if (view.getUint32(record) !== 0x66766172 /* fvar */) continue;
    const table = view.getUint32(record + 8);
    if (table + 16 > sfnt.byteLength) return undefined;
    const first = table + view.getUint16(table + 4);
    const count = view.getUint16(table + 8);
    const size = view.getUint16(table + 10);
    for (let a = 0; a < count; a++) {
      const axis = first + a * size;
      if (axis + 16 > sfnt.byteLength) return undefined;
      if (view.getUint32(axis) !== 0x77676874 /* wght */) continue;
      const min = view.getInt32(axis + 4) / 65536;
      const max = view.getInt32(axis + 12) / 65536;
      return min <= max ? [min, max] : undefined;
    }
    return undefined;
  }
  return undefined;
}

/**
 * The weights a face serves: for a variable face, the declared ones (`[w, w]` for one weight, an `@font-face`
 * range as given) or, with none declared, its whole `wght` axis (as Chromium treats a rule without `font-weight`);
 * undefined for a static face (it serves its one weight).
 */
export function servedWeights(
  sfnt: Uint8Array,
  declared: number | [number, number] | undefined,
): [number, number] | undefined {
  const axis = weightAxis(sfnt);
  if (!axis) return undefined;
  if (declared === undefined) return axis;
  return typeof declared === 'number' ? [declared, declared] : declared;
}
