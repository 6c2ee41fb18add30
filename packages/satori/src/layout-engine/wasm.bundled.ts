/**
 * Loads the layout engine from the WebAssembly module bundled with Satori: instantiated on first use (Pictor: not as
 * the module loads, so a process can evaluate the bundle where no WebAssembly runs — a Node startup snapshot).
 */

import binary from '../../layout.wasm'
import { createLayoutEngine } from './index.js'

let loadingEngine: Promise<ReturnType<typeof createLayoutEngine>> | undefined

export function getLayoutEngine() {
  loadingEngine ??= instantiate()
  return loadingEngine
}

function instantiate() {
  const engine = createLayoutEngine()
  return WebAssembly.instantiate(binary, engine.imports).then(({ instance }) => {
    engine.setInstance(instance)
    return engine
  })
}
