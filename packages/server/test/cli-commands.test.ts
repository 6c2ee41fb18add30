/**
 * The built `pictor` command: `serve --demo` prints curl commands that work when run as printed;
 * admin commands work on the data dir; `render` writes image files without a server.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { SERVER_VERSION } from '../src/version.js';
import { render } from './helpers/http-server.js';

const run = promisify(execFile);
const packageDir = join(import.meta.dirname, '..');
const cli = join(packageDir, 'dist', 'cli.js');
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pictor-cli-'));
  dirs.push(dir);
  return dir;
}

/** The packages a built file imports statically, following its local chunks (what loading it loads). */
async function staticPackageImports(entry: string): Promise<string[]> {
  const seen = new Set<string>();
  const bare: string[] = [];
  const visit = async (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
      const specifier = match[1] as string;
      if (specifier.startsWith('.')) await visit(join(dirname(file), specifier));
      else bare.push(specifier);
    }
  };
  await visit(entry);
  return bare;
}

function pictor(dataDir: string, ...args: string[]) {
  return run(process.execPath, [cli, '--data-dir', dataDir, ...args], {
    env: { ...process.env, PICTOR_LOG_LEVEL: 'warn' },
    cwd: dataDir,
  });
}

async function pictorJson<T = Record<string, unknown>>(dataDir: string, ...args: string[]): Promise<T> {
  const { stdout } = await pictor(dataDir, ...args);
  return JSON.parse(stdout) as T;
}

