/**
 * Is a stored image whole? Objects are written atomically but not flushed to the disk (no fsync: see
 * `@pictor/core/save-file`), so after a power cut the newest files may come back short or empty. Each format says
 * where it ends: PNG with its IEND chunk, JPEG with its end-of-image marker, WebP with the length in its RIFF
 * header. AVIF (ISO BMFF boxes) says its length nowhere in the first bytes: only its `ftyp` box is checked, and an
 * empty or truncated-to-nothing file fails. A file that fails the check is treated as absent: rendered again, never
 * served.
 */

/** How many bytes of the start and of the end of a file the check needs. */
export const INTEGRITY_PROBE_BYTES = 12;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/**
 * Whether the file of `key` (its extension says the format), `size` bytes long, starting with `start` and ending
 * with `end` (up to INTEGRITY_PROBE_BYTES each), is a complete image. Keys of other types are not checked.
 */
export function isCompleteImage(key: string, size: number, start: Buffer, end: Buffer): boolean {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  switch (ext) {
    case 'png':
      return (
        size >= PNG_SIGNATURE.length + PNG_IEND.length &&
        start.subarray(0, 8).equals(PNG_SIGNATURE) &&
        end.equals(PNG_IEND)
      );
    case 'jpg':
    case 'jpeg':
      return (
        size >= 4 &&
        start[0] === 0xff &&
        start[1] === 0xd8 &&
        end[end.length - 2] === 0xff &&
        end[end.length - 1] === 0xd9
      );
    case 'webp':
      return (
        size >= INTEGRITY_PROBE_BYTES &&
        start.toString('latin1', 0, 4) === 'RIFF' &&
        start.toString('latin1', 8, 12) === 'WEBP' &&
        start.readUInt32LE(4) + 8 === size
      );
    case 'avif':
      return size > INTEGRITY_PROBE_BYTES && start.toString('latin1', 4, 12) === 'ftypavif';
    default:
      return true;
  }
}
