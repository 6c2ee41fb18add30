/** Shared plumbing of the commands: config from the environment and flags, a store opened for one command, output. */
import { MIN_MAX_BYTES } from '@pictor/core';
import { InvalidArgumentError } from 'commander';
import { type ConfigOverrides, loadConfig, type ServerConfig } from '../config.js';
import type { Store } from '../db/types.js';

/** Options every command accepts. */
export interface GlobalOptions {
  dataDir?: string;
}

/** The config of a command: the environment, then the flags. */
export function commandConfig(
  options: GlobalOptions,
  overrides: ConfigOverrides = {},
): Readonly<ServerConfig> {
  return loadConfig(process.env, { ...overrides, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
}

/** Open the store of the config (migrated), run `fn`, close the store. */
export async function withStore<T>(
  options: GlobalOptions,
  fn: (store: Store, config: Readonly<ServerConfig>) => Promise<T>,
): Promise<T> {
  const config = commandConfig(options);
  // The database drivers load only for the commands that open a store (`pictor render` never does).
  const { createStore } = await import('../db/index.js');
  const store = createStore(config.databaseUrl, config.dataDir);
  try {
    await store.migrate();
    return await fn(store, config);
  } finally {
    await store.close();
  }
}

/** Print a result as indented JSON on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Parse a positive integer argument (commander `argParser`). */
export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive integer.');
  return Number(value);
}

/** Parse a byte budget argument (an integer of at least MIN_MAX_BYTES). */
export function maxBytesArg(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < MIN_MAX_BYTES)
    throw new InvalidArgumentError(`must be an integer of at least ${MIN_MAX_BYTES}.`);
  return Number(value);
}

/** Parse a quality argument (0..100). */
export function qualityArg(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 100)
    throw new InvalidArgumentError('must be an integer from 0 to 100.');
  return Number(value);
}
