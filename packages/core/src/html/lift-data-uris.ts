/**
 * Long data: URIs lifted out of the HTML before parse5 tokenises it, and put back in the parsed tree.
 *
 * parse5's tokenizer walks attribute values one character at a time: a 55 KB avatar URI costs about 1 ms of the
 * reference card's 2.3 ms parse, while finding it with `indexOf` and checking it with one regular expression
 * costs under 0.1 ms. Only a URI that parse5 would keep verbatim as one piece of one token is lifted: it follows a
 * quote or `url(`, ends at the matching quote or `)`, and holds none of the characters parse5 could decode,
 * normalise or end a token on (`&`, `<`, `>`, quotes, white space, CR, NUL). So the restored tree is the tree
 * parse5 builds from the original source.
 */
import type { Node } from './dom.js';

/** Shorter URIs are left to parse5: lifting them would save nothing measurable. */
const MIN_LIFTED_LENGTH = 1024;
/** Any character outside the plain URI alphabet (base64, media types, percent-encoding) keeps a URI in place. */
const NOT_PLAIN = /[^\w+/=;,.:%-]/;

const QUOTE = 34;
const APOSTROPHE = 39;
const OPEN_PAREN = 40;

/** The source with long data: URIs replaced by markers, and how to put them back. */
export interface LiftedSource {
  source: string;
  /** Replace the markers in every attribute value, text and comment of a parse5 tree (in place). */
  restore(root: Node): void;
}

/** Lift the long data: URIs out of `source`; `undefined` when there is none (parse the source as it is). */
export function liftDataUris(source: string): LiftedSource | undefined {
  let at = source.indexOf('data:');
  if (at < 0) return undefined;
  const nonce = Math.random().toString(36).slice(2, 10);
  const prefix = `data:pictor-${nonce}-`;
  const uris: string[] = [];
  const parts: string[] = [];
  let copied = 0;
  while (at >= 0) {
    const before = source.charCodeAt(at - 1);
    const closer =
      before === QUOTE || before === APOSTROPHE
        ? String.fromCharCode(before)
        : before === OPEN_PAREN
          ? ')'
          : '';
    const end = closer ? source.indexOf(closer, at) : -1;
    if (end - at >= MIN_LIFTED_LENGTH && !NOT_PLAIN.test(source.slice(at, end))) {
      parts.push(source.slice(copied, at), `${prefix}${uris.length}`);
      uris.push(source.slice(at, end));
      copied = end;
      at = source.indexOf('data:', end);
    } else {
      at = source.indexOf('data:', at + 5);
    }
  }
  if (uris.length === 0) return undefined;
  parts.push(source.slice(copied));
  const marker = new RegExp(`data:pictor-${nonce}-(\\d+)`, 'g');
  const put = (value: string): string =>
    value.includes(prefix) ? value.replace(marker, (_, index: string) => uris[Number(index)] ?? '') : value;
  return { source: parts.join(''), restore: (root) => restoreTree(root, put) };
}

/** Walk a parse5 tree (template contents too) and rewrite attribute values, texts and comments. */
export function restoreTree(node: Node, put: (value: string) => string): void {
  const any = node as unknown as {
    attrs?: { value: string }[];
    value?: string;
    data?: string;
    childNodes?: Node[];
    content?: Node;
  };
  if (any.attrs) for (const attr of any.attrs) attr.value = put(attr.value);
  if (typeof any.value === 'string') any.value = put(any.value);
  if (typeof any.data === 'string') any.data = put(any.data);
  if (any.childNodes) for (const child of any.childNodes) restoreTree(child, put);
  if (any.content) restoreTree(any.content, put);
}
