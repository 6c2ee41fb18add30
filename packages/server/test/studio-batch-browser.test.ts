/// <reference lib="dom" />
/**
 * The studio's Batch tab in a real Chromium against the real server on loopback: CSV rows pasted with one bad row
 * (named with its field before anything starts), fixed, started, followed to the end, and the zip downloaded and
 * read: one decoded image per row, of the template's size, and one unit used per image. An uploaded file fills the
 * rows too.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from './helpers/browser.js';
import { adminOk, seedAccount, startTestServer, type TestServer, unitsLeft } from './helpers/http-server.js';
import { readZip } from './helpers/zip.js';

const executablePath = findChromium();
/** Where screenshots go: PICTOR_STUDIO_SCREENSHOTS, else a temp folder. */
const shots = process.env.PICTOR_STUDIO_SCREENSHOTS ?? join(tmpdir(), 'pictor-studio-shots');
mkdirSync(shots, { recursive: true });
/** Polling for an event only: the hang guard. */
const POLL = { timeout: 100_000 };

let server: TestServer;
let browser: Browser;
let account: { accountId: string; key: string; keyId: string };

describe.skipIf(!executablePath)('the Batch tab in Chromium', () => {
  beforeAll(async () => {
    server = await startTestServer();
    account = await seedAccount(server.url, 10);
    await adminOk(server.url, 'POST', '/templates', {
      accountId: account.accountId,
      id: 'badge',
      name: 'Badge',
      content:
        '<div style="display:flex;align-items:center;justify-content:center;width:100%;height:100%;background:#0f766e;color:#fff;font-size:28px">{{name}}</div>',
      variables: { name: { type: 'string', required: true, maxLength: 12 } },
      width: 320,
      height: 160,
      format: 'png',
    });
    await adminOk(server.url, 'POST', '/templates/badge/publish', {});
    browser = await chromium.launch({ executablePath: executablePath as string });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('pastes rows, shows the bad row, starts after the fix, follows it to the end and downloads the zip', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    context.setDefaultTimeout(100_000); // a hang guard only
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${server.url}/studio`);
    await page.getByLabel('API key', { exact: true }).fill(account.key);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /Badge/ }).click();
    await page.getByRole('tab', { name: 'Batch' }).click();
    const rows = page.getByLabel('Rows', { exact: true });
    const start = page.getByRole('button', { name: 'Start batch' });
    const problems = page.getByRole('status', { name: 'Row problems' });

    // One name too long: the row and the field are named, and nothing can start.
    await rows.fill('id,name\nada,Ada Lovelace\ngrace,Grace Brewster Murray Hopper\nalan,Alan Turing\n');
    await page.getByRole('button', { name: 'Check rows' }).click();
    await expect
      .poll(() => problems.textContent(), POLL)
      .toBe('Row 2 (id "grace"): variables.name: must NOT have more than 12 characters');
    expect(await start.isDisabled()).toBe(true);
    await page.screenshot({ path: join(shots, 'studio-batch-problem.png') });

    // Fixed and checked again: it may start.
    await rows.fill('id,name\nada,Ada Lovelace\ngrace,Grace Hopper\nalan,Alan Turing\n');
    expect(await start.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Check rows' }).click();
    await expect.poll(() => problems.textContent(), POLL).toBe('3 rows ready: no problems.');
    await start.click();
    await expect
      .poll(() => page.locator('.batch-progress-text').textContent(), POLL)
      .toBe('Done: 3 of 3 rendered');
    expect(
      await page
        .getByRole('progressbar', { name: 'Batch progress' })
        .evaluate((el) => [(el as HTMLProgressElement).value, (el as HTMLProgressElement).max]),
    ).toEqual([3, 3]);
    expect(await page.getByRole('button', { name: 'Cancel batch' }).isDisabled()).toBe(true);
    // The account's units in the header follow.
    await expect.poll(() => page.locator('header').textContent(), POLL).toContain('7 units left');
    await page.screenshot({ path: join(shots, 'studio-batch-done.png') });

    // The zip: three decoded images of the template's size, and the manifest.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the zip' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bat_.+\.zip$/);
    const entries = readZip(readFileSync(await download.path()));
    expect([...entries.keys()].sort()).toEqual(['ada.png', 'alan.png', 'grace.png', 'manifest.json']);
    for (const name of ['ada.png', 'alan.png', 'grace.png']) {
      const { data, info } = await sharp(entries.get(name)).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([320, 160]);
      expect(Array.from(data.subarray(0, 3))).toEqual([15, 118, 110]);
    }
    expect(await unitsLeft(server.url, account.accountId)).toBe(7);

    // An uploaded file fills the rows and picks its format.
    await page.getByLabel('Upload a file').setInputFiles({
      name: 'people.ndjson',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from('{"id":"x","name":"Xu"}\n{"id":"y"}\n'),
    });
    await expect.poll(() => rows.inputValue(), POLL).toContain('"id":"x"');
    expect(await page.getByLabel('Rows format').inputValue()).toBe('ndjson');
    await page.getByRole('button', { name: 'Check rows' }).click();
    await expect.poll(() => problems.textContent(), POLL).toBe('Row 2 (id "y"): variables.name: is required');
    expect(errors).toEqual([]);
    await context.close();
  });
});
