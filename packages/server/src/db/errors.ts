/** Errors the store raises for callers to map: a conflicting write, or a reference to a row that does not exist. */

export type StoreErrorKind = 'conflict' | 'not-found';

/**
 * A write the store refused: `conflict` (duplicate id, publishing a discarded draft) or
 * `not-found` (the account referenced does not exist). The message says what to fix.
 */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly kind: StoreErrorKind;

  constructor(kind: StoreErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** True for a UNIQUE or PRIMARY KEY violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** True for a FOREIGN KEY violation on SQLite or PostgreSQL. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
