/**
 * Templates for rendering: ownership, status and useDraft rules, and the stored records cached per row version — a
 * render reads the template's owner and row version (no contents) and loads and parses the record only when the row
 * changed since (on any node: the version is in the store). Templates are compiled and filled by the render workers
 * (`renderer.fillTemplate`, once per revision and worker), never on the event loop.
 */
import { type CompiledTemplate, compileTemplate, type TemplateDefinition } from '@pictor/core';
import { LRUCache } from 'lru-cache';
import { apiError } from '../errors.js';
import type { Store, TemplateRecord, TemplateVersion } from '../db/types.js';

/** A template ready to fill: the record, the version to render, and its fill. */
export interface TemplateForRender {
  record: TemplateRecord;
  version: TemplateVersion;
  /** Names this exact version (account, template id and revision): what the workers compile it under. */
  key: string;
  /** The version's HTML with these variables (checked, defaults applied). @throws PictorError VARIABLE_INVALID… */
  fill(variables: Record<string, unknown>): Promise<string>;
}

/**
 * Fill a template: `key` names this exact definition (template id and revision), `accountId` whose turn it is.
 * The server's is `renderer.fillTemplate` (in a worker).
 */
export type TemplateFiller = (
  template: { key: string; definition: TemplateDefinition },
  variables: Record<string, unknown>,
  accountId: string,
) => Promise<string>;

export interface TemplateService {
  /**
   * The version of template `id` that account `accountId` may render now.
   * @throws ApiError NOT_FOUND (no such template, or another account's), TEMPLATE_UNAVAILABLE (status rules)
   * @throws PictorError TEMPLATE_INVALID when the stored definitions do not compile
   */
  resolve(accountId: string, id: string, useDraft: boolean): Promise<TemplateForRender>;
  /**
   * The published version of template `id` that account `accountId` may render now, or its published `revision`
   * when one is given (pinned: every published revision stays renderable while the template is published).
   * @throws ApiError NOT_FOUND, TEMPLATE_UNAVAILABLE (not published), INVALID_PARAMETER (`_v` never published)
   */
  resolvePublished(accountId: string, id: string, revision?: number): Promise<TemplateForRender>;
}

export interface TemplateServiceOptions {
  /** Characters of template contents kept in stored records (least recently used dropped first). Default 64 Mi. */
  maxRecordChars?: number;
  /** How templates are filled; default: compiled and filled on this thread (tools and tests without workers). */
  fill?: TemplateFiller;
}

/**
 * The version to render under the rules of docs/contract/decisions.md "Templates", or a 409 saying what to do.
 * `useDraft` is `'none'` where the caller has no such field (image URLs): the message then only says to publish.
 */
export function pickVersion(record: TemplateRecord, useDraft: boolean | 'none'): TemplateVersion {
  const name = JSON.stringify(record.id);
  if (useDraft === true) {
    if (record.status === 'archived') {
      throw apiError('TEMPLATE_UNAVAILABLE', `template ${name} is archived: its draft is unavailable`);
    }
    if (!record.draft) {
      throw apiError(
        'TEMPLATE_UNAVAILABLE',
        `the draft of template ${name} was discarded: save a draft again, or render with useDraft false`,
      );
    }
    return record.draft;
  }
  if (record.status === 'published' && record.published) return record.published;
  const orDraft =
    useDraft === 'none'
      ? ' (image URLs render published revisions only)'
      : ', or render the draft with useDraft true';
  const why: Record<string, string> = {
    draft: `has never been published: publish it${orDraft}`,
    unpublished: `is unpublished: publish it again${orDraft}`,
    archived: 'is archived and cannot be rendered',
  };
  throw apiError('TEMPLATE_UNAVAILABLE', `template ${name} ${why[record.status] ?? 'is not published'}`);
}

/** The engine definition of a stored version. */
export function toDefinition(version: TemplateVersion): TemplateDefinition {
  return {
    content: version.content,
    variables: version.variables,
    width: version.width,
    height: version.height,
    format: version.format,
    ...(version.quality === null ? {} : { quality: version.quality }),
    ...(version.variants ? { variants: version.variants } : {}),
  };
}

