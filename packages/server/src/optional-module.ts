/**
 * Drivers that only some configurations need (PostgreSQL, S3) are optional dependencies of the server: loaded when a
 * setting asks for them, so the default install (SQLite and disk) carries neither.
 */
import { ConfigError } from './config.js';

/**
 * Run `load` (an `import()` of the optional package `name`, or of a module that imports it; written as a literal
 * `import('…')` so the bundler sees it).
 * @throws ConfigError naming the setting that asked for it and the command that installs it, when `name` is missing
 */
export async function importOptional<T>(
  load: () => Promise<T>,
  name: string,
  install: string,
  setting: string,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'ERR_MODULE_NOT_FOUND' && e.message.includes(`'${name}'`)) {
      throw new ConfigError(
        `${setting} needs the package ${name}, which is not installed: run \`npm install ${install}\` (or pnpm add) beside @pictor/server`,
        { cause: error },
      );
    }
    throw error;
  }
}
