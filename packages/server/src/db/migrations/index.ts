/** The versioned migrations, in order, as an in-code provider for Kysely's Migrator. Append; never edit a released one. */
import type { Migration, MigrationProvider } from 'kysely';
import { migration001Initial } from './001-initial.js';
import { migration002UrlKeysRevisions } from './002-url-keys-revisions.js';
import { migration003SharedCounters } from './003-shared-counters.js';
import { migration004StudioSessions } from './004-studio-sessions.js';
import { migration005StudioSessionAdminToken } from './005-studio-session-admin-token.js';
import { migration006TemplateNamespaces } from './006-template-namespaces.js';
import { migration007Batches } from './007-batches.js';
import { migration008BatchItemBytes } from './008-batch-item-bytes.js';

/** Every migration by name; names sort in the order they apply. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001_initial': migration001Initial,
  '002_url_keys_revisions': migration002UrlKeysRevisions,
  '003_shared_counters': migration003SharedCounters,
  '004_studio_sessions': migration004StudioSessions,
  '005_studio_session_admin_token': migration005StudioSessionAdminToken,
  '006_template_namespaces': migration006TemplateNamespaces,
  '007_batches': migration007Batches,
  '008_batch_item_bytes': migration008BatchItemBytes,
};

/** Kysely MigrationProvider over {@link MIGRATIONS}. */
export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return { ...MIGRATIONS };
  },
};
