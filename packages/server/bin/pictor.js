#!/usr/bin/env node
// The `pictor` command (dist/cli.js). A file of the repository, so that pnpm links the command in a fresh clone
// before anything is built (it warned "Failed to create bin" when the bin was dist/cli.js).
const cli = new URL('../dist/cli.js', import.meta.url);
try {
  await import(cli.href);
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(cli.pathname)) throw error;
  process.stderr.write('pictor: the command is not built yet: run `pnpm build` in the repository first\n');
  process.exit(1);
}
