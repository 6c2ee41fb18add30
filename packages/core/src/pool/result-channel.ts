/**
 * The calling process's end of a worker process's result channel: a Unix socket beside the IPC channel on which the
 * worker writes each encoded image as one frame (result-frame.ts), while the rest of the result still comes as an IPC
 * message. Node's IPC channel reads a message as 64 KiB pieces and joins them into one more buffer; pieces that lived
 * through a few minor collections were old when dropped, and V8 frees such memory only once its external memory grew
 * by 64 MB, so the caller's heap kept images long after they were used. Here each frame is read straight into one
 * buffer of its exact size (`onread` with a buffer of our choosing per read): the only allocation per image is the
 * image itself.
 *
 * The worker listens on an abstract socket name the pool chose (Linux) and takes the first connection that starts
 * with the pool's secret token; the name is visible to other local processes, the token is not (it went over IPC).
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import {
  abstractPath,
  FRAME_HEADER_BYTES,
  type ResultChannelAddress,
  readFrameHeader,
} from './result-frame.js';

/** Result channels are offered where abstract Unix sockets exist (Linux); elsewhere images stay on IPC. */
export function resultChannelAddress(): ResultChannelAddress | undefined {
  if (process.platform !== 'linux') return undefined;
  return { name: `pictor-result-${randomBytes(12).toString('hex')}`, token: randomBytes(16).toString('hex') };
}

interface Waiting {
  byteLength: number;
  deliver(data: Buffer): void;
}

/**
 * Reads one worker's frames and hands each image to the result message that names it, in whichever order the two
 * arrive. A frame over `maxBytes`, or a channel that ends mid-frame or with a result still waiting for its bytes, is
 * reported through `failed` (the worker cannot be trusted to continue).
 */
export class ResultChannel {
  readonly #socket: Socket;
  readonly #maxBytes: number;
  readonly #failed: (reason: string) => void;
  readonly #header = new Uint8Array(FRAME_HEADER_BYTES);
  #headerFilled = 0;
  #id = 0;
  #body: Buffer | undefined;
  #bodyFilled = 0;
  #closed = false;
  /** Images whose result message has not come yet, by render id. */
  readonly #arrived = new Map<number, Buffer>();
  /** Result messages waiting for their image, by render id. */
  readonly #waiting = new Map<number, Waiting>();

  constructor(address: ResultChannelAddress, maxBytes: number, failed: (reason: string) => void) {
    this.#maxBytes = maxBytes;
    this.#failed = failed;
    this.#socket = connect({
      path: abstractPath(address.name),
      onread: { buffer: () => this.#nextBuffer(), callback: (bytes: number) => this.#read(bytes) },
    });
    this.#socket.unref();
    this.#socket.on('connect', () => this.#socket.write(Buffer.from(address.token, 'hex')));
    this.#socket.on('error', () => undefined); // 'close' follows
    this.#socket.on('close', () => this.#onClose());
  }

  /**
   * Give `deliver` the image of render `id` (`byteLength` bytes, the result message says) once it has come: at once
   * if it has.
   */
  take(id: number, byteLength: number, deliver: (data: Buffer) => void): void {
    const key = id >>> 0; // as a frame header carries it
    const data = this.#arrived.get(key);
    if (data === undefined) {
      if (this.#closed) this.#fail(`its result channel closed before the image of render ${id}`);
      else this.#waiting.set(key, { byteLength, deliver });
      return;
    }
    this.#arrived.delete(key);
    if (data.byteLength !== byteLength)
      this.#fail(`its result channel carried ${data.byteLength} bytes for an image of ${byteLength}`);
    else deliver(data);
  }

  /** Close the channel (the worker is being stopped): nothing is reported. */
  close(): void {
    this.#closed = true;
    this.#waiting.clear();
    this.#arrived.clear();
    this.#socket.destroy();
  }

  /** Where the next read goes: the rest of the header, or the rest of the image, never past either. */
  #nextBuffer(): Uint8Array {
    return this.#body === undefined
      ? this.#header.subarray(this.#headerFilled)
      : this.#body.subarray(this.#bodyFilled);
  }

  /** `bytes` more were read into the last buffer #nextBuffer gave; always true (read on). */
  #read(bytes: number): true {
    this.#readInto(bytes);
    return true;
  }

  #readInto(bytes: number): void {
    if (this.#body === undefined) {
      this.#headerFilled += bytes;
      if (this.#headerFilled < FRAME_HEADER_BYTES) return;
      this.#headerFilled = 0;
      const { id, byteLength } = readFrameHeader(this.#header);
      if (byteLength > this.#maxBytes) {
        this.#fail(`it sent an image of ${byteLength} bytes, over the ${this.#maxBytes} any render can make`);
        return;
      }
      this.#id = id;
      this.#body = Buffer.allocUnsafeSlow(byteLength);
      this.#bodyFilled = 0;
    } else this.#bodyFilled += bytes;
    if (this.#bodyFilled < this.#body.byteLength) return;
    const data = this.#body;
    this.#body = undefined;
    this.#arrived.set(this.#id, data);
    const waiting = this.#waiting.get(this.#id);
    if (waiting) {
      this.#waiting.delete(this.#id);
      this.take(this.#id, waiting.byteLength, waiting.deliver);
    }
  }

  #onClose(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#body !== undefined || this.#headerFilled > 0)
      this.#fail('its result channel closed in the middle of an image');
    else if (this.#waiting.size > 0) this.#fail('its result channel closed before an image it announced');
  }

  #fail(reason: string): void {
    this.close();
    this.#failed(reason);
  }
}
