// The real built worker, plus faults on its result channel (pool/result-channel.ts), armed by the render's html:
// `<!--cut-image-->` writes half of the image's frame and ends the process (exit 71), as a worker dying in the
// middle of a result would; `<!--oversize-image-->` sends a frame header naming more bytes than any render can make.
// Used by pool-result-channel.test.ts.
import { Socket } from 'node:net';

let fault;
process.on('message', (message) => {
  const html = message?.input?.html;
  if (typeof html !== 'string') return;
  fault = html.includes('<!--cut-image-->')
    ? 'cut'
    : html.includes('<!--oversize-image-->')
      ? 'oversize'
      : undefined;
});

const write = Socket.prototype.write;
Socket.prototype.write = function faultyWrite(data, ...rest) {
  // A frame is written as its 8-byte header, then the image.
  if (fault === 'oversize' && data?.byteLength === 8) {
    const header = Buffer.from(data);
    header.writeUInt32BE(0xfffffff0, 4);
    fault = undefined;
    return write.call(this, header, ...rest);
  }
  if (fault === 'cut' && data?.byteLength > 8) {
    fault = undefined;
    return write.call(this, data.subarray(0, data.byteLength >> 1), () => process.exit(71));
  }
  return write.call(this, data, ...rest);
};

await import('../../dist/worker.js');
