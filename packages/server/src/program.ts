/** The `pictor` program: serve, administration on the data dir, and local renders (loaded by cli.ts). */
import { Command } from 'commander';
import { registerAdminCommands } from './commands/admin.js';
import { registerBatchCommand } from './commands/batch.js';
import { registerRenderCommand } from './commands/render.js';
import { registerServeCommand } from './commands/serve.js';
import { registerTemplateCommands } from './commands/templates.js';
import { registerUrlKeyCommands } from './commands/url-keys.js';
import { SERVER_VERSION } from './version.js';

/** Build the program with every command. */
export function createProgram(): Command {
  const program = new Command('pictor')
    .description('Pictor: HTML and templates to PNG, JPEG and WebP, as a service and on the command line')
    .version(SERVER_VERSION)
    .option('--data-dir <dir>', 'data dir (default PICTOR_DATA_DIR or ./.pictor)')
    .showHelpAfterError();
  registerServeCommand(program);
  registerAdminCommands(program);
  registerTemplateCommands(program);
  registerUrlKeyCommands(program);
  registerRenderCommand(program);
  registerBatchCommand(program);
  return program;
}

/** Run the program on `argv`; a failure is printed as one line and exits with 1. */
export function runProgram(argv: readonly string[]): Promise<unknown> {
  return createProgram()
    .parseAsync(argv)
    .catch((error: unknown) => {
      process.stderr.write(`pictor: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
