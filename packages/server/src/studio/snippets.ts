/**
 * Copy-ready ways to use a template with sample values: curl for operation A, Node with `@pictor/client`, and a
 * signed image URL made with the account's first active URL key (its secret is derived here, never shown).
 */
import { type ImageVariable, imageUrl } from '@pictor/client';
import { deriveUrlKeySecret } from '../services/url-keys.js';
import type { Store, TemplateRecord } from '../db/types.js';
import { shellQuote } from '../shell-quote.js';

export interface Snippets {
  curl: string;
  node: string;
  /** A signed `GET /img/…` URL of the published template with these values; null when it cannot be made (see note). */
  imageUrl: string | null;
  /** Why there is no image URL, or what it shows. */
  imageUrlNote: string;
}

/** Values an image URL can carry: drop objects inside the top level (not expressible as one parameter). */
function urlVariables(values: Record<string, unknown>): Record<string, ImageVariable> {
  const out: Record<string, ImageVariable> = {};
  for (const [name, value] of Object.entries(values)) {
    if (['string', 'number', 'boolean'].includes(typeof value) || Array.isArray(value)) {
      out[name] = value as ImageVariable;
    }
  }
  return out;
}

/** Build the snippets of `template` filled with `values`, for a server at `baseUrl`. */
export async function buildSnippets(options: {
  store: Store;
  signingSecret: string;
  baseUrl: string;
  template: TemplateRecord;
  values: Record<string, unknown>;
}): Promise<Snippets> {
  const { template, values, baseUrl } = options;
  const body = JSON.stringify({ variables: values });
  const curl = [
    `curl -sS -X POST ${shellQuote(`${baseUrl}/open/v1/images/templates/${encodeURIComponent(template.id)}/render`)} \\`,
    `  -H "X-API-Key: $PICTOR_API_KEY" -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
  const node = [
    `import { createClient } from '@pictor/client';`,
    '',
    `const pictor = createClient({ baseUrl: ${JSON.stringify(baseUrl)}, apiKey: process.env.PICTOR_API_KEY });`,
    `const { url } = await pictor.renderTemplate(${JSON.stringify(template.id)}, {`,
    `  variables: ${JSON.stringify(values, null, 2).replace(/\n/g, '\n  ')},`,
    '});',
  ].join('\n');

  const keys = await options.store.listUrlKeys(template.accountId);
  const key = keys.find((k) => k.revokedAt === null);
  if (!key) {
    return {
      curl,
      node,
      imageUrl: null,
      imageUrlNote: `this account has no URL key yet: create one with "pictor url-keys create ${template.accountId}"`,
    };
  }
  const url = await imageUrl({
    baseUrl,
    keyId: key.id,
    secret: deriveUrlKeySecret(options.signingSecret, key.id),
    template: template.id,
    variables: urlVariables(values),
    format: template.published?.format ?? template.draft?.format ?? 'png',
  });
  const note =
    template.status === 'published'
      ? `signed with URL key ${key.id}; it shows the published revision ${template.published?.revision}`
      : `signed with URL key ${key.id}; it answers 409 until the template is published`;
  return { curl, node, imageUrl: url, imageUrlNote: note };
}
