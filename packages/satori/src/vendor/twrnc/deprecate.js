// Pictor (satori-no-console): util-deprecate without its console warning.
module.exports = function deprecate(fn) {
  return fn
}
