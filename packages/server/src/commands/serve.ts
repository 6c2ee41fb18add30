/** `pictor serve [--demo]`: start the service; first start prints the admin token; --demo prints two working curl commands and an image URL. */
import { join } from 'node:path';
import type { Command } from 'commander';
import { commandConfig, type GlobalOptions, positiveInt } from './context.js';
import { demoCurlCommands, demoImageUrl, ensureDemo } from './demo.js';
import { resolveSigningSecret } from '../data-dir.js';
import { releaseHeldUnits } from '../services/quota.js';

/** A link lifetime in words: `5 minutes`, `90 seconds`. */
function linkLifetime(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;
}

interface ServeFlags {
  demo?: boolean;
  port?: number;
  host?: string;
}

function portArg(value: string): number {
  return value === '0' ? 0 : positiveInt(value);
}

/** Register `serve`. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Start the HTTP service (creates the data dir, database and secrets on first start)')
    .option('--demo', 'also create a demo account, key, package and template, and print curl commands')
    .option('--port <port>', 'port (default PICTOR_PORT or 3000; 0 picks a free one)', portArg)
    .option('--host <host>', 'interface (default PICTOR_HOST or 127.0.0.1)')
    .action(async (flags: ServeFlags) => {
      const config = commandConfig(program.opts<GlobalOptions>(), {
        ...(flags.port === undefined ? {} : { port: flags.port }),
        ...(flags.host === undefined ? {} : { host: flags.host }),
      });
      // The HTTP service (Fastify, its plugins, the stores) loads only for this command.
      const { startServer } = await import('../server.js');
      const server = await startServer(config).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
          throw new Error(`port ${config.port} on ${config.host} is in use: set PICTOR_PORT or pass --port`);
        }
        throw error;
      });
      const baseUrl = config.publicUrl ?? server.url;
      const lines = [`Pictor is listening on ${server.url} (data dir ${config.dataDir})`];
      if (server.generatedAdminToken) {
        if (server.replacedUnshownToken) {
          lines.push(
            'An earlier start generated an admin token but failed before showing it: this new token replaces it.',
          );
        }
        lines.push(
          `Admin token (shown once; only its hash is kept in ${join(config.dataDir, 'admin-token.sha256')}):`,
          `  ${server.generatedAdminToken}`,
          'Lost it? `pictor admin-token reset` prints a new one (or set PICTOR_ADMIN_TOKEN).',
        );
      }
      if (flags.demo) {
        const demo = await ensureDemo(server.store, config.dataDir);
        const curl = demoCurlCommands(baseUrl, demo);
        lines.push(
          `Demo account:  ${demo.accountId}`,
          `Demo template: ${demo.templateId}`,
          `Demo API key (shown once): ${demo.key}`,
          '',
          'Render the demo template (operation A):',
          curl.template,
          '',
          'Render HTML (operation B):',
          curl.html,
          '',
          `Each answers {"code":0,"message":"success","data":{"url":...}}; open data.url within ${linkLifetime(config.limits.linkTtlSeconds)}.`,
          '',
          `An image URL for pages (og:image, <img>): open it in a browser; rendered once, then served from storage:`,
          await demoImageUrl(baseUrl, demo, await resolveSigningSecret(config.dataDir, config.signingSecret)),
          ...(config.studio
            ? ['', `Write templates while looking at them: ${baseUrl}/studio (sign in with the demo API key)`]
            : []),
        );
      }
      process.stdout.write(`${lines.join('\n')}\n`);

      let stopping = false;
      const stop = (signal: NodeJS.Signals) => {
        if (stopping) {
          process.stderr.write(`${signal} again: giving held units back and exiting without waiting\n`);
          const exit = () => process.exit(1);
          setTimeout(exit, 2_000).unref();
          releaseHeldUnits(server.store).then(exit, exit);
          return;
        }
        stopping = true;
        server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
        server.close().then(
          () => process.exit(0),
          (error: unknown) => {
            server.app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    });
}
