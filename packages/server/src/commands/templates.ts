/** `pictor templates push FILE | publish | unpublish | archive | list`, straight on the store of the data dir. */
import { FORMATS } from '@pictor/core';
import { type Command, Option } from 'commander';
import type { ServerLimits } from '../config.js';
import type { Store } from '../db/types.js';
import { createTemplateAdmin } from '../services/template-admin.js';
import { type GlobalOptions, positiveInt, printJson, qualityArg, withStore } from './context.js';
import { readTemplateFile, type TemplateFileFlags } from './template-file.js';

/** `--format` with its choices. */
export function formatOption(): Option {
  return new Option('--format <format>', FORMATS.join(', ')).choices([...FORMATS]);
}

/** Create the template, or save a new draft when the id exists; optionally publish. */
export async function pushTemplate(
  store: Store,
  limits: ServerLimits,
  file: string,
  flags: TemplateFileFlags & { publish?: boolean },
) {
  const admin = createTemplateAdmin(store, limits);
  const t = await readTemplateFile(file, flags);
  const existing = t.id
    ? await admin.find({ id: t.id, ...(t.accountId ? { accountId: t.accountId } : {}) })
    : null;
  let record: Awaited<ReturnType<typeof admin.get>>;
  if (existing) {
    record = await admin.updateDraft(existing, {
      content: t.content,
      variables: t.variables,
      ...(t.width === undefined ? {} : { width: t.width }),
      ...(t.height === undefined ? {} : { height: t.height }),
      ...(t.format === undefined ? {} : { format: t.format }),
      ...(t.quality === undefined ? {} : { quality: t.quality }),
    });
  } else {
    if (!t.accountId) throw new Error(`${file}: accountId (or --account): is required to create a template`);
    if (t.width === undefined || t.height === undefined) {
      throw new Error(`${file}: width and height (or --width, --height): are required to create a template`);
    }
    record = await admin.create({ ...t, accountId: t.accountId, width: t.width, height: t.height });
  }
  return flags.publish ? admin.publish(record) : record;
}

/** Register the `templates` commands. */
export function registerTemplateCommands(program: Command): void {
  const globals = (): GlobalOptions => program.opts<GlobalOptions>();
  const templates = program.command('templates').description('Manage templates');

  templates
    .command('push <file>')
    .description(
      'Create a template from a file (JSON definition or HTML), or save it as the new draft of an existing id',
    )
    .option('--account <accountId>', 'owner account (when the file has no accountId)')
    .option('--id <id>', 'template id (when the file has none)')
    .option('--name <name>', 'template name (default: the file name)')
    .option('--width <px>', 'default width', positiveInt)
    .option('--height <px>', 'default height', positiveInt)
    .addOption(formatOption())
    .option('--quality <q>', 'default quality 0..100', qualityArg)
    .option(
      '--variables <file>',
      'JSON file of variable definitions ({"title": {"type": "string", "required": true}})',
    )
    .option('--publish', 'publish right after saving')
    .action((file: string, flags: TemplateFileFlags & { publish?: boolean }) =>
      withStore(globals(), async (store, config) =>
        printJson(await pushTemplate(store, config.limits, file, flags)),
      ),
    );

  for (const action of ['publish', 'unpublish', 'archive'] as const) {
    templates
      .command(`${action} <id>`)
      .description(`${action[0]?.toUpperCase()}${action.slice(1)} a template`)
      .option('--account <accountId>', 'owner account (needed when several accounts use the id)')
      .action((id: string, options: { account?: string }) =>
        withStore(globals(), async (store, config) => {
          const admin = createTemplateAdmin(store, config.limits);
          const ref = options.account === undefined ? { id } : { id, accountId: options.account };
          const status = action === 'unpublish' ? 'unpublished' : 'archived';
          printJson(action === 'publish' ? await admin.publish(ref) : await admin.setStatus(ref, status));
        }),
      );
  }

  templates
    .command('list')
    .description('List templates: id, account, name, status')
    .option('--account <accountId>', 'only this account')
    .action((options: { account?: string }) =>
      withStore(globals(), async (store) => {
        const list = await store.listTemplates(options.account);
        printJson(
          list.map((t) => ({
            id: t.id,
            accountId: t.accountId,
            name: t.name,
            status: t.status,
            updatedAt: t.updatedAt,
          })),
        );
      }),
    );
}
