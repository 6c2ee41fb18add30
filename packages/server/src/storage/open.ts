/** Choose the storage driver from the config: the data dir, `file://path` or `s3://bucket/prefix`. */
import { join } from 'node:path';
import { createDiskStorage } from './disk.js';
import { importOptional } from '../optional-module.js';
import type { S3StorageOptions } from './s3.js';
import { parseS3Location } from '../s3-location.js';
import type { ObjectStorage } from './types.js';

/** The storage settings of the server config. */
export interface StorageConfig {
  dataDir: string;
  /** undefined: `{dataDir}/objects`; `file:///path`; `s3://bucket/prefix`. */
  storage: string | undefined;
  /** `PICTOR_S3_ENDPOINT`. */
  s3Endpoint: string | undefined;
  /** `AWS_REGION`. */
  s3Region?: string | undefined;
}

/**
 * Open the storage the config names; for S3, check the bucket and credentials first.
 * @throws S3StorageError (bucket missing, credentials refused, endpoint unreachable), TypeError (bad URL)
 */
export async function openObjectStorage(
  config: Readonly<StorageConfig>,
  s3: Partial<S3StorageOptions> = {},
): Promise<ObjectStorage> {
  if (config.storage === undefined) return createDiskStorage(join(config.dataDir, 'objects'));
  if (config.storage.startsWith('file://')) return createDiskStorage(new URL(config.storage).pathname);
  if (config.storage.startsWith('s3://')) {
    const location = parseS3Location(config.storage);
    // The S3 driver (and the AWS SDK, an optional dependency) is loaded only for s3:// storage.
    const { openS3Storage } = await importOptional(
      () => import('./s3.js'),
      '@aws-sdk/client-s3',
      '@aws-sdk/client-s3@3',
      'PICTOR_STORAGE (s3://…)',
    );
    return openS3Storage({
      ...location,
      ...(config.s3Endpoint === undefined ? {} : { endpoint: config.s3Endpoint }),
      ...(config.s3Region === undefined ? {} : { region: config.s3Region }),
      ...s3,
    });
  }
  throw new TypeError(
    `PICTOR_STORAGE: unsupported storage "${config.storage.split(':')[0]}:"; use s3:// or unset it`,
  );
}
