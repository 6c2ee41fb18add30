/**
 * Loads the layout engine from the WebAssembly module bundled with Satori: instantiated on first use (Pictor: not as
 * the module loads, so a process can evaluate the bundle where no WebAssembly runs — a Node startup snapshot).
 * Pictor (wasm-files): its bytes read from a file then (pictor-wasm-files.ts), not inlined in the bundle.
 */

import { wasmBytes } from '../pictor-wasm-files.js'
import { createLayoutEngine } from './index.js'

let loadingEngine: Promise<ReturnType<typeof createLayoutEngine>> | undefined

export function getLayoutEngine() {
  loadingEngine ??= instantiate()
  return loadingEngine
}

async function instantiate() {
  const engine = createLayoutEngine()
  const { instance } = await WebAssembly.instantiate(wasmBytes('layout'), engine.imports)
  engine.setInstance(instance)
  return engine
}
