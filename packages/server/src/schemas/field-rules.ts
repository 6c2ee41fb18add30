/**
 * Rule text per field, keyed by the field path with array indexes removed (`fonts[].weight`); `''` is the body
 * itself, `#fields` lists the allowed fields. The text of a 10103 message (http/validation-message.ts).
 */
export type FieldRules = Readonly<Record<string, string>>;
