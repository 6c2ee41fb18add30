/**
 * `serve --demo`: a demo account, key, package, URL key and published template; two curl commands that render with
 * them, and an image URL to open in a browser.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageUrl } from '@pictor/client';
import { issueApiKey } from '../services/api-keys.js';
import { deriveUrlKeySecret } from '../services/url-keys.js';
import type { Store } from '../db/types.js';
import { shellQuote } from '../shell-quote.js';

/** Id of the demo template. */
export const DEMO_TEMPLATE_ID = 'demo-card';
const DEMO_FILE = 'demo.json';
const DEMO_RENDERS = 1000;
const YEAR_MS = 365 * 86_400_000;

const DEMO_CONTENT = `<div style="display:flex;flex-direction:column;justify-content:space-between;box-sizing:border-box;width:100%;height:100%;padding:64px;background:linear-gradient(135deg,{{background}},#1e293b);color:#f8fafc;font-family:Inter,sans-serif">
  <div style="display:flex;font-size:28px;opacity:0.8">{{site}}</div>
  <div style="display:flex;font-size:72px;font-weight:700;line-height:1.1">{{title}}</div>
  <div style="display:flex;font-size:32px;opacity:0.9">{{subtitle}}</div>
</div>`;

const DEMO_VARIABLES = {
  title: { type: 'string', required: true, maxLength: 80, description: 'Headline' },
  subtitle: { type: 'string', default: 'Rendered by Pictor without a browser', maxLength: 120 },
  site: { type: 'string', default: 'pictor.dev' },
  background: { type: 'color', default: '#4f46e5' },
} as const;

/** What the demo printed commands need. */
export interface DemoSetup {
  accountId: string;
  templateId: string;
  /** A fresh API key (keys are stored hashed, so each start issues a new one). */
  key: string;
  /** The demo URL key (kept across starts: its secret is derived, not stored). */
  urlKeyId: string;
}

interface DemoFile {
  accountId: string;
  urlKeyId?: string;
}

async function readDemoFile(dataDir: string): Promise<DemoFile | null> {
  try {
    return JSON.parse(await readFile(join(dataDir, DEMO_FILE), 'utf8')) as DemoFile;
  } catch {
    return null;
  }
}

/**
 * Create (first time) or reuse (later starts) the demo account and template; top the package up
 * when it is used up or expired; issue a fresh key.
 */
export async function ensureDemo(store: Store, dataDir: string, now = new Date()): Promise<DemoSetup> {
  const saved = await readDemoFile(dataDir);
  const accountId =
    saved && (await store.getAccount(saved.accountId))
      ? saved.accountId
      : (await store.createAccount('Demo')).id;
  const savedKey = saved?.urlKeyId ? await store.getUrlKey(saved.urlKeyId) : null;
  const urlKeyId =
    savedKey && savedKey.accountId === accountId && savedKey.revokedAt === null
      ? savedKey.id
      : (await store.createUrlKey(accountId)).id;
  if (saved?.accountId !== accountId || saved.urlKeyId !== urlKeyId) {
    const file: DemoFile = { accountId, urlKeyId };
    await writeFile(join(dataDir, DEMO_FILE), `${JSON.stringify(file, null, 2)}\n`);
  }
  const template = await store.getTemplate(accountId, DEMO_TEMPLATE_ID);
  if (!template) {
    await store.createTemplate({
      id: DEMO_TEMPLATE_ID,
      accountId,
      name: 'Demo social card',
      draft: {
        content: DEMO_CONTENT,
        variables: DEMO_VARIABLES,
        width: 1200,
        height: 630,
        format: 'png',
        quality: null,
      },
    });
  }
  if (template?.status !== 'published') {
    await store.publishTemplate(accountId, DEMO_TEMPLATE_ID);
  }
  const usage = await store.usage(accountId, now);
  if (usage.packages.length === 0) {
    await store.grantPackage(accountId, DEMO_RENDERS, new Date(now.getTime() + YEAR_MS));
  }
  const { key } = await issueApiKey(store, accountId);
  return { accountId, templateId: DEMO_TEMPLATE_ID, key, urlKeyId };
}

/** A signed image URL of the demo template, to open in a browser (rendered once, then served from storage). */
export function demoImageUrl(baseUrl: string, demo: DemoSetup, signingSecret: string): Promise<string> {
  return imageUrl({
    baseUrl,
    keyId: demo.urlKeyId,
    secret: deriveUrlKeySecret(signingSecret, demo.urlKeyId),
    template: demo.templateId,
    variables: {
      title: 'Hello from an image URL',
      subtitle: 'Signed, rendered once, then served from storage',
    },
    format: 'png',
  });
}

/** The two copy-pasteable curl commands (operation A, operation B). */
export function demoCurlCommands(baseUrl: string, demo: DemoSetup): { template: string; html: string } {
  const headers = `-H ${shellQuote(`X-API-Key: ${demo.key}`)} -H 'Content-Type: application/json; charset=utf-8'`;
  const templateBody = JSON.stringify({
    variables: { title: 'Hello from Pictor', subtitle: 'Operation A: a stored template' },
  });
  const htmlBody = JSON.stringify({
    content:
      '<div style="display:flex;align-items:center;justify-content:center;width:600px;height:300px;background:#0ea5e9;color:white;font-size:48px;font-family:Inter">Hello, HTML!</div>',
    format: 'png',
  });
  const url = (path: string) => shellQuote(`${baseUrl}${path}`);
  return {
    template: `curl -sS -X POST ${url(`/open/v1/images/templates/${demo.templateId}/render`)} ${headers} -d ${shellQuote(templateBody)}`,
    html: `curl -sS -X POST ${url('/open/v1/images/render')} ${headers} -d ${shellQuote(htmlBody)}`,
  };
}
