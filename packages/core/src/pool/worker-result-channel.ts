/**
 * A worker process's end of its result channel (result-channel.ts): it listens on the abstract socket name the pool
 * gave it, takes the first connection that starts with the pool's token and stops listening; then each image goes
 * there as one frame, written from the render's own buffer (no copy). Until that connection is made (or if it ends)
 * images go over IPC as before.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { abstractPath, frameHeader, type ResultChannelAddress } from './result-frame.js';

export class WorkerResultChannel {
  #socket: Socket | undefined;
  #server: Server | undefined;
  /** Connections that have not yet sent a whole token: closed once the pool's is taken. */
  readonly #pending = new Set<Socket>();

  constructor(address: ResultChannelAddress) {
    const token = Buffer.from(address.token, 'hex');
    this.#server = createServer((socket) => this.#authenticate(socket, token));
    this.#server.on('error', () => this.#stopListening());
    this.#server.listen(abstractPath(address.name));
    this.#server.unref();
  }

  /** Write render `id`'s image as a frame: false when there is no channel (send it over IPC). */
  send(id: number, data: Uint8Array): boolean {
    const socket = this.#socket;
    if (socket === undefined || !socket.writable || data.byteLength === 0) return false;
    socket.cork();
    socket.write(frameHeader(id, data.byteLength));
    socket.write(data);
    socket.uncork();
    return true;
  }

  /** The pool's connection starts with its token; any other is closed. */
  #authenticate(socket: Socket, token: Buffer): void {
    socket.on('error', () => undefined);
    socket.unref();
    this.#pending.add(socket);
    socket.on('close', () => this.#pending.delete(socket));
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.byteLength < token.byteLength) return;
      socket.off('data', onData);
      this.#pending.delete(socket);
      if (this.#socket !== undefined || !received.subarray(0, token.byteLength).equals(token)) {
        socket.destroy();
        return;
      }
      this.#socket = socket;
      socket.on('close', () => {
        if (this.#socket === socket) this.#socket = undefined;
      });
      this.#stopListening();
      for (const other of this.#pending) other.destroy();
    };
    socket.on('data', onData);
  }

  #stopListening(): void {
    this.#server?.close();
    this.#server = undefined;
  }
}
