// base64-js (0.0.8, linebreak's dependency) for the worker bundle (scripts/worker-bundle.mjs), with Node's Buffer:
// linebreak decodes its line-break table from base64 as its module loads, at every worker's start. Same results:
// toByteArray gives a Uint8Array of its own, fromByteArray a string.
module.exports = {
  toByteArray: (text) => new Uint8Array(Buffer.from(text, 'base64')),
  fromByteArray: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
};
