/**
 * The natural size of a `data:` picture, read from its header: the table translation weighs a column by it (the
 * pixels of such a table are checked against Chromium by the repro `table-spacing-and-pictures`).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dataUriImageSize } from '../src/html/elements/data-uri-image-size.js';

async function uriOf(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width: number,
  height: number,
): Promise<string> {
  const data = await sharp({ create: { width, height, channels: 3, background: '#2563eb' } })
    [format]()
    .toBuffer();
  return `data:image/${format};base64,${data.toString('base64')}`;
}

describe('dataUriImageSize', () => {
  it('reads the size of PNG, JPEG, GIF and WebP pictures', async () => {
    expect(dataUriImageSize(await uriOf('png', 300, 200))).toEqual({ width: 300, height: 200 });
    expect(dataUriImageSize(await uriOf('jpeg', 123, 45))).toEqual({ width: 123, height: 45 });
    expect(dataUriImageSize(await uriOf('gif', 64, 16))).toEqual({ width: 64, height: 16 });
    expect(dataUriImageSize(await uriOf('webp', 90, 60))).toEqual({ width: 90, height: 60 });
  });

  it('finds a JPEG frame header after other segments', async () => {
    const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'x'.repeat(2000) } } })
      .jpeg()
      .toBuffer();
    expect(dataUriImageSize(`data:image/jpeg;base64,${data.toString('base64')}`)).toEqual({
      width: 40,
      height: 30,
    });
  });

  it('answers undefined for what it cannot read', () => {
    expect(dataUriImageSize('https://example.com/a.png')).toBeUndefined();
    expect(dataUriImageSize('data:image/svg+xml;utf8,<svg width="10" height="10"/>')).toBeUndefined();
    expect(dataUriImageSize('data:image/png;base64,AAAA')).toBeUndefined();
    expect(dataUriImageSize('data:image/png;base64,')).toBeUndefined();
    expect(dataUriImageSize('data:text/plain;base64,aGVsbG8=')).toBeUndefined();
  });
});
