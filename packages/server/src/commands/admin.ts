/** `pictor accounts|keys|packages …`: administration straight on the store of the data dir (no server needed). */
import type { Command } from 'commander';
import { createAccountAdmin } from '../services/account-admin.js';
import { type GlobalOptions, positiveInt, printJson, withStore } from './context.js';

const DAY_MS = 86_400_000;

/** Register `accounts create`, `keys create|revoke` and `packages grant|list`. */
export function registerAdminCommands(program: Command): void {
  const globals = (): GlobalOptions => program.opts<GlobalOptions>();

  const accounts = program.command('accounts').description('Manage accounts');
  accounts
    .command('create <name>')
    .description('Create an account; prints {id, name, createdAt}')
    .action((name: string) =>
      withStore(globals(), async (store) =>
        printJson(await createAccountAdmin(store, Date.now).createAccount(name)),
      ),
    );
  accounts
    .command('usage <accountId>')
    .description('Packages with units left, and renders done')
    .action((accountId: string) =>
      withStore(globals(), async (store) =>
        printJson(await createAccountAdmin(store, Date.now).usage(accountId)),
      ),
    );

  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create <accountId>')
    .description('Create an API key for an account; the key is printed once and only its hash is stored')
    .action((accountId: string) =>
      withStore(globals(), async (store) =>
        printJson(await createAccountAdmin(store, Date.now).createKey(accountId)),
      ),
    );
  keys
    .command('revoke <keyId>')
    .description('Revoke an API key at once')
    .action((keyId: string) =>
      withStore(globals(), async (store) =>
        printJson(await createAccountAdmin(store, Date.now).revokeKey(keyId)),
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
          await createAccountAdmin(store, Date.now).grantPackage(accountId, options.renders, expires),
        );
      }),
    );
}
