// tiny-inflate's inflate(source, dest) for the worker bundle (scripts/worker-bundle.mjs), with Node's zlib: linebreak's
// Unicode line-break table (unicode-trie) is inflated twice as its module loads, at every worker's start — ~15 ms in
// tiny-inflate's JavaScript, well under 1 ms in zlib. Same contract: raw DEFLATE `source` into `dest`; returns `dest`,
// or the part of it the data filled.
const { inflateRawSync } = require('node:zlib');

module.exports = function inflate(source, dest) {
  const out = inflateRawSync(source);
  const length = Math.min(out.length, dest.length);
  dest.set(out.subarray(0, length));
  return length < dest.length ? dest.slice(0, length) : dest;
};
