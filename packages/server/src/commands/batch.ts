/**
 * `pictor batch TEMPLATE DATA -o DIR`: one image per row of DATA (CSV, JSON or NDJSON), written as `DIR/{id}.{ext}`,
 * with a progress bar and a summary. With `--server` the batch runs on a Pictor server (TEMPLATE is a template id
 * there; `--key` or PICTOR_API_KEY); without it, here through the library (TEMPLATE is a template file).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createClient } from '@pictor/client';
import {
  compileTemplate,
  createRenderer,
  EXTENSION_OF_FORMAT,
  type ImageFormat,
  type RenderManyItem,
} from '@pictor/core';
import type { Command } from 'commander';
import { type BatchRow, readBatchRows } from './batch-data.js';
import { positiveInt } from './context.js';
import { readTemplateFile } from './template-file.js';
import { formatOption } from './templates.js';

interface BatchFlags {
  output: string;
  server?: string;
  key?: string;
  format?: ImageFormat;
  concurrency?: number;
  baseDir?: string;
}

/** What a run did. */
export interface BatchSummary {
  done: number;
  failed: { id: string; code?: number | string; message?: string }[];
  dir: string;
}

const ITEM_ID = /^[A-Za-z0-9._~-]{1,128}$/;

/** A progress bar on a terminal, else a line at every tenth; `end` writes the summary. */
function progressReporter(total: number, stream: NodeJS.WriteStream = process.stderr) {
  let lastTenth = -1;
  return (done: number, failed: number) => {
    const ended = done + failed;
    const share = total === 0 ? 1 : ended / total;
    if (stream.isTTY) {
      const width = 30;
      const filled = Math.round(share * width);
      stream.write(
        `\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${ended}/${total}${failed ? ` (${failed} failed)` : ''}`,
      );
      if (ended === total) stream.write('\n');
    } else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      stream.write(`${ended}/${total}${failed ? ` (${failed} failed)` : ''}\n`);
    }
  };
}

/** The ids of the rows (default the index), checked as the server checks them. */
function idsOf(rows: BatchRow[]): string[] {
  const seen = new Set<string>();
  return rows.map((row, index) => {
    const id = row.id ?? String(index);
    if (!ITEM_ID.test(id))
      throw new Error(
        `row ${index}: id ${JSON.stringify(id)} must be 1-128 characters of A-Z a-z 0-9 . _ ~ -`,
      );
    if (seen.has(id)) throw new Error(`row ${index}: id ${JSON.stringify(id)} is used twice`);
    seen.add(id);
    return id;
  });
}

/** Run the batch on a server and download its images. */
async function onServer(
  templateId: string,
  rows: BatchRow[],
  flags: BatchFlags & { server: string },
): Promise<BatchSummary> {
  const apiKey = flags.key ?? process.env.PICTOR_API_KEY;
  if (!apiKey) throw new Error('--server needs an API key: --key pk_… or PICTOR_API_KEY');
  const dir = resolve(flags.output);
  const pictor = createClient({ baseUrl: flags.server, apiKey });
  const batch = await pictor.createBatch({
    templateId,
    items: rows,
    ...(flags.format ? { format: flags.format } : {}),
  });
  const report = progressReporter(batch.total);
  await pictor.waitForBatch(batch.id, {
    intervalMs: 500,
    onProgress: (b) => report(b.done, b.failed + b.cancelled),
  });
  await mkdir(dir, { recursive: true });
  const summary: BatchSummary = { done: 0, failed: [], dir };
  for (const item of await pictor.listBatchItems(batch.id)) {
    if (item.status !== 'done' || !item.url || !item.format) {
      summary.failed.push({
        id: item.id,
        code: item.code ?? item.status,
        message: item.message ?? item.status,
      });
      continue;
    }
    const response = await fetch(item.url);
    if (!response.ok) throw new Error(`GET ${item.id}: HTTP ${response.status}`);
    await writeFile(
      join(dir, `${item.id}.${EXTENSION_OF_FORMAT[item.format]}`),
      Buffer.from(await response.arrayBuffer()),
    );
    summary.done++;
  }
  return summary;
}

/** Render the batch here through the library. */
async function locally(templateFile: string, rows: BatchRow[], flags: BatchFlags): Promise<BatchSummary> {
  const ids = idsOf(rows);
  const dir = resolve(flags.output);
  const t = await readTemplateFile(templateFile);
  const template = compileTemplate({ content: t.content, variables: t.variables });
  const renderer = createRenderer({ baseDir: resolve(flags.baseDir ?? dirname(resolve(templateFile))) });
  const report = progressReporter(rows.length);
  const summary: BatchSummary = { done: 0, failed: [], dir };
  await mkdir(dir, { recursive: true });
  try {
    const items: RenderManyItem[] = rows.map(({ id: _id, variables, ...values }) => ({
      template,
      variables,
      width: (values.width as number | undefined) ?? t.width,
      height: (values.height as number | undefined) ?? t.height,
      format: (values.format as ImageFormat | undefined) ?? flags.format ?? t.format ?? 'png',
      quality: (values.quality as number | undefined) ?? t.quality,
      ...(values.scale === undefined ? {} : { scale: values.scale as number }),
    }));
    for await (const outcome of renderer.renderMany(items, {
      ...(flags.concurrency ? { concurrency: flags.concurrency } : {}),
      onProgress: (p) => report(p.done, p.failed),
    })) {
      const id = ids[outcome.index]!;
      if (outcome.error) {
        summary.failed.push({ id, code: outcome.error.code, message: outcome.error.message });
        continue;
      }
      await writeFile(join(dir, `${id}.${EXTENSION_OF_FORMAT[outcome.result.format]}`), outcome.result.data);
      summary.done++;
    }
  } finally {
    await renderer.close();
  }
  return summary;
}

/** Run `pictor batch` and return what it did (the command prints it). */
export async function runBatch(template: string, data: string, flags: BatchFlags): Promise<BatchSummary> {
  const rows = await readBatchRows(resolve(data));
  if (rows.length === 0) throw new Error(`${data}: has no rows`);
  return flags.server
    ? onServer(template, rows, { ...flags, server: flags.server })
    : locally(template, rows, flags);
}

/** Register `batch`. */
export function registerBatchCommand(program: Command): void {
  program
    .command('batch <template> <data>')
    .description(
      'One image per row of DATA (.csv, .json, .ndjson) into DIR as {id}.{ext}: on a server with --server (TEMPLATE a template id there), else here (TEMPLATE a template file)',
    )
    .requiredOption('-o, --output <dir>', 'folder to write the images to')
    .option('--server <url>', 'a Pictor server to run the batch on (its API key: --key or PICTOR_API_KEY)')
    .option('--key <key>', 'API key for --server (default PICTOR_API_KEY)')
    .addOption(formatOption())
    .option('--concurrency <n>', 'renders at once, without --server (default: one per core)', positiveInt)
    .option(
      '--base-dir <dir>',
      "folder relative URLs are read from, without --server (default: the template file's)",
    )
    .action(async (template: string, data: string, flags: BatchFlags) => {
      const summary = await runBatch(template, data, flags);
      const lines = [`${summary.done} images written to ${summary.dir}, ${summary.failed.length} failed`];
      for (const f of summary.failed.slice(0, 20)) lines.push(`  ${f.id}: ${f.code} ${f.message}`);
      if (summary.failed.length > 20) lines.push(`  … and ${summary.failed.length - 20} more`);
      process.stderr.write(`${lines.join('\n')}\n`);
      if (summary.failed.length > 0) process.exitCode = 1;
    });
}