/** Create the service over a store. */
export function createTemplateService(store: Store, options: TemplateServiceOptions = {}): TemplateService {
  const fill = options.fill ?? fillOnThisThread();
  /** Stored records by template id with their row version, bounded by characters of contents. */
  const records = new LRUCache<string, { version: number; record: TemplateRecord }>({
    maxSize: options.maxRecordChars ?? 64 * 1024 * 1024,
  });

  /** Cache key of template `id` of `accountId`: ids are unique per account only. */
  const keyOf = (accountId: string, id: string) => `${accountId}\u0000${id}`;

  function forRender(accountId: string, record: TemplateRecord, version: TemplateVersion): TemplateForRender {
    const template = {
      key: `${keyOf(record.accountId, record.id)}\u0000${version.revision}`,
      definition: toDefinition(version),
    };
    return { record, version, key: template.key, fill: (variables) => fill(template, variables, accountId) };
  }

  /** Published revisions by `{accountId}\0{id}\0{revision}`: they never change once published. */
  const revisions = new LRUCache<string, TemplateVersion>({ max: 1000, maxSize: 16 * 1024 * 1024 });

  /** The current record of template `id` if `accountId` owns it (one small read when it is cached). */
  async function currentRecord(accountId: string, id: string): Promise<TemplateRecord> {
    const notFound = () => apiError('NOT_FOUND', `template ${JSON.stringify(id)} not found`);
    const stamp = await store.getTemplateStamp(accountId, id);
    if (!stamp || stamp.accountId !== accountId) throw notFound();
    const cached = records.get(keyOf(accountId, id));
    if (cached?.version === stamp.version) return cached.record;
    // Read after the stamp, so at least as new as it: a change in between only costs one more read next time.
    const stored = await store.getTemplate(accountId, id);
    if (!stored || stored.accountId !== accountId) throw notFound();
    const chars = (stored.draft?.content.length ?? 0) + (stored.published?.content.length ?? 0);
    records.set(
      keyOf(accountId, id),
      { version: stamp.version, record: stored },
      { size: Math.max(1, chars) },
    );
    return stored;
  }

  async function publishedRevision(record: TemplateRecord, revision: number): Promise<TemplateVersion> {
    const current = pickVersion(record, 'none');
    if (current.revision === revision) return current;
    const key = `${keyOf(record.accountId, record.id)}\u0000${revision}`;
    let version = revisions.get(key);
    if (!version) {
      const stored = await store.getPublishedRevision(record.accountId, record.id, revision);
      if (!stored) {
        throw apiError(
          'INVALID_PARAMETER',
          `_v: revision ${revision} of template ${JSON.stringify(record.id)} was never published or is no longer kept (only the newest published revisions are; the current one is ${current.revision})`,
        );
      }
      revisions.set(key, stored, { size: Math.max(1, stored.content.length) });
      version = stored;
    }
    return version;
  }

  return {
    async resolve(accountId, id, useDraft) {
      const record = await currentRecord(accountId, id);
      return forRender(accountId, record, pickVersion(record, useDraft));
    },
    async resolvePublished(accountId, id, revision) {
      const record = await currentRecord(accountId, id);
      const version =
        revision === undefined ? pickVersion(record, 'none') : await publishedRevision(record, revision);
      return forRender(accountId, record, version);
    },
  };
}

/** Fill on the calling thread, each revision compiled once (the content check guards against a reused revision). */
function fillOnThisThread(): TemplateFiller {
  const compiled = new LRUCache<string, CompiledTemplate>({ max: 500 });
  return async (template, variables) => {
    let hit = compiled.get(template.key);
    if (!hit || hit.definition.content !== template.definition.content) {
      hit = compileTemplate(template.definition);
      compiled.set(template.key, hit);
    }
    return hit.fill(variables);
  };
}
