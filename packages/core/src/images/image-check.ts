/** Checking image bytes before satori and resvg see them: a supported format, within the pixel limit, safe SVG. */
import { loadSharp } from '../encode/sharp-module.js';
import { decodeDataUrl } from '../fetch/data-url.js';
import { nestableSvg } from './svg-nestable.js';
import { checkSvg, type SvgCheck, UnsafeSvgError, withoutExternalDoctype } from './svg-safety.js';

/** Image formats satori lays out and resvg draws (WebP is converted to PNG: resvg-js 2.6 draws no WebP). */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

/**
 * A reason an image was refused, worded for the user; the caller adds the URL. `broken`: the bytes are no readable
 * image (no known format, a corrupt raster, an SVG that is not well-formed XML), which a browser draws as nothing
 * (broken-image-skipped); otherwise the image was refused for safety or a limit.
 */
export class ImageCheckError extends Error {
  constructor(
    message: string,
    readonly broken = false,
  ) {
    super(message);
  }
}

/** A checked image, ready to be embedded as a data: URI. */
export interface CheckedImage {
  /** Type of `data` (never WebP: converted to PNG). */
  mime: Exclude<ImageMime, 'image/webp'>;
  data: Buffer;
  /** Declared size; `undefined` for an SVG that declares none. */
  width: number | undefined;
  height: number | undefined;
  /** Most pixels declared by the image or by a picture embedded in it (SVG): what the pixel limit was checked on. */
  pixels: number;
  /**
   * An SVG with raster pictures inside: its canonical text, which satori nests in the page's SVG so resvg draws
   * those pictures (svg-nestable.ts); absent when it has none or cannot be nested.
   */
  nestable?: string;
  /** Elements of an SVG image that are not drawn (svg-safety.ts `notDrawn`); absent when there are none. */
  notDrawn?: string[];
}

/** The format of image bytes by their signature (the Content-Type is not trusted), or `undefined`. */
export function sniffImage(bytes: Buffer): ImageMime | undefined {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a)
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'image/gif';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  const head = bytes.toString('utf8', 0, Math.min(bytes.length, 4096)).replace(/^\ufeff/, '');
  const prolog = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*/.exec(head)?.[0].length ?? 0;
  // A DOCTYPE naming svg counts as SVG, so that the SVG check refuses it with a clear reason; so does any DOCTYPE
  // before an `<svg` (entity definitions: refused, never skipped as a broken image).
  if (
    /^(<!DOCTYPE\s+svg[\s>[]|<!DOCTYPE\b[\s\S]*<(svg|[\w-]+:svg)[\s/>]|<(svg|[\w-]+:svg)[\s/>])/i.test(
      head.slice(prolog),
    )
  )
    return 'image/svg+xml';
  return undefined;
}

/**
 * Check image bytes: a supported format, declared pixels within `maxPixels` (read from the header, nothing is
 * decoded: a 50,000×50,000 bomb is refused at once), SVG free of entities and external references.
 * WebP is converted to PNG (after the pixel check). @throws ImageCheckError
 */
export async function checkImage(bytes: Buffer, maxPixels: number): Promise<CheckedImage> {
  const mime = sniffImage(bytes);
  if (!mime) {
    throw new ImageCheckError(
      `not a supported image (PNG, JPEG, GIF, WebP or SVG expected; the data starts with 0x${bytes.subarray(0, 4).toString('hex')})`,
      true,
    );
  }
  if (mime === 'image/svg+xml') {
    const original = bytes.toString('utf8');
    // Drawing programs' SVG files name the SVG DTD in a DOCTYPE: dropped, so that only a DOCTYPE with entities is refused.
    const text = withoutExternalDoctype(original);
    const data = text === original ? bytes : Buffer.from(text);
    let svg: SvgCheck;
    try {
      svg = checkSvg(text);
    } catch (error) {
      if (error instanceof UnsafeSvgError) throw new ImageCheckError(error.message, error.broken);
      throw error;
    }
    checkPixels(svg.width, svg.height, maxPixels);
    const pixels = await checkEmbeddedPictures(svg.pictures, data.length, maxPixels);
    const own = (svg.width ?? 0) * (svg.height ?? 0);
    // Pictor (svg-picture-rasters): with raster pictures inside, the canonical text satori can nest.
    const nestable = svg.pictures.length > 0 ? nestableSvg(text) : undefined;
    return {
      mime,
      data,
      width: svg.width,
      height: svg.height,
      pixels: Math.max(own, pixels),
      ...(nestable ? { nestable } : {}),
      ...(svg.notDrawn.length > 0 ? { notDrawn: svg.notDrawn } : {}),
    };
  }
  const { width, height } = await rasterSize(bytes, mime);
  checkPixels(width, height, maxPixels);
  if (mime === 'image/webp') {
    try {
      const sharp = await loadSharp();
      const png = await sharp(bytes, { limitInputPixels: maxPixels }).png({ compressionLevel: 1 }).toBuffer();
      return { mime: 'image/png', data: png, width, height, pixels: width * height };
    } catch (error) {
      throw new ImageCheckError(`the WebP image could not be decoded (${(error as Error).message})`, true);
    }
  }
  return { mime, data: bytes, width, height, pixels: width * height };
}

/** The declared size of a raster image, read from its header (nothing is decoded). @throws ImageCheckError */
async function rasterSize(bytes: Buffer, mime: ImageMime): Promise<{ width: number; height: number }> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    const sharp = await loadSharp();
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = meta.width;
    height = meta.pageHeight ?? meta.height;
  } catch (error) {
    throw new ImageCheckError(
      `the ${mime.slice(6).toUpperCase()} image is corrupt (${(error as Error).message})`,
      true,
    );
  }
  if (!width || !height) throw new ImageCheckError('the image declares no size', true);
  return { width, height };
}

/**
 * The raster pictures embedded in an SVG image (`data:` URIs) are held to the same pixel limit as the image itself,
 * from their headers; returns the most pixels one declares (0 for none). `maxBytes`: the SVG's own size, which no
 * picture in it can exceed. @throws ImageCheckError
 */
async function checkEmbeddedPictures(
  pictures: string[],
  maxBytes: number,
  maxPixels: number,
): Promise<number> {
  let most = 0;
  for (const uri of pictures) {
    try {
      let data: Buffer;
      try {
        data = decodeDataUrl(uri, maxBytes).data;
      } catch (error) {
        throw new ImageCheckError(`not a readable data: URI (${(error as Error).message})`);
      }
      const mime = sniffImage(data);
      if (!mime || mime === 'image/svg+xml') throw new ImageCheckError('not a PNG, JPEG, GIF or WebP image');
      const { width, height } = await rasterSize(data, mime);
      checkPixels(width, height, maxPixels);
      most = Math.max(most, width * height);
    } catch (error) {
      if (!(error instanceof ImageCheckError)) throw error;
      throw new ImageCheckError(`a picture in it (${shorten(uri)}): ${error.message}`);
    }
  }
  return most;
}

function shorten(uri: string): string {
  return uri.length > 40 ? `${uri.slice(0, 40)}…` : uri;
}

function checkPixels(width: number | undefined, height: number | undefined, maxPixels: number): void {
  if (width === undefined || height === undefined) return;
  if (!(width * height <= maxPixels)) {
    throw new ImageCheckError(
      `the image declares ${Math.round(width)}×${Math.round(height)} pixels, over the limit of ${maxPixels} (limits.maxImagePixels)`,
    );
  }
}
