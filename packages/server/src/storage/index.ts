/** Object storage: the contract, the disk driver and the key rules every driver shares. */
export { createDiskStorage } from './disk.js';
export { type StorageConfig, openObjectStorage } from './open.js';
export { createS3Storage, openS3Storage, S3StorageError, type S3StorageOptions } from './s3.js';
export { parseS3Location, type S3Location } from './s3-location.js';
export { assertValidStorageKey, contentTypeOfKey, isValidStorageKey } from './keys.js';
export type * from './types.js';
