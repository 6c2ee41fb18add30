/**
 * Public API of the Pictor server: build the app (with its store and storage), start the server, configuration
 * and error codes.
 */
export { type AppDeps, buildApp, type PictorApp } from './app.js';
export {
  ConfigError,
  type ConfigOverrides,
  DEFAULT_LIMITS,
  loadConfig,
  type ServerConfig,
  type ServerLimits,
} from './config.js';
export { prepareDataDir, type ResolvedSecrets } from './data-dir.js';
export { ApiError, CORE_ERROR_KINDS, type Envelope, ERROR_KINDS, type ErrorKindName } from './errors.js';
export { type RunningServer, type StartOptions, startServer } from './server.js';
export { createDiskStorage, openObjectStorage } from './storage/index.js';
export type { ObjectStorage } from './storage/types.js';
export { createStore } from './db/index.js';
export type { Store } from './db/types.js';
export { SERVER_VERSION } from './version.js';
