/** `pictor url-keys create|revoke|list` (on the store of the data dir) and `pictor url` (signs an image URL locally). */
import { imageUrl } from '@pictor/client';
import { FORMATS, type ImageFormat } from '@pictor/core';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { defaultPublicUrl } from '../config.js';
import { resolveSigningSecret } from '../data-dir.js';
import { createUrlKeyAdmin } from '../services/url-keys.js';
import {
  commandConfig,
  type GlobalOptions,
  positiveInt,
  printJson,
  maxBytesArg,
  qualityArg,
  withStore,
} from './context.js';

function scaleArg(value: string): number {
  const scale = Number(value);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || scale < 1 || scale > 4)
    throw new InvalidArgumentError('must be a number from 1 to 4.');
  return scale;
}

/** `name=value` pairs of the command line as variables (text: the server types them by their definitions). */
export function parseAssignments(pairs: readonly string[]): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals < 1) throw new Error(`${JSON.stringify(pair)}: variables are given as name=value`);
    variables[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return variables;
}

interface UrlFlags {
  key: string;
  secret: string;
  baseUrl?: string;
  format: ImageFormat | 'auto';
  width?: number;
  height?: number;
  quality?: number;
  maxBytes?: number;
  scale?: number;
  revision?: number;
  queryForm?: boolean;
}

/** Register `url-keys create|revoke|list` and `url`. */
export function registerUrlKeyCommands(program: Command): void {
  const globals = (): GlobalOptions => program.opts<GlobalOptions>();
  const withAdmin = <T>(fn: (admin: ReturnType<typeof createUrlKeyAdmin>) => Promise<T>) =>
    withStore(globals(), async (store, config) => {
      const signingSecret = await resolveSigningSecret(config.dataDir, config.signingSecret);
      return fn(createUrlKeyAdmin(store, signingSecret));
    });

  const urlKeys = program
    .command('url-keys')
    .description('Manage URL keys, which sign embeddable image URLs');
  urlKeys
    .command('create <accountId>')
    .description('Create a URL key for an account; prints {id, secret} (the secret is shown once)')
    .action((accountId: string) => withAdmin(async (admin) => printJson(await admin.create(accountId))));
  urlKeys
    .command('revoke <urlKeyId>')
    .description('Revoke a URL key at once: every URL it signed stops working')
    .action((keyId: string) => withAdmin(async (admin) => printJson(await admin.revoke(keyId))));
  urlKeys
    .command('list <accountId>')
    .description("List an account's URL keys (never their secrets)")
    .action((accountId: string) => withAdmin(async (admin) => printJson(await admin.list(accountId))));

  program
    .command('url <templateId> [variables...]')
    .description('Print a signed image URL of a published template (signed here: no server is called)')
    .requiredOption('--key <urlKeyId>', 'URL key id (uk_…)')
    .requiredOption('--secret <secret>', 'the URL key secret (us_…)')
    .option('--base-url <url>', 'the server (default PICTOR_PUBLIC_URL, else http://{host}:{port})')
    .addOption(
      new Option(
        '--format <format>',
        `${FORMATS.join(', ')}, or auto (AVIF, WebP or the template's by Accept)`,
      )
        .choices([...FORMATS, 'auto'])
        .default('png'),
    )
    .option('--width <px>', 'width in CSS pixels (_w; default the template default)', positiveInt)
    .option('--height <px>', 'height in CSS pixels (_h; default the template default)', positiveInt)
    .option('--quality <q>', 'jpeg, webp or avif quality 0-100 (_q)', qualityArg)
    .option('--max-bytes <n>', 'byte budget, at least 1024 (_bytes)', maxBytesArg)
    .option('--scale <n>', 'device scale 1-4 (_scale)', scaleArg)
    .option('--revision <n>', 'pin a published revision (_v): the image never changes', positiveInt)
    .option('--query-form', 'print the query form instead of the path form')
    .action(async (templateId: string, pairs: string[], flags: UrlFlags) => {
      const config = commandConfig(globals());
      const baseUrl = flags.baseUrl ?? config.publicUrl ?? defaultPublicUrl(config.host, config.port);
      const url = await imageUrl({
        baseUrl,
        keyId: flags.key,
        secret: flags.secret,
        template: templateId,
        variables: parseAssignments(pairs),
        format: flags.format,
        ...(flags.width === undefined ? {} : { width: flags.width }),
        ...(flags.height === undefined ? {} : { height: flags.height }),
        ...(flags.quality === undefined ? {} : { quality: flags.quality }),
        ...(flags.maxBytes === undefined ? {} : { maxBytes: flags.maxBytes }),
        ...(flags.scale === undefined ? {} : { scale: flags.scale }),
        ...(flags.revision === undefined ? {} : { revision: flags.revision }),
        form: flags.queryForm ? 'query' : 'path',
      });
      process.stdout.write(`${url}\n`);
    });
}
