/// <reference lib="dom" />
/**
 * The studio in a real Chromium against the real server on loopback: what a person sees, types and clicks. Preview
 * images are decoded and compared by pixels, and with the image the API renders for the same values.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from './helpers/browser.js';
import { adminOk, render, seedAccount, startTestServer, type TestServer } from './helpers/http-server.js';

const executablePath = findChromium();
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** Where screenshots go: PICTOR_STUDIO_SCREENSHOTS (the README's are made with docs/images), else a temp folder. */
const shots = process.env.PICTOR_STUDIO_SCREENSHOTS ?? join(tmpdir(), 'pictor-studio-shots');
mkdirSync(shots, { recursive: true });

let server: TestServer;
let browser: Browser;
let account: { accountId: string; key: string; keyId: string };

const RED_CARD =
  '<div style="display:flex;align-items:center;justify-content:center;width:100%;height:100%;background:#dc2626;color:#ffffff;font-size:48px;font-family:Inter">{{title}}</div>';

/** Decoded RGBA of an `<img>`'s data URL. */
async function decode(dataUrl: string) {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    height: info.height,
    pixel: (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 3)),
  };
}

/** Mean absolute difference per channel of two same-size RGBA buffers (0–255). */
function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / a.length;
}

/** The preview once it shows something other than `previous` and is not rendering. */
async function nextPreview(page: Page, previous: string | null): Promise<string> {
  const image = page.locator('img.preview-image');
  await page.waitForFunction(
    (before) => {
      const img = document.querySelector('img.preview-image') as HTMLImageElement | null;
      const meta = document.querySelector('.preview-meta')?.textContent ?? '';
      return (
        !!img &&
        !img.hidden &&
        img.src.startsWith('data:') &&
        img.src !== before &&
        !meta.startsWith('Rendering')
      );
    },
    previous,
    { timeout: 100_000 }, // a hang guard only
  );
  return (await image.getAttribute('src')) as string;
}

