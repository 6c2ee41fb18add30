/**
 * The error table: every row of docs/contract/decisions.md "Error codes" is present with its status; every engine
 * code maps to exactly one row.
 */
import { ERROR_CODES, PictorError } from '@pictor/core';
import { describe, expect, it } from 'vitest';
import { ApiError, CORE_ERROR_KINDS, ERROR_KINDS, fromPictorError, toApiError } from '../src/errors.js';
import { NoResourcePackageError } from '../src/errors.js';
import { StoreError } from '../src/db/errors.js';

/** docs/contract/decisions.md "Error codes", code → HTTP status (0 → 200 is the success envelope). */
const CONTRACT_TABLE: Record<number, number> = {
  10103: 400,
  10104: 401,
  10105: 404,
  10106: 409,
  10107: 413,
  10108: 429,
  10109: 403,
  20105: 403,
  30101: 403,
  50000: 500,
};

describe('error table', () => {
  it('has every code of the contract with its HTTP status', () => {
    for (const [code, status] of Object.entries(CONTRACT_TABLE)) {
      const rows = Object.values(ERROR_KINDS).filter((k) => k.code === Number(code));
      expect(rows.length, code).toBeGreaterThan(0);
      expect(rows.map((r) => r.status)).toContain(status);
    }
  });

  it('uses no code outside the contract, and each (code, status) pair once', () => {
    const pairs = Object.values(ERROR_KINDS).map((k) => `${k.code}/${k.status}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const kind of Object.values(ERROR_KINDS)) {
      expect(Object.keys(CONTRACT_TABLE)).toContain(String(kind.code));
      expect(kind.meaning.length).toBeGreaterThan(10);
      // Only the 50000 family may use a status other than the table's (503 when overloaded), and 10103 answers 414
      // for an image URL over the length limit (docs/api.md "The envelope"; the contract's table has only 400).
      if (kind.code === 50000) expect(kind.status).toBeGreaterThanOrEqual(500);
      else if (kind === ERROR_KINDS.URL_TOO_LONG) expect([kind.code, kind.status]).toEqual([10103, 414]);
      else expect(kind.status).toBe(CONTRACT_TABLE[kind.code]);
    }
  });

  it('maps every engine error code to exactly one row', () => {
    expect(Object.keys(CORE_ERROR_KINDS).sort()).toEqual([...ERROR_CODES].sort());
    const expected: Record<string, [number, number]> = {
      INVALID_INPUT: [400, 10103],
      VARIABLE_INVALID: [400, 10103],
      TEMPLATE_INVALID: [400, 10103],
      FONT_ERROR: [403, 20105],
      FETCH_ERROR: [403, 20105],
      RENDER_TIMEOUT: [403, 20105],
      RENDER_FAILED: [403, 20105],
      SAVE_FAILED: [500, 50000],
      OVERLOADED: [503, 50000],
      TENANT_BUSY: [429, 10108],
      ABORTED: [503, 50000],
      CLOSED: [503, 50000],
    };
    for (const code of ERROR_CODES) {
      const mapped = fromPictorError(new PictorError(code, `engine says ${code}`));
      expect([mapped.statusCode, mapped.code], code).toEqual(expected[code]);
    }
  });

  it('keeps the engine message for 400 and 20105, never for 5xx', () => {
    expect(
      fromPictorError(new PictorError('VARIABLE_INVALID', 'variables.title: must be string')).message,
    ).toBe('variables.title: must be string');
    expect(
      fromPictorError(new PictorError('RENDER_TIMEOUT', 'render took longer than 10000 ms')).message,
    ).toBe('image generation failed: render took longer than 10000 ms');
    const overloaded = fromPictorError(new PictorError('OVERLOADED', 'queue of 1000 full at /internal/path'));
    expect(overloaded.message).not.toContain('/internal');
    expect(overloaded.headers['retry-after']).toBe('1');
    expect(fromPictorError(new PictorError('CLOSED', 'pool closed in worker 3')).message).not.toContain(
      'worker',
    );
  });

  it('maps quota and store errors, and leaves unknown errors to the 500 handler', () => {
    expect(toApiError(new NoResourcePackageError('a'))?.code).toBe(30101);
    expect(toApiError(new StoreError('not-found', 'x'))?.statusCode).toBe(404);
    expect(toApiError(new StoreError('conflict', 'x'))?.statusCode).toBe(409);
    expect(toApiError(new Error('boom'))).toBeNull();
    // A disk fault in the render worker is a server fault like any other: logged, answered with the request id.
    expect(toApiError(new PictorError('SAVE_FAILED', 'saveTo: could not write /var/x: ENOSPC'))).toBeNull();
    const serialized = { name: 'PictorError', code: 'FETCH_ERROR', message: 'image http://x failed' };
    expect(toApiError(serialized)?.code).toBe(20105);
    expect(new ApiError('RATE_LIMITED', 'x').toEnvelope()).toEqual({ code: 10108, message: 'x' });
  });
});
