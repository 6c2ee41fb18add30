/** Conversions between table rows and the records of the store contract. */
import type { Selectable } from 'kysely';
import type { AccountsTable, ApiKeysTable, PackagesTable, TemplatesTable } from './schema.js';
import type {
  Account,
  ApiKeyRecord,
  ResourcePackage,
  TemplateRecord,
  TemplateStatus,
  TemplateVersion,
} from './types.js';

/** Milliseconds since the epoch (a number, or a bigint text from a driver) as ISO 8601. */
export function toIso(ms: number | string): string {
  return new Date(Number(ms)).toISOString();
}

/** An ISO time or null from a nullable millisecond column. */
export function toIsoOrNull(ms: number | string | null): string | null {
  return ms === null ? null : toIso(ms);
}

export function toAccount(row: Selectable<AccountsTable>): Account {
  return { id: row.id, name: row.name, createdAt: toIso(row.created_at) };
}

export function toApiKey(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    prefix: row.prefix,
    createdAt: toIso(row.created_at),
    revokedAt: toIsoOrNull(row.revoked_at),
  };
}

export function toPackage(row: Selectable<PackagesTable>): ResourcePackage {
  return {
    id: row.id,
    accountId: row.account_id,
    renders: Number(row.renders),
    remaining: Number(row.remaining),
    expiresAt: toIso(row.expires_at),
    createdAt: toIso(row.created_at),
  };
}

/** Parse a stored TemplateVersion (JSON text). */
export function parseVersion(json: string): TemplateVersion {
  return JSON.parse(json) as TemplateVersion;
}

export function toTemplate(row: Selectable<TemplatesTable>): TemplateRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    status: row.status as TemplateStatus,
    draft: Number(row.draft_discarded) === 1 ? null : parseVersion(row.draft),
    published: row.published === null ? null : parseVersion(row.published),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