/** Replace the text of the HTML editor as a person would: select all, then type (insert) the new text. */
async function replaceHtml(page: Page, text: string): Promise<void> {
  await page.getByRole('tab', { name: 'HTML' }).click();
  await page.locator('.cm-content[aria-label="Template HTML with Mustache tags"]').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

async function axe(page: Page): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]> {
  // page.evaluate runs outside the page's CSP, which (rightly) refuses injected script tags.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (o: unknown) => Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe.run({
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

async function signInWithKeyboard(page: Page, key: string): Promise<void> {
  await page.goto(`${server.url}/studio`);
  const secret = page.getByLabel('API key', { exact: true });
  await expect.poll(() => secret.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(key);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Templates' }).waitFor();
}

// A hang guard only, not a speed check: the whole walk-through takes tens of steps, each waiting on a real render, and
// a loaded machine (CI beside other jobs) stretched it past vitest's 120 s default for this package.
describe.skipIf(!executablePath)('studio in Chromium', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    server = await startTestServer({ studioPreviewRateMax: 1000 });
    account = await seedAccount(server.url, 20);
    await adminOk(server.url, 'POST', `/accounts/${account.accountId}/url-keys`);
    browser = await chromium.launch({ executablePath: executablePath as string });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('signs in, creates, previews as you type, checks values, publishes, matches the API, restores, signs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 960 } });
    context.setDefaultTimeout(100_000); // a hang guard only: Playwright's default is 30 s
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    // Sign-in, from the keyboard only; the sign-in page passes axe. A first visit asks for no session (which would
    // answer 401, logged by the browser as an error).
    await page.goto(`${server.url}/studio`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(consoleErrors).toEqual([]);
    expect((await axe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: join(shots, 'studio-sign-in.png') });
    await signInWithKeyboard(page, account.key);
    // Focus lands on the main region's heading, and the sign-in is announced.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Choose a template, or create one');
    await expect
      .poll(() => page.locator('div.visually-hidden[role="status"]').textContent())
      .toMatch(/^Signed in to /);
    expect(consoleErrors).toEqual([]);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie)).not.toContain(
      account.key,
    );

    // Create from the blank card.
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByLabel('Name').fill('Launch card');
    await page.getByLabel('Id').fill('launch-card');
    await page.getByLabel('Start from').selectOption({ label: 'Blank card (1200×630)' });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: /Launch card/ }).waitFor();
    // The opened template's heading has the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.workspace-header') !== null))
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    const first = await nextPreview(page, null);
    expect((await decode(first)).width).toBe(1200);
    await expect
      .poll(() => page.locator('.preview-meta').textContent())
      .toMatch(/^1200 × 630 px · png · .* · rendered in \d+ ms$/);

    // Type into the editor: the preview follows, and its pixels are the new ones.
    await replaceHtml(page, RED_CARD);
    const red = await nextPreview(page, first);
    const redImage = await decode(red);
    expect(redImage.pixel(5, 5)).toEqual([220, 38, 38]);
    expect(meanDifference((await decode(first)).data, redImage.data)).toBeGreaterThan(40);

    // A sample value in the form changes the text of the preview.
    await page.getByLabel('title', { exact: true }).fill('Ship it');
    const shipIt = await nextPreview(page, red);
    expect(meanDifference(redImage.data, (await decode(shipIt)).data)).toBeGreaterThan(0.2);
    await page.screenshot({ path: join(shots, 'studio-editor.png') });

    // Break a rule: the message shows beside the code, the preview is marked stale.
    await page.getByLabel('title', { exact: true }).fill('x'.repeat(81));
    await expect
      .poll(() => page.getByRole('status', { name: 'Problems' }).textContent())
      .toContain('variables.title: must NOT have more than 80 characters');
    await expect.poll(() => page.locator('img.preview-image.stale').count()).toBe(1);
    // …and under the value that breaks it.
    await expect
      .poll(() => page.getByLabel('title', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    expect(await page.locator('[data-variable="title"] .field-error').textContent()).toContain(
      '80 characters',
    );
    await page.screenshot({ path: join(shots, 'studio-problem.png') });

    // A Mustache syntax error is marked on its line in the editor.
    await replaceHtml(page, `${RED_CARD}\n{{#items}}`);
    await expect
      .poll(() => page.getByRole('status', { name: 'Problems' }).textContent())
      .toMatch(/Unclosed section "items".*\(line 2\)/);
    await expect.poll(() => page.locator('.cm-lintRange-error').count()).toBeGreaterThan(0);
    await replaceHtml(page, RED_CARD);
    await page.getByLabel('title', { exact: true }).fill('Ship it');
    const again = await nextPreview(page, null);

    // Publish (saves the draft first), then render through the API with the same values: the same pixels.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.locator('.workspace-header .badge').textContent()).toBe('published');
    const rendered = await render(server.url, account.key, '/templates/launch-card/render', {
      variables: { title: 'Ship it' },
    });
    expect(rendered.status).toBe(200);
    const apiBytes = Buffer.from(await (await fetch(String(rendered.body.data?.url))).arrayBuffer());
    const api = await sharp(apiBytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const preview = await decode(again);
    expect([api.info.width, api.info.height]).toEqual([preview.width, preview.height]);
    expect(meanDifference(api.data, preview.data)).toBeLessThan(0.5);

    // A second revision, then restore the first from the history.
    await replaceHtml(page, RED_CARD.replace('#dc2626', '#2563eb'));
    const blue = await nextPreview(page, again);
    expect((await decode(blue)).pixel(5, 5)).toEqual([37, 99, 235]);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.locator('.dirty').textContent()).toMatch(/saved/);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => page.locator('.revisions li').count()).toBe(2);
    // Options: the draft, then published revisions newest first: compare the first published with the second.
    await page.getByLabel('Compare A').selectOption({ index: 2 });
    await page.getByLabel('with B').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Compare' }).click();
    await expect
      .poll(() => page.locator('.compare-previews img[src^="data:"]').count(), { timeout: 100_000 })
      .toBe(2);
    await expect.poll(() => page.locator('.cm-mergeView .cm-changedLine').count()).toBeGreaterThan(0);
    // Versions are counted as they were published (draft saves between them do not show as gaps).
    expect(await page.locator('.revisions li').allTextContents()).toEqual([
      expect.stringMatching(/^Version 2 — published .* \(live\) · revision \d+ in image URLs/),
      expect.stringMatching(/^Version 1 — published /),
    ]);
    await page.screenshot({ path: join(shots, 'studio-history.png') });
    // The history, its diff included, passes axe.
    expect((await axe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.getByRole('button', { name: 'Restore A as draft' }).click();
    await expect.poll(() => page.locator('.toast').textContent()).toMatch(/Version 1 restored as the draft/);
    await page.getByRole('tab', { name: 'Preview' }).click();
    const restored = await nextPreview(page, blue);
    expect((await decode(restored)).pixel(5, 5)).toEqual([220, 38, 38]);
    expect(
      await page.locator('.cm-content[aria-label="Template HTML with Mustache tags"]').textContent(),
    ).toContain('#dc2626');

    // Use it: snippets with the values, and a signed image URL.
    await page.getByRole('tab', { name: 'Use it' }).click();
    await expect.poll(() => page.locator('.use-it pre').count()).toBe(3);
    expect(await page.locator('.use-it pre').first().textContent()).toContain('"title":"Ship it"');
    await page.screenshot({ path: join(shots, 'studio-use-it.png') });

    // The studio view passes axe (no serious or critical violations).
    await page.getByRole('tab', { name: 'Preview' }).click();
    const violations = (await axe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations).toEqual([]);

    // Sign out: back to the sign-in form; the old cookie no longer works.
    const cookie = (await context.cookies()).find((c) => c.name === 'pictor_studio');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/studio' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const stale = await fetch(`${server.url}/studio/api/session`, {
      headers: { cookie: `pictor_studio=${cookie?.value}` },
    });
    expect(stale.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a preview per variant side by side: the social card as og, square and portrait', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signInWithKeyboard(page, account.key);
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByLabel('Name').fill('Social everywhere');
    await page.getByLabel('Id').fill('social-everywhere');
    await page.getByLabel('Start from').selectOption({ label: 'Social card (Open Graph, 1200×630)' });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: /Social everywhere/ }).waitFor();
    const strip = page.locator('.variant-strip figure img');
    await expect.poll(() => strip.count(), { timeout: 60_000 }).toBe(3);
    const shown = await page.$$eval('.variant-strip figure', (figures) =>
      figures.map((f) => ({
        variant: f.getAttribute('data-variant'),
        caption: f.querySelector('figcaption')?.textContent,
        src: (f.querySelector('img') as HTMLImageElement).src,
      })),
    );
    expect(shown.map((f) => [f.variant, f.caption])).toEqual([
      ['og', 'og · 1200 × 630'],
      ['square', 'square · 1080 × 1080'],
      ['portrait', 'portrait · 1080 × 1920'],
    ]);
    const images = await Promise.all(shown.map((f) => decode(f.src)));
    expect(images.map((i) => [i.width, i.height])).toEqual([
      [1200, 630],
      [1080, 1080],
      [1080, 1920],
    ]);
    // The same gradient corners in every shape: laid out for each, not cropped.
    for (const image of images) {
      const [r, g, b] = image.pixel(image.width - 3, image.height - 3);
      expect(
        Math.abs((r as number) - 0xdb) + Math.abs((g as number) - 0x27) + Math.abs((b as number) - 0x77),
      ).toBeLessThan(30);
    }
    await page.getByRole('tab', { name: 'Size & format' }).click();
    await page.screenshot({ path: join(shots, 'studio-variants.png'), fullPage: true });
    await page.close();
  });

  it('never runs script from template content, names or values', async () => {
    const hostile =
      '<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2;alert(2)</script>';
    await adminOk(server.url, 'POST', '/templates', {
      accountId: account.accountId,
      id: 'hostile',
      name: `Hostile ${hostile}`,
      content: `<div style="display:flex;width:100%;height:100%;background:#fff">${hostile}{{{title}}}</div>`,
      variables: { title: { type: 'string', raw: true, default: hostile } },
      width: 300,
      height: 150,
      format: 'png',
    });
    const context = await browser.newContext();
    context.setDefaultTimeout(100_000); // a hang guard only: Playwright's default is 30 s
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await signInWithKeyboard(page, account.key);
    await page.getByRole('button', { name: /Hostile/ }).click();
    await expect.poll(() => page.locator('.preview-meta').textContent()).not.toMatch(/^Rendering/);
    // The preview of the hostile value has been answered and shown (whatever the machine's load): anything it
    // could run has had its chance.
    const previewed = page.waitForResponse(
      (response) =>
        response.url().endsWith('/preview') && !!response.request().postData()?.includes('__pwned=3'),
    );
    await page.getByLabel('title', { exact: true }).fill(`${hostile}<svg onload="window.__pwned=3">`);
    await previewed;
    await expect.poll(() => page.locator('.preview-meta').textContent()).not.toMatch(/^Rendering/);
    await page.getByRole('tab', { name: 'Use it' }).click();
    await expect.poll(() => page.locator('.use-it pre').count()).toBe(3);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // The name shows as text: no element was made from it.
    expect(
      await page.locator('.template-list img, .workspace-header img, .template-list script').count(),
    ).toBe(0);
    expect(await page.locator('.template-item .name', { hasText: 'Hostile' }).textContent()).toContain(
      '<script>',
    );
    await context.close();
  });

  it('at 800 px wide: the preview beside the editor, a checkbox beside its name, focus on the opened template', async () => {
    await adminOk(server.url, 'POST', '/templates', {
      accountId: account.accountId,
      id: 'flags',
      name: 'Flags',
      content:
        '<div style="display:flex;width:100%;height:100%;background:#fff">{{#streamed}}Live{{/streamed}}</div>',
      variables: { streamed: { type: 'boolean', default: true, description: 'Show the live badge' } },
      width: 600,
      height: 300,
      format: 'png',
    });
    const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const page = await context.newPage();
    await signInWithKeyboard(page, account.key);
    await page.getByRole('button', { name: /Flags/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Flags/);
    await expect
      .poll(() => page.locator('div.visually-hidden[role="status"]').textContent())
      .toBe('Opened "Flags" (draft).');
    await nextPreview(page, null);

    // The preview is beside the editor and the problems, on the first screen.
    const editor = await page.locator('.editor-column').boundingBox();
    const preview = await page.locator('img.preview-image').boundingBox();
    expect(preview?.x).toBeGreaterThan((editor?.x ?? 0) + (editor?.width ?? 0) - 1);
    expect((preview?.y ?? 0) + (preview?.height ?? 0)).toBeLessThan(900);
    const problems = await page.locator('.problems').boundingBox();
    expect((problems?.y ?? 0) + (problems?.height ?? 0)).toBeLessThan(900 + 400);

    // The checkbox sits just before its name, on the same line.
    const box = await page.getByLabel('streamed', { exact: true }).boundingBox();
    const label = await page.locator('[data-variable="streamed"] label').boundingBox();
    expect(box && label).toBeTruthy();
    if (box && label) {
      expect(label.x - (box.x + box.width)).toBeGreaterThanOrEqual(0);
      expect(label.x - (box.x + box.width)).toBeLessThan(16);
      expect(Math.abs(box.y + box.height / 2 - (label.y + label.height / 2))).toBeLessThan(6);
    }
    await page.screenshot({ path: join(shots, 'studio-800.png') });

    // The beginner's mistake: width 100% plus padding, without box-sizing. The problems list says what is cut off.
    await replaceHtml(
      page,
      '<div style="display:flex;width:100%;height:100%;padding:64px;background:#4f46e5;color:#fff">Hello</div>',
    );
    await expect
      .poll(() => page.getByRole('status', { name: 'Problems' }).textContent())
      .toContain('content overflows the image and is cut off: a <div> 728×428 px reaches x 728');
    expect(await page.locator('.problems li.warning').textContent()).toContain('add box-sizing: border-box');
    await page.screenshot({ path: join(shots, 'studio-overflow.png') });
    await context.close();
  });

  it('moves between tabs with the arrow keys', async () => {
    const context = await browser.newContext();
    context.setDefaultTimeout(100_000); // a hang guard only: Playwright's default is 30 s
    const page = await context.newPage();
    await signInWithKeyboard(page, account.key);
    await page.getByRole('button', { name: /Launch card/ }).click();
    await page.getByRole('tab', { name: 'HTML' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Variables' }).getAttribute('aria-selected'))
      .toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Variables');
    await context.close();
  });
});
