/**
 * Object storage: the contract, the disk driver and the key rules every driver shares. The S3 driver is in `./s3.js`,
 * loaded by `openObjectStorage` only for s3:// storage (its SDK is an optional dependency).
 */
export { createDiskStorage } from './disk.js';
export { type StorageConfig, openObjectStorage } from './open.js';
export { parseS3Location, type S3Location } from '../s3-location.js';
export { assertValidStorageKey, contentTypeOfKey, isValidStorageKey } from './keys.js';
export type * from './types.js';
