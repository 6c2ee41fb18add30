/** Template administration: create, edit the draft, change status, each checked before it is stored. */
import {
  compileTemplate,
  type ImageFormat,
  type TemplateDefinition,
  type VariableDefinition,
} from '@pictor/core';
import type { ServerLimits } from '../config.js';
import { apiError } from '../errors.js';
import type { DraftPatch, Store, TemplateRecord, TemplateVersion } from '../db/types.js';
import { toDefinition } from './template-service.js';

/** Body of `POST /admin/v1/templates`. */
export interface CreateTemplateInput {
  accountId: string;
  id?: string;
  name: string;
  content: string;
  variables?: Record<string, VariableDefinition>;
  width: number;
  height: number;
  format?: ImageFormat;
  quality?: number | null;
}

/** Body of `PUT /admin/v1/templates/{id}/draft`. */
export type DraftInput = DraftPatch;

/** Default output format of a template created without one. */
export const DEFAULT_TEMPLATE_FORMAT: ImageFormat = 'webp';

export interface TemplateAdmin {
  create(input: CreateTemplateInput): Promise<TemplateRecord>;
  updateDraft(id: string, patch: DraftInput): Promise<TemplateRecord>;
  discardDraft(id: string): Promise<TemplateRecord>;
  publish(id: string): Promise<TemplateRecord>;
  setStatus(id: string, status: 'unpublished' | 'archived'): Promise<TemplateRecord>;
  get(id: string): Promise<TemplateRecord>;
  list(accountId?: string): Promise<TemplateRecord[]>;
}

/** The fields of a version, with the defaults of those left out: no definitions, the default format and quality. */
function withDefaults(
  fields: Pick<TemplateVersion, 'content' | 'width' | 'height'> &
    Partial<Pick<TemplateVersion, 'variables' | 'format' | 'quality'>>,
): Omit<TemplateVersion, 'revision'> {
  return {
    content: fields.content,
    variables: fields.variables ?? {},
    width: fields.width,
    height: fields.height,
    format: fields.format ?? DEFAULT_TEMPLATE_FORMAT,
    quality: fields.quality ?? null,
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
    a.quality === b.quality
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
 * @throws ApiError INVALID_PARAMETER (too many definitions, too many pixels), PictorError TEMPLATE_INVALID
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
}

/** Create the service. */
export function createTemplateAdmin(
  store: Store,
  limits: ServerLimits,
  check: TemplateChecker = checkOnThisThread,
): TemplateAdmin {
  return {
    async create(input) {
      if (!(await store.getAccount(input.accountId))) {
        throw apiError('NOT_FOUND', `accountId: account ${JSON.stringify(input.accountId)} not found`);
      }
      const draft = withDefaults(input);
      await checkVersion(draft, limits, check, input.accountId);
      if (input.id !== undefined && (await store.getTemplate(input.id))) {
        throw apiError('TEMPLATE_UNAVAILABLE', `id: template ${JSON.stringify(input.id)} already exists`);
      }
      return store.createTemplate({ id: input.id, accountId: input.accountId, name: input.name, draft });
    },
    async updateDraft(id, patch) {
      const current = (await store.getTemplate(id)) ?? notFound(id);
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
      return (await store.updateDraft(id, patch)) ?? notFound(id);
    },
    async discardDraft(id) {
      return (await store.discardDraft(id)) ?? notFound(id);
    },
    async publish(id) {
      const current = (await store.getTemplate(id)) ?? notFound(id);
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
      return (await store.publishTemplate(id)) ?? notFound(id);
    },
    async setStatus(id, status) {
      return (await store.setTemplateStatus(id, status)) ?? notFound(id);
    },
    async get(id) {
      return (await store.getTemplate(id)) ?? notFound(id);
    },
    list: (accountId) => store.listTemplates(accountId),
  };
}
