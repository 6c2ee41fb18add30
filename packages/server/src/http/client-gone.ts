/** A signal that fires when the client closes its connection before the whole answer was written. */
import type { FastifyReply } from 'fastify';

/** Aborted once the response's connection closes without the response having finished. */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
