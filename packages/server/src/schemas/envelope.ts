/** Response schemas of the envelope, shared by every route (and the OpenAPI document). */

/** `{code, message}` of a failure. */
export const errorEnvelope = {
  type: 'object',
  description: 'Failure: code is non-zero (see the error table), message says what to fix',
  properties: { code: { type: 'integer' }, message: { type: 'string' } },
  required: ['code', 'message'],
};

/** `{code: 0, message, data}` with `data` as given. */
export function successEnvelope(data: Record<string, unknown>, description = 'Success: code 0') {
  return {
    type: 'object',
    description,
    properties: { code: { type: 'integer', enum: [0] }, message: { type: 'string' }, data },
    required: ['code', 'message', 'data'],
  };
}

/** The envelope of a success, as sent. */
export function success<T>(data: T): { code: 0; message: string; data: T } {
  return { code: 0, message: 'success', data };
}

/** Response schemas: the success envelope for 200 and the failure envelope for every other status. */
export function responses(data: Record<string, unknown>, description?: string) {
  return { 200: successEnvelope(data, description), '4xx': errorEnvelope, '5xx': errorEnvelope };
}
