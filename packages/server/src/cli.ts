#!/usr/bin/env node
/**
 * The `pictor` command. `pictor --version` answers before anything else is loaded (the engine, the server and the
 * database driver take seconds to import on a busy machine); everything else loads the program.
 */
import { SERVER_VERSION } from './version.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${SERVER_VERSION}\n`);
} else {
  const { runProgram } = await import('./program.js');
  await runProgram(process.argv);
}
