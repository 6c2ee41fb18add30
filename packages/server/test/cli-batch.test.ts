/**
 * `pictor batch TEMPLATE DATA -o DIR` (the built CLI): locally through the library from a template file and a CSV
 * file, and on a real server from a JSON file; images decoded, failures in the summary and the exit code.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/commands/batch-data.js';
import {
  adminOk,
  seedAccount,
  startTestServer,
  type TestServer,
  templateBody,
} from './helpers/http-server.js';
import { CLI_PATH } from './helpers/server-process.js';

const run = promisify(execFile);
let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pictor-cli-batch-'));
  server = await startTestServer({}, {}, { batches: { pollMs: 20 } });
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function batch(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI_PATH, 'batch', ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('pictor batch', () => {
  it('reads CSV as RFC 4180 (quotes, commas and newlines in fields)', () => {
    expect(parseCsv('id,title\r\na,"Fish, chips"\nb,"say ""hi"""\n"c","two\nlines"\n')).toEqual([
      ['id', 'title'],
      ['a', 'Fish, chips'],
      ['b', 'say "hi"'],
      ['c', 'two\nlines'],
    ]);
  });

  it('renders locally from a template file and a CSV file, one image per row named by its id', async () => {
    const template = join(dir, 'card.json');
    await writeFile(
      template,
      JSON.stringify({
        name: 'card',
        content:
          '<div style="display:flex;width:100%;height:100%;background:#234;color:white">{{title}}</div>',
        variables: { title: { type: 'string', required: true, maxLength: 12 } },
        width: 120,
        height: 60,
        format: 'png',
      }),
    );
    const data = join(dir, 'rows.csv');
    await writeFile(data, 'id,title\nalice,"Hi, Alice"\nbob,Bob\ncarol,much too long a title\n');
    const out = join(dir, 'local');
    const result = await batch([template, data, '-o', out, '--format', 'webp']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/2 images written to .*local, 1 failed/);
    expect(result.stderr).toMatch(
      /carol: VARIABLE_INVALID variables\.title: must NOT have more than 12 characters/,
    );
    expect((await readdir(out)).sort()).toEqual(['alice.webp', 'bob.webp']);
    const meta = await sharp(await readFile(join(out, 'alice.webp'))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 120, 60]);
  });

  it('runs on a server with --server and --key from a JSON file, and downloads the images', async () => {
    const { accountId, key } = await seedAccount(server.url, 10);
    const template = await adminOk<{ id: string }>(server.url, 'POST', '/templates', templateBody(accountId));
    await adminOk(server.url, 'POST', `/templates/${template.id}/publish`, {});
    const data = join(dir, 'rows.json');
    await writeFile(
      data,
      JSON.stringify([
        { id: 'x1', title: 'One' },
        { variables: { title: 'Two' }, id: 'x2' },
      ]),
    );
    const out = join(dir, 'server');
    const result = await batch([template.id, data, '-o', out, '--server', server.url], {
      PICTOR_API_KEY: key,
    });
    expect(result.stderr).toMatch(/2 images written to .*server, 0 failed/);
    expect(result.code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['x1.png', 'x2.png']);
    const meta = await sharp(await readFile(join(out, 'x2.png'))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 200]);
  });
});
