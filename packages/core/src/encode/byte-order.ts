/** True on little-endian machines: an RGBA pixel read as a 32-bit word then has alpha in its top byte. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
