/** Random, URL-safe row ids with a short type prefix (`acc_`, `key_`, `pkg_`, `res_`, `tpl_`). */
import { randomBytes } from 'node:crypto';

/** A new id: the prefix, `_`, and 16 random bytes in base64url (22 characters). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}
