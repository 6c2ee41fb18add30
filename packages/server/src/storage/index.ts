/** Object storage: the contract, the disk driver and the key rules every driver shares. */
export { createDiskStorage } from './disk.js';
export { assertValidStorageKey, contentTypeOfKey, isValidStorageKey } from './keys.js';
export type * from './types.js';
