/**
 * The frames of a worker process's result channel (result-channel.ts): an 8-byte header, the render's id and the
 * byte length of its encoded image (both unsigned 32-bit, big-endian), then the image's bytes. Shared by both ends:
 * nothing here loads more than the worker needs (no node:crypto on a worker's cold start).
 */
import { DEFAULT_LIMITS } from '../limits.js';
import type { RenderLimits } from '../types.js';

/** What the pool tells a worker process so it can offer its result channel. */
export interface ResultChannelAddress {
  /** Abstract Unix socket name, without the leading NUL. */
  name: string;
  /** Hex token the pool's connection starts with. */
  token: string;
}

/** The socket path of an abstract name. */
export function abstractPath(name: string): string {
  return `\0${name}`;
}

export const FRAME_HEADER_BYTES = 8;

/** The header of the frame carrying `byteLength` bytes of render `id`'s image. */
export function frameHeader(id: number, byteLength: number): Uint8Array {
  const header = new Uint8Array(FRAME_HEADER_BYTES);
  const view = new DataView(header.buffer);
  view.setUint32(0, id);
  view.setUint32(4, byteLength);
  return header;
}

/** The id and byte length a frame header names. */
export function readFrameHeader(header: Uint8Array): { id: number; byteLength: number } {
  const view = new DataView(header.buffer, header.byteOffset, FRAME_HEADER_BYTES);
  return { id: view.getUint32(0), byteLength: view.getUint32(4) };
}

/**
 * The most bytes an image within `limits` can take in any format (an uncompressed RGBA PNG: 4 bytes a pixel, a filter
 * byte a row, the container's own bytes), so a header naming more is a broken channel, not an image.
 */
export function maxResultBytes(limits: RenderLimits): number {
  const maxPixels = limits.maxPixels ?? DEFAULT_LIMITS.maxPixels;
  return Math.min(2 ** 32 - 1, maxPixels * 5 + 2 ** 20);
}
