/**
 * Bytes framed as a whole PNG, JPEG or WebP file around any body: the start and end (or declared length) the disk
 * storage checks before it answers an object (storage/image-integrity.ts). Not decodable: storage never decodes.
 */
export function framedImage(format: 'png' | 'jpeg' | 'webp', body: Uint8Array): Buffer {
  switch (format) {
    case 'png':
      return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        body,
        Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
      ]);
    case 'jpeg':
      return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), body, Buffer.from([0xff, 0xd9])]);
    case 'webp': {
      const header = Buffer.from('RIFF....WEBP', 'latin1');
      header.writeUInt32LE(body.length + 4, 4);
      return Buffer.concat([header, body]);
    }
  }
}
