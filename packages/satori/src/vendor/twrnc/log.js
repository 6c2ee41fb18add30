// Pictor (satori-no-console): tailwindcss's log, silent (upstream's shim wrote to the console); the engine never
// writes a document's content to the console.
export default {
  info() {},
  warn() {},
  risk() {},
}
