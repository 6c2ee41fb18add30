/** Template administration: create, edit the draft, change status, each checked before it is stored. */
import { compileTemplate, type ImageFormat, markupLength, type TemplateDefinition } from '@pictor/core';
import { MAX_CONTENT_LENGTH, type ServerLimits } from '../config.js';
import { apiError } from '../errors.js';
import type { Store, TemplateRecord, TemplateVersion } from '../db/types.js';
import type { CreateTemplateBody, DraftBody } from '../schemas/admin.js';
import { toDefinition } from './template-service.js';

/** Body of `POST /admin/v1/templates` (its JSON Schema's type). */
export type CreateTemplateInput = CreateTemplateBody;

/** Body of `PUT /admin/v1/templates/{id}/draft` (its JSON Schema's type). */
export type DraftInput = DraftBody;

/** Default output format of a template created without one. */
export const DEFAULT_TEMPLATE_FORMAT: ImageFormat = 'webp';

/**
 * Which template a call means. Ids are unique per account: `accountId` says whose; without it (admin calls only) the
 * id must be used by one account alone.
 */
export interface TemplateRef {
  id: string;
  accountId?: string;
}

export interface TemplateAdmin {
  /** @throws ApiError TEMPLATE_UNAVAILABLE (the account has this id already, or as many templates as allowed) */
  create(input: CreateTemplateInput): Promise<TemplateRecord>;
  updateDraft(ref: TemplateRef, patch: DraftInput): Promise<TemplateRecord>;
  discardDraft(ref: TemplateRef): Promise<TemplateRecord>;
  /** Publish the draft; only the newest `maxRevisionsPerTemplate` published revisions are kept. */
  publish(ref: TemplateRef): Promise<TemplateRecord>;
  setStatus(ref: TemplateRef, status: 'unpublished' | 'archived'): Promise<TemplateRecord>;
  /** @throws ApiError NOT_FOUND, INVALID_PARAMETER (no `accountId` and the id is used by several accounts) */
  get(ref: TemplateRef): Promise<TemplateRecord>;
  /** The template, or null when there is none. @throws ApiError INVALID_PARAMETER as `get` */
  find(ref: TemplateRef): Promise<TemplateRecord | null>;
  list(accountId?: string): Promise<TemplateRecord[]>;
}

/** The fields of a version, with the defaults of those left out: no definitions, the default format and quality. */
function withDefaults(
  fields: Pick<TemplateVersion, 'content' | 'width' | 'height'> &
    Partial<Pick<TemplateVersion, 'variables' | 'format' | 'quality' | 'variants'>>,
): Omit<TemplateVersion, 'revision'> {
  return {
    content: fields.content,
    variables: fields.variables ?? {},
    width: fields.width,
    height: fields.height,
    format: fields.format ?? DEFAULT_TEMPLATE_FORMAT,
    quality: fields.quality ?? null,
    ...(fields.variants && Object.keys(fields.variants).length > 0 ? { variants: fields.variants } : {}),
  };
}

/** True when two versions would render the same: content, definitions, size, format and quality (not the revision). */
function sameVersion(a: Omit<TemplateVersion, 'revision'>, b: Omit<TemplateVersion, 'revision'>): boolean {
  return (
    a.content === b.content &&
    JSON.stringify(a.variables) === JSON.stringify(b.variables) &&
    a.width === b.width &&
    a.height === b.height &&
    a.format === b.format &&
    a.quality === b.quality &&
    JSON.stringify(a.variants ?? {}) === JSON.stringify(b.variants ?? {})
  );
}

function notFound(id: string): never {
  throw apiError('NOT_FOUND', `template ${JSON.stringify(id)} not found`);
}

/**
 * Check a template definition compiles, on behalf of an account (whose turn it is where the check runs). The
 * server's runs in a render worker (`renderer.checkTemplate`): compiling a large template takes a second, which must
 * not be the event loop's.
 */
export type TemplateChecker = (definition: TemplateDefinition, accountId: string) => Promise<void>;

/** Compile on this thread: for the CLI, which has no event loop to protect. */
export const checkOnThisThread: TemplateChecker = async (definition) => {
  compileTemplate(definition);
};

/**
 * Check a version against the limits (here) and compile it (with `check`): a broken template is refused before it is
 * stored or previewed.
 * @throws ApiError INVALID_PARAMETER (content over the render content limit, too many definitions, too many
 * pixels), PictorError TEMPLATE_INVALID
 */
export async function checkVersion(
  version: Omit<TemplateVersion, 'revision'>,
  limits: ServerLimits,
  check: TemplateChecker,
  accountId: string,
): Promise<void> {
  checkVersionLimits(version, limits);
  await check(toDefinition({ ...version, revision: 0 }), accountId);
}

