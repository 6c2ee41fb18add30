/**
 * Pictor (wasm-files): the bytes of the two WebAssembly modules (the layout engine's `layout.wasm`, HarfBuzz's
 * `hb.wasm`) are read from files when first instantiated, not carried in the bundle as base64 text: a bundle that
 * holds them keeps that text in every process that loads it (its source, and a startup snapshot made of it) although
 * each module is compiled once. The embedder says where the files are (`setWasmFiles`); without it, the files of
 * this package and of harfbuzzjs are read (satori's own tests, from its source).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/** The modules by name. */
export type WasmName = 'layout' | 'harfbuzz'

let reader: ((name: WasmName) => Uint8Array) | undefined

/** Sets how the modules' bytes are read (called once by the embedder, before the first render). */
export function setWasmFiles(read: (name: WasmName) => Uint8Array): void {
  reader = read
}

/** The bytes of module `name`, read now. @throws what reading threw. */
export function wasmBytes(name: WasmName): Uint8Array {
  if (reader) return reader(name)
  // From this package's source: layout.wasm at its root, hb.wasm in harfbuzzjs.
  if (name === 'layout') {
    // src/ and dist/ are both one level under the package's root.
    return readFileSync(fileURLToPath(new URL('../layout.wasm', import.meta.url)))
  }
  return readFileSync(
    createRequire(import.meta.url).resolve('harfbuzzjs/hb.wasm')
  )
}
