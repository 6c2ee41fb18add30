/** `pictor accounts|keys|packages …`: administration straight on the store of the data dir (no server needed). */
import type { Command } from 'commander';
import { createAccountAdmin } from '../services/account-admin.js';
import { join } from 'node:path';
import { resetAdminToken, resolveSigningSecret } from '../data-dir.js';
import { commandConfig, type GlobalOptions, positiveInt, printJson, withStore } from './context.js';

const DAY_MS = 86_400_000;

/** Register `accounts create`, `keys create|revoke`, `packages grant|list` and `admin-token reset`. */
export function registerAdminCommands(program: Command): void {
  const globals = (): GlobalOptions => program.opts<GlobalOptions>();

  program
    .command('admin-token')
    .description('The admin token of the data dir')
    .command('reset')
    .description('Replace the admin token: prints a new one once; servers use it from their next start')
    .action(async () => {
      const config = commandConfig(globals());
      const token = await resetAdminToken(config.dataDir);
      const lines = [
        `New admin token (shown once; only its hash is kept in ${join(config.dataDir, 'admin-token.sha256')}):`,
        `  ${token}`,
        'Restart the servers of this data dir to use it.',
      ];
      if (config.adminToken !== undefined) {
        lines.push('Note: PICTOR_ADMIN_TOKEN is set; while it is, servers use it instead of this token.');
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    });

  const accounts = program.command('accounts').description('Manage accounts');
  accounts
    .command('create <name>')
    .description('Create an account; prints {id, name, createdAt}')
    .action((name: string) =>
      withStore(globals(), async (store) =>
        printJson(await createAccountAdmin(store, Date.now, '').createAccount(name)),
      ),
    );
  accounts
    .command('usage <accountId>')
    .description('Packages with units left, and renders done')
    .action((accountId: string) =>
      withStore(globals(), async (store) =>
        printJson(await createAccountAdmin(store, Date.now, '').usage(accountId)),
      ),
    );

  program
    .command('webhook-secret')
    .description("The account's webhook secret, which signs its batch webhooks")
    .command('create <accountId>')
    .description(
      'Create a webhook secret for an account (replacing the old one); prints {accountId, secret} once',
    )
    .action((accountId: string) =>
      withStore(globals(), async (store, config) => {
        const signingSecret = await resolveSigningSecret(config.dataDir, config.signingSecret);
        printJson(await createAccountAdmin(store, Date.now, signingSecret).createWebhookSecret(accountId));
      }),
    );

  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create <accountId>')
    .description('Create an API key for an account; the key is printed once and only its hash is stored')
    .action((accountId: string) =>
      withStore(globals(), async (store) =>
        printJson(await createAccountAdmin(store, Date.now, '').createKey(accountId)),
      ),
    );
  keys
    .command('revoke <keyId>')
    .description('Revoke an API key at once')
    .action((keyId: string) =>
      withStore(globals(), async (store) =>
        printJson(await createAccountAdmin(store, Date.now, '').revokeKey(keyId)),
      ),
    );

  const packages = program.command('packages').description('Manage resource packages');
  packages
    .command('grant <accountId>')
    .description('Grant a package of renders to an account')
    .requiredOption('--renders <n>', 'units in the package', positiveInt)
    .option('--expires <time>', 'ISO 8601 expiry time (default: in --days days)')
    .option('--days <n>', 'validity in days when --expires is not given', positiveInt, 365)
    .action((accountId: string, options: { renders: number; expires?: string; days: number }) =>
      withStore(globals(), async (store) => {
        const expires = options.expires ?? new Date(Date.now() + options.days * DAY_MS).toISOString();
        printJson(
          await createAccountAdmin(store, Date.now, '').grantPackage(accountId, options.renders, expires),
        );
      }),
    );
}
