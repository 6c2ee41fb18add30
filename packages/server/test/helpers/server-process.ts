/** Run the built server (`node dist/cli.js serve`) as a real child process on loopback, for fault and soak tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ADMIN_TOKEN } from './http-server.js';

/** The built CLI; tests that spawn the server need `pnpm --filter @pictor/server build` first. */
export const CLI_PATH = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export const PROCESS_SIGNING_SECRET = 'process-signing-secret-0123456789';

/** A running server process. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or null) and the signal once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** True when the CLI has been built. */
export function cliBuilt(): boolean {
  return existsSync(CLI_PATH);
}

/** Start `pictor serve --port 0` on a data dir; resolves once it prints its URL. */
export async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--port', '0', '--host', '127.0.0.1'], {
    env: {
      PATH: process.env.PATH ?? '',
      PICTOR_DATA_DIR: dataDir,
      PICTOR_ADMIN_TOKEN: ADMIN_TOKEN,
      PICTOR_SIGNING_SECRET: PROCESS_SIGNING_SECRET,
      PICTOR_LOG_LEVEL: 'warn',
      PICTOR_WORKERS: '2',
      PICTOR_RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    // A hang guard only, inside the test's own time-out: says what the process printed.
    const timer = setTimeout(() => reject(new Error(`server did not start in 100 s:\n${output}`)), 100_000);
    const check = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return { child, url, output: () => output, exited };
}
