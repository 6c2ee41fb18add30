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

/**
 * Values an image URL can carry: objects inside the top level are dropped (not expressible as one parameter), and so
 * are names starting with `_`, which are the URL's reserved parameters (docs/contract/decisions.md "Embeddable image
 * URLs": they cannot be set by URL).
 */
function urlVariables(values: Record<string, unknown>): {
  variables: Record<string, ImageVariable>;
  reserved: string[];
} {
  const variables: Record<string, ImageVariable> = {};
  const reserved: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (name.startsWith('_')) reserved.push(name);
    else if (['string', 'number', 'boolean'].includes(typeof value) || Array.isArray(value)) {
      variables[name] = value as ImageVariable;
    }
  }
  return { variables, reserved };
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
  const { variables, reserved } = urlVariables(values);
  let url: string;
  try {
    url = await imageUrl({
      baseUrl,
      keyId: key.id,
      secret: deriveUrlKeySecret(options.signingSecret, key.id),
      template: template.id,
      variables,
      format: template.published?.format ?? template.draft?.format ?? 'png',
    });
  } catch (error) {
    // The client refuses what a URL cannot carry (TypeError, RangeError): say why instead of failing the snippets.
    if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
    return { curl, node, imageUrl: null, imageUrlNote: `no image URL: ${error.message}` };
  }
  const shows =
    template.status === 'published'
      ? `it shows the published revision ${template.published?.revision}`
      : 'it answers 409 until the template is published';
  const left =
    reserved.length === 0
      ? ''
      : `; ${reserved.join(', ')} left out: names starting with _ are reserved and cannot be set by URL`;
  return { curl, node, imageUrl: url, imageUrlNote: `signed with URL key ${key.id}; ${shows}${left}` };
}
