/** The studio API (`/studio/api`): JSON in the service's envelope; every change carries the session's CSRF token. */

import type { ImageFormat, VariableDefinition } from '@pictor/core';
import type {
  TemplateRecord as StoredTemplate,
  TemplateStatus,
  TemplateVersion,
} from '../../src/db/types.js';
import type { Preview } from '../../src/studio/preview-types.js';

export type { ImageFormat, Preview, TemplateStatus, TemplateVersion, VariableDefinition };

/** A template as `GET /studio/api/templates/:id` answers it: the stored record and its published revisions. */
export interface TemplateRecord extends StoredTemplate {
  revisions?: { revision: number; publishedAt: string }[];
}

export interface TemplateSummary {
  id: string;
  accountId: string;
  name: string;
  status: TemplateStatus;
  hasDraft: boolean;
  draftRevision: number | null;
  publishedRevision: number | null;
  bytes: number;
  width: number | null;
  height: number | null;
  format: ImageFormat | null;
  updatedAt: string;
}

export interface Identity {
  kind: 'account' | 'admin';
  accountId: string | null;
  accountName: string | null;
  csrfToken: string;
  idleSeconds: number;
  /** The largest width or height the server takes (`PICTOR_MAX_DIMENSION`). */
  maxDimension: number;
}

export interface Snippets {
  curl: string;
  node: string;
  imageUrl: string | null;
  imageUrlNote: string;
}

/** The API path of a template (and `suffix`): ids are unique per account, so its account goes along. */
export function templatePath(record: { id: string; accountId: string }, suffix = ''): string {
  return `/templates/${encodeURIComponent(record.id)}${suffix}?accountId=${encodeURIComponent(record.accountId)}`;
}

/** A refused request: the envelope's code and message, and where the problem is when the engine can tell. */
export class StudioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly problem: { field?: string; rule?: string; line?: number } = {},
  ) {
    super(message);
  }
}

let csrfToken = '';
/** Remember the session's CSRF token (after sign-in or on load). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when a request finds the session gone (401). */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

/** One API call; resolves to `data`, rejects with a StudioError. */
export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const response = await fetch(`/studio/api${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    credentials: 'same-origin',
    signal: signal ?? null,
  });
  let envelope: { code: number; message: string; data?: unknown };
  try {
    envelope = await response.json();
  } catch {
    throw new StudioError(response.status, -1, `the server answered ${response.status} without a message`);
  }
  if (!response.ok || envelope.code !== 0) {
    if (response.status === 401 && !path.startsWith('/session')) onSignedOut();
    throw new StudioError(
      response.status,
      envelope.code,
      envelope.message,
      (envelope.data ?? {}) as StudioError['problem'],
    );
  }
  return envelope.data as T;
}
