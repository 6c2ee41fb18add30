/** `GET /healthz`: the process is up and the renderer answers; counters of the render pool. */
import type { Renderer } from '@pictor/core';
import type { FastifyInstance } from 'fastify';

/** Register `GET /healthz`. */
export function registerHealthRoute(app: FastifyInstance, renderer: Renderer): void {
  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Liveness and render pool counters',
        response: {
          200: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: ['ok'] },
              uptimeSeconds: { type: 'number' },
              renderer: { type: 'object', additionalProperties: { type: 'number' } },
            },
          },
        },
      },
    },
    async () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()), renderer: renderer.stats() }),
  );
}
