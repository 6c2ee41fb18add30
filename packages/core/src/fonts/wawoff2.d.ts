/** Types of wawoff2 (WOFF2 ⇄ TTF, Google's woff2 compiled to JS), which ships none. */
declare module 'wawoff2' {
  /** WOFF2 bytes → sfnt bytes; rejects with `ConvertWOFF2ToTTF failed` on invalid input. */
  export function decompress(buffer: Uint8Array): Promise<Uint8Array>;
  /** sfnt bytes → WOFF2 bytes. */
  export function compress(buffer: Uint8Array): Promise<Uint8Array>;
}
