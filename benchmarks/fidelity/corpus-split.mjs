/**
 * How corpus cases are split and grouped for reporting: the held-out rule of the `wider` corpus (fixed before any
 * scoring, see wider/README.md) and the kind of document a case is (cards, e-mails, framework pages, documents).
 */
import { createHash } from 'node:crypto';

/** Held out (never tuned against): the first 4 bytes of SHA-256(name), big-endian, are 0 or 1 modulo 5. */
export function isHeldOut(name) {
  return createHash('sha256').update(name).digest().readUInt32BE(0) % 5 < 2;
}

/** The kind a case is reported under: its case.json `group`, else one derived from its `kind` text. */
export function groupOf(meta) {
  if (meta.group) return meta.group;
  const kind = meta.kind ?? '';
  if (/e-mail/i.test(kind)) return 'e-mail';
  if (/card|component/i.test(kind)) return 'card';
  if (/framework|bootstrap|bulma|pico/i.test(kind)) return 'framework page';
  return 'document';
}
