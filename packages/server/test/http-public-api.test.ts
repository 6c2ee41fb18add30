/** The package's public exports: a change here is a change of the public API. */
import { describe, expect, it } from 'vitest';
import * as server from '../src/index.js';

describe('@pictor/server exports', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(server).sort()).toEqual([
      'ApiError',
      'CORE_ERROR_KINDS',
      'ConfigError',
      'DEFAULT_LIMITS',
      'ERROR_KINDS',
      'SERVER_VERSION',
      'buildApp',
      'createDiskStorage',
      'createStore',
      'loadConfig',
      'openObjectStorage',
      'prepareDataDir',
      'startServer',
    ]);
  });
});
