/** The size satori's SVG gives its root element, in CSS pixels. */
const SIZE_PATTERN = /^<svg[^>]*?\swidth="([\d.e+-]+)"[^>]*?\sheight="([\d.e+-]+)"/;

/** The root `<svg>`'s width and height (NaN each when the root does not give them). */
export function svgRootSize(svg: string): { width: number; height: number } {
  const match = SIZE_PATTERN.exec(svg);
  return match
    ? { width: Number(match[1]), height: Number(match[2]) }
    : { width: Number.NaN, height: Number.NaN };
}