/** Start `pictor serve --demo` and collect stdout until both curl commands are printed. */
async function serveDemo(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; output: string; curls: string[]; imageUrl: string }> {
  const child = spawn(process.execPath, [cli, 'serve', '--demo', '--port', '0'], {
    env: { ...process.env, PICTOR_DATA_DIR: dataDir, PICTOR_LOG_LEVEL: 'warn', PICTOR_WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // A hang guard only, inside the test's own (vitest.config.ts): says what the server printed.
    const timer = setTimeout(() => reject(new Error(`no curl commands within 100 s:\n${output}`)), 100_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if ((output.match(/^curl /gm) ?? []).length === 2 && /^http\S+\/img\/\S+$/m.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  const curls = output.split('\n').filter((line) => line.startsWith('curl '));
  const imageUrl = output.split('\n').find((line) => /^http\S+\/img\//.test(line)) as string;
  return { child, output, curls, imageUrl };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

/** Run a printed command exactly as a user would paste it into a shell; return the parsed answer. */
async function runCurl(line: string): Promise<{ code: number; data: { url: string } }> {
  const { stdout } = await run('sh', ['-c', line]);
  return JSON.parse(stdout);
}

async function decode(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

/** The workspace's own tsup (a root devDependency), run with this Node: no `pnpm` needed on PATH. */
function tsupCli(): string {
  const manifest = createRequire(import.meta.url).resolve('tsup/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { tsup: string } };
  return join(dirname(manifest), bin.tsup);
}

beforeAll(async () => {
  // The command under test is the built one (dist/cli.js), as the README's start command runs it.
  await run(process.execPath, [tsupCli()], { cwd: packageDir });
});

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('pictor serve --demo', () => {
  it('prints the admin token and two curl commands that work as printed; SIGTERM exits cleanly', async () => {
    const dataDir = await tempDir();
    const first = await serveDemo(dataDir);
    try {
      expect(first.output).toMatch(/Admin token .*\n\s+pat_[A-Za-z0-9_-]{43}\n/);
      expect(first.output).toMatch(/^Demo API key \(shown once\): pk_[A-Za-z0-9_-]{43}$/m);
      expect(first.output).toMatch(/^Demo template: demo-card$/m);
      expect(first.curls).toHaveLength(2);
      const [templateCurl, htmlCurl] = first.curls as [string, string];
      expect(templateCurl).toContain('/open/v1/images/templates/demo-card/render');
      expect(htmlCurl).toContain('/open/v1/images/render');

      const a = await runCurl(templateCurl);
      expect(a.code).toBe(0);
      const imageA = await decode(a.data.url);
      expect([imageA.format, imageA.width, imageA.height]).toEqual(['png', 1200, 630]);

      const b = await runCurl(htmlCurl);
      expect(b.code).toBe(0);
      const imageB = await decode(b.data.url);
      expect([imageB.format, imageB.width, imageB.height]).toEqual(['png', 600, 300]);

      const imageC = await decode(first.imageUrl);
      expect([imageC.format, imageC.width, imageC.height]).toEqual(['png', 1200, 630]);
    } finally {
      expect(await stop(first.child)).toBe(0);
    }

    // A second start on the same data dir: no new admin token, a fresh demo key that works; a retired variable is
    // named in a warning and changes nothing else.
    const second = await serveDemo(dataDir, { PICTOR_PIN_WORKERS: '1' });
    try {
      expect(second.output).not.toContain('Admin token');
      expect(second.output).toContain('PICTOR_PIN_WORKERS is no longer read');
      expect(first.output).not.toContain('no longer read');
      expect((await runCurl(second.curls[0] as string)).code).toBe(0);
      // The first start's key still works (same data dir); only the port differs.
      const newOrigin = /'(http:\/\/[^/]+)\//.exec(second.curls[0] as string)?.[1] as string;
      const oldCommand = (first.curls[0] as string).replace(/http:\/\/127\.0\.0\.1:\d+/, newOrigin);
      expect((await runCurl(oldCommand)).code).toBe(0);
      // The same URL key on every start: the image URL printed first still works.
      const port = /:(\d+)\//;
      expect(second.imageUrl.replace(port, ':0/')).toBe(first.imageUrl.replace(port, ':0/'));
      expect((await decode(second.imageUrl)).width).toBe(1200);
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  });
});

describe('admin commands on the data dir', () => {
  it('accounts create, keys create|revoke, packages grant, templates push|publish|list; the server uses them', async () => {
    const dataDir = await tempDir();
    const account = await pictorJson<{ id: string }>(dataDir, 'accounts', 'create', 'Acme');
    const key = await pictorJson<{ id: string; key: string }>(dataDir, 'keys', 'create', account.id);
    expect(key.key).toMatch(/^pk_/);
    const pkg = await pictorJson<{ renders: number }>(
      dataDir,
      'packages',
      'grant',
      account.id,
      '--renders',
      '3',
    );
    expect(pkg.renders).toBe(3);
    const file = join(dataDir, 'hello.json');
    await writeFile(
      file,
      JSON.stringify({
        id: 'hello',
        name: 'Hello',
        content: '<div style="display:flex;width:100%;height:100%;background:{{bg}}">{{title}}</div>',
        variables: { title: { type: 'string', required: true }, bg: { type: 'color', default: '#00ff00' } },
        width: 80,
        height: 40,
        format: 'png',
      }),
    );
    const pushed = await pictorJson<{ id: string; status: string }>(
      dataDir,
      'templates',
      'push',
      file,
      '--account',
      account.id,
    );
    expect(pushed).toMatchObject({ id: 'hello', status: 'draft' });
    expect((await pictorJson<{ status: string }>(dataDir, 'templates', 'publish', 'hello')).status).toBe(
      'published',
    );
    const list = await pictorJson<{ id: string; status: string }[]>(dataDir, 'templates', 'list');
    expect(list).toEqual([
      expect.objectContaining({ id: 'hello', accountId: account.id, status: 'published' }),
    ]);

    const config = loadConfig({}, { port: 0, dataDir, logLevel: 'silent', workers: 1 });
    const server = await startServer(config);
    try {
      const ok = await render(server.url, key.key, '/templates/hello/render', { variables: { title: 'x' } });
      expect(ok.body.code).toBe(0);
      const image = await decode((ok.body.data as { url: string }).url);
      expect([image.width, image.height]).toEqual([80, 40]);
      await pictor(dataDir, 'keys', 'revoke', key.id);
      const revoked = await render(server.url, key.key, '/templates/hello/render', {
        variables: { title: 'x' },
      });
      expect(revoked.status).toBe(401);
      await pictor(dataDir, 'templates', 'archive', 'hello');
      const second = await pictorJson<{ key: string }>(dataDir, 'keys', 'create', account.id);
      const archived = await render(server.url, second.key, '/templates/hello/render', {
        variables: { title: 'x' },
      });
      expect(archived.status).toBe(409);
    } finally {
      await server.close();
    }
  });

  it('fails with a message and exit code 1 on bad input', async () => {
    const dataDir = await tempDir();
    await expect(pictor(dataDir, 'packages', 'grant', 'nobody', '--renders', '3')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('account "nobody" not found'),
    });
    await expect(pictor(dataDir, 'packages', 'grant', 'x', '--renders', 'many')).rejects.toMatchObject({
      code: 1,
    });
  });
});

describe('pictor url-keys and pictor url', () => {
  it('creates, lists and revokes URL keys without creating an admin token, and signs URLs the server serves', async () => {
    const dataDir = await tempDir();
    const account = await pictorJson<{ id: string }>(dataDir, 'accounts', 'create', 'Acme');
    await pictor(dataDir, 'packages', 'grant', account.id, '--renders', '5');
    const urlKey = await pictorJson<{ id: string; secret: string }>(
      dataDir,
      'url-keys',
      'create',
      account.id,
    );
    expect(urlKey.id).toMatch(/^uk_/);
    expect(urlKey.secret).toMatch(/^us_/);
    // Only the signing secret was needed: a later first start still prints its admin token.
    await expect(stat(join(dataDir, 'admin-token.sha256'))).rejects.toMatchObject({ code: 'ENOENT' });
    const listed = await pictorJson<{ urlKeys: { id: string }[] }>(dataDir, 'url-keys', 'list', account.id);
    expect(listed.urlKeys.map((k) => k.id)).toEqual([urlKey.id]);
    expect(JSON.stringify(listed)).not.toContain(urlKey.secret);
    const file = join(dataDir, 'card.json');
    await writeFile(
      file,
      JSON.stringify({
        id: 'card',
        name: 'Card',
        content: '<div style="display:flex;width:100%;height:100%;background:#00ff00">{{title}} {{n}}</div>',
        variables: { title: { type: 'string', required: true }, n: { type: 'integer' } },
        width: 80,
        height: 40,
        format: 'png',
      }),
    );
    await pictor(dataDir, 'templates', 'push', file, '--account', account.id, '--publish');

    const config = loadConfig({}, { port: 0, dataDir, logLevel: 'silent', workers: 1 });
    const server = await startServer(config);
    try {
      const sign = (...extra: string[]) =>
        pictor(
          dataDir,
          'url',
          'card',
          'title=Hi there',
          'n=7',
          '--key',
          urlKey.id,
          '--secret',
          urlKey.secret,
          '--base-url',
          server.url,
          ...extra,
        );
      const pathForm = (await sign('--scale', '2')).stdout.trim();
      expect(pathForm).toMatch(
        new RegExp(`^${server.url}/img/${urlKey.id}/card/[A-Za-z0-9_-]+/[A-Za-z0-9_-]{43}\\.png$`),
      );
      const queryForm = (await sign('--query-form', '--format', 'jpeg')).stdout.trim();
      expect(queryForm).toMatch(/\/img\/uk_[^/]+\/card\.jpg\?n=7&title=Hi%20there&sign=[A-Za-z0-9_-]{43}$/);
      for (const [url, format, size] of [
        [pathForm, 'png', [160, 80]],
        [queryForm, 'jpeg', [80, 40]],
      ] as const) {
        const res = await fetch(url);
        expect(res.status).toBe(200);
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, ...size]);
      }
      await pictor(dataDir, 'url-keys', 'revoke', urlKey.id);
      expect((await fetch(pathForm)).status).toBe(403);
    } finally {
      await server.close();
    }
    await expect(
      pictor(dataDir, 'url', 'card', 'novalue', '--key', 'k', '--secret', 's'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('name=value'),
    });
  });
});

describe('pictor render', () => {
  it('renders a local HTML file and a template file to image files', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'page.html'),
      '<div style="display:flex;width:120px;height:50px;background:#f00"></div>',
    );
    const out = join(dir, 'page.webp');
    const result = await pictorJson<{ width: number; height: number; format: string }>(
      dir,
      'render',
      join(dir, 'page.html'),
      '-o',
      out,
    );
    expect(result).toMatchObject({ width: 120, height: 50, format: 'webp' });
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 120, 50]);

    await writeFile(
      join(dir, 'card.json'),
      JSON.stringify({
        content:
          '<div style="display:flex;width:100%;height:100%;background:#00f;color:#fff">{{title}}</div>',
        variables: { title: { type: 'string', required: true } },
        width: 200,
        height: 100,
      }),
    );
    const png = join(dir, 'card.png');
    await pictor(dir, 'render', join(dir, 'card.json'), '--var', 'title=Hello', '-o', png);
    const card = await sharp(png).metadata();
    expect([card.format, card.width, card.height]).toEqual(['png', 200, 100]);
    expect((await stat(png)).size).toBeGreaterThan(100);
    await expect(
      pictor(dir, 'render', join(dir, 'card.json'), '-o', join(dir, 'x.png')),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('title'),
    });
  });

  it('fills the Mustache tags of an HTML file with --var and --vars; says so when tags get no values', async () => {
    const dir = await tempDir();
    const page = (title: string) =>
      `<div style="display:flex;width:240px;height:60px;background:#fff;color:#000;font-size:32px">${title}</div>`;
    await writeFile(join(dir, 'card.html'), page('{{title}} {{count}}'));
    await writeFile(join(dir, 'plain.html'), page('Hello &lt;b&gt; 3'));
    await writeFile(join(dir, 'vars.json'), JSON.stringify({ title: 'ignored', count: 3 }));
    const filled = join(dir, 'filled.png');
    const plain = join(dir, 'plain.png');
    await pictor(
      dir,
      'render',
      join(dir, 'card.html'),
      '--vars',
      join(dir, 'vars.json'),
      '--var',
      'title=Hello <b>',
      '-o',
      filled,
    );
    await pictor(dir, 'render', join(dir, 'plain.html'), '-o', plain);
    const pixels = async (file: string) => (await sharp(file).raw().toBuffer()).toString('base64');
    expect(await pixels(filled)).toBe(await pixels(plain));

    // No values: drawn as written, with a note on stderr.
    const { stderr } = await pictor(dir, 'render', join(dir, 'card.html'), '-o', join(dir, 'tags.png'));
    expect(stderr).toContain('has Mustache tags ({{title}}) and no --var or --vars');
    expect(await pixels(join(dir, 'tags.png'))).not.toBe(await pixels(plain));

    await writeFile(join(dir, 'list.json'), JSON.stringify({ items: [1, 2] }));
    await expect(
      pictor(
        dir,
        'render',
        join(dir, 'card.html'),
        '--vars',
        join(dir, 'list.json'),
        '-o',
        join(dir, 'x.png'),
      ),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('items: an HTML file takes text') });
  });

  it('reads images next to the HTML file (its folder, or --base-dir) and nothing outside it', async () => {
    const dir = await tempDir();
    const site = join(dir, 'site');
    await mkdir(join(site, 'img'), { recursive: true });
    await sharp({ create: { width: 10, height: 10, channels: 3, background: { r: 0, g: 255, b: 0 } } })
      .png()
      .toFile(join(site, 'img', 'avatar.png'));
    await writeFile(join(dir, 'secret.png'), await sharp(join(site, 'img', 'avatar.png')).toBuffer());
    const page = (src: string) =>
      `<div style="display:flex;width:40px;height:40px;background:#fff"><img src="${src}" width="40" height="40"></div>`;
    await writeFile(join(site, 'card.html'), page('img/avatar.png'));
    const out = join(dir, 'card.png');
    await pictor(dir, 'render', join(site, 'card.html'), '-o', out);
    const { data } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray((20 * 40 + 20) * 3, (20 * 40 + 20) * 3 + 3)]).toEqual([0, 255, 0]);

    // --base-dir: the same image named from another folder.
    await writeFile(join(dir, 'elsewhere.html'), page('img/avatar.png'));
    await pictor(dir, 'render', join(dir, 'elsewhere.html'), '--base-dir', site, '-o', out);
    expect((await sharp(out).metadata()).width).toBe(40);

    // Outside the folder: refused, with the reason.
    await writeFile(join(site, 'escape.html'), page('../secret.png'));
    await expect(pictor(dir, 'render', join(site, 'escape.html'), '-o', out)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('outside'),
    });
  });

  it('the output format follows the -o extension; an unknown extension or a --format that disagrees is refused', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'p.html'),
      '<div style="display:flex;width:20px;height:10px;background:#f00"></div>',
    );
    const jpeg = join(dir, 'p.jpeg');
    expect(
      (await pictorJson<{ format: string }>(dir, 'render', join(dir, 'p.html'), '-o', jpeg)).format,
    ).toBe('jpeg');
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
    await expect(pictor(dir, 'render', join(dir, 'p.html'), '-o', join(dir, 'p.gif'))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('must end in .png, .jpg, .jpeg, .webp, .avif'),
    });
    await expect(stat(join(dir, 'p.gif'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(
      pictor(dir, 'render', join(dir, 'p.html'), '--format', 'webp', '-o', join(dir, 'p.png')),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--format webp does not match') });
  });
});

describe('pictor --version', () => {
  it('prints the version without loading the program (no static import of the engine, server or commander)', async () => {
    const { stdout } = await run(process.execPath, [cli, '--version']);
    expect(stdout).toBe(`${SERVER_VERSION}\n`);
    // Follow cli.js's static imports through the bundle's chunks: only local chunks, none of the heavy packages.
    const bare = await staticPackageImports(cli);
    expect(bare.filter((s) => !s.startsWith('node:'))).toEqual([]);
    // The full program still answers --version the same way when other arguments come with it.
    expect((await run(process.execPath, [cli, '--data-dir', tmpdir(), '--version'])).stdout).toBe(
      `${SERVER_VERSION}\n`,
    );
  });

  it('loads neither the HTTP service nor the database drivers for `render` (they load with the commands that use them)', async () => {
    const program = (await readdir(join(packageDir, 'dist'))).find((name) => /^program-.*\.js$/.test(name));
    expect(program).toBeDefined();
    const bare = await staticPackageImports(join(packageDir, 'dist', program as string));
    expect(bare).toContain('commander');
    expect(bare.filter((s) => /fastify|sqlite|^pg|pg-boss|aws-sdk/.test(s))).toEqual([]);
  });
});