/** The limits of a version that need no compiling. @throws ApiError INVALID_PARAMETER */
export function checkVersionLimits(version: Omit<TemplateVersion, 'revision'>, limits: ServerLimits): void {
  // Counted as the engine counts it (UTF-16 code units of markup): a saved template is one a render accepts.
  const length = markupLength(version.content);
  if (length > MAX_CONTENT_LENGTH) {
    throw apiError(
      'INVALID_PARAMETER',
      `content: must be at most ${MAX_CONTENT_LENGTH} characters (the render content limit; inlined data: pictures and fonts not counted), got ${length}`,
    );
  }
  const count = Object.keys(version.variables).length;
  if (count > limits.maxTemplateVariables) {
    throw apiError(
      'INVALID_PARAMETER',
      `variables: must have at most ${limits.maxTemplateVariables} definitions`,
    );
  }
  if (version.width * version.height > limits.maxPixels) {
    throw apiError('INVALID_PARAMETER', `width × height: must be at most ${limits.maxPixels} pixels`);
  }
  for (const [name, size] of Object.entries(version.variants ?? {})) {
    if (size.width * size.height > limits.maxPixels) {
      throw apiError(
        'INVALID_PARAMETER',
        `variants.${name}: width × height must be at most ${limits.maxPixels} pixels`,
      );
    }
  }
}

/** Create the service. */
export function createTemplateAdmin(
  store: Store,
  limits: ServerLimits,
  check: TemplateChecker = checkOnThisThread,
): TemplateAdmin {
  async function find(ref: TemplateRef): Promise<TemplateRecord | null> {
    if (ref.accountId !== undefined) return store.getTemplate(ref.accountId, ref.id);
    const found = await store.findTemplates(ref.id);
    if (found.length > 1) {
      const accounts = found.map((t) => t.accountId).join(', ');
      throw apiError(
        'INVALID_PARAMETER',
        `accountId: is required, template id ${JSON.stringify(ref.id)} is used by ${found.length} accounts (${accounts}); add ?accountId= to say whose`,
      );
    }
    return found[0] ?? null;
  }
  /** The account and id of an existing template. */
  async function locate(
    ref: TemplateRef,
  ): Promise<{ accountId: string; id: string; record: TemplateRecord }> {
    const record = (await find(ref)) ?? notFound(ref.id);
    return { accountId: record.accountId, id: record.id, record };
  }

  return {
    async create(input) {
      if (!(await store.getAccount(input.accountId))) {
        throw apiError('NOT_FOUND', `accountId: account ${JSON.stringify(input.accountId)} not found`);
      }
      const draft = withDefaults(input);
      await checkVersion(draft, limits, check, input.accountId);
      // Ids are the account's own: only its own templates can make one taken.
      if (input.id !== undefined && (await store.getTemplate(input.accountId, input.id))) {
        throw apiError(
          'TEMPLATE_UNAVAILABLE',
          `id: this account already has a template ${JSON.stringify(input.id)}; choose another id, or edit its draft`,
        );
      }
      if ((await store.countTemplates(input.accountId)) >= limits.maxTemplatesPerAccount) {
        throw apiError(
          'TEMPLATE_UNAVAILABLE',
          `templates: this account has ${limits.maxTemplatesPerAccount} templates, the most allowed (PICTOR_MAX_TEMPLATES_PER_ACCOUNT); edit an existing template instead`,
        );
      }
      return store.createTemplate({ id: input.id, accountId: input.accountId, name: input.name, draft });
    },
    async updateDraft(ref, patch) {
      const { accountId, id, record: current } = await locate(ref);
      const base = current.draft ?? current.published;
      const merged = { ...(base ?? {}), ...patch } as Partial<TemplateVersion>;
      if (merged.content === undefined || merged.width === undefined || merged.height === undefined) {
        throw apiError(
          'INVALID_PARAMETER',
          'content, width and height: are required when the template has no draft',
        );
      }
      const next = withDefaults({
        ...merged,
        content: merged.content,
        width: merged.width,
        height: merged.height,
      });
      await checkVersion(next, limits, check, current.accountId);
      // Saving what the draft already holds changes nothing: no new revision.
      if (current.draft && sameVersion(next, current.draft)) return current;
      return (await store.updateDraft(accountId, id, patch)) ?? notFound(id);
    },
    async discardDraft(ref) {
      const { accountId, id } = await locate(ref);
      return (await store.discardDraft(accountId, id)) ?? notFound(id);
    },
    async publish(ref) {
      const { accountId, id, record: current } = await locate(ref);
      if (!current.draft) {
        throw apiError(
          'TEMPLATE_UNAVAILABLE',
          `template ${JSON.stringify(id)} has no draft to publish: save a draft first`,
        );
      }
      // Publishing again what is live changes nothing: no new published revision.
      if (
        current.status === 'published' &&
        current.published &&
        sameVersion(current.draft, current.published)
      ) {
        return current;
      }
      return (await store.publishTemplate(accountId, id, limits.maxRevisionsPerTemplate)) ?? notFound(id);
    },
    async setStatus(ref, status) {
      const { accountId, id } = await locate(ref);
      return (await store.setTemplateStatus(accountId, id, status)) ?? notFound(id);
    },
    async get(ref) {
      return (await locate(ref)).record;
    },
    find,
    list: (accountId) => store.listTemplates(accountId),
  };
}
