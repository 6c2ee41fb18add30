/**
 * The S3 driver: objects in an S3 bucket (or any S3-compatible store: MinIO, R2, Ceph…) under a
 * key prefix, so several stateless server nodes can share one bucket. One PutObject per write, so
 * a reader sees the old object or the new one, never a part. The SDK bounds each request with a
 * connection and a socket timeout and retries transient failures a bounded number of times.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertValidStorageKey, contentTypeOfKey } from './keys.js';
import type { S3Location } from '../s3-location.js';
import type { ObjectStorage, StoredObjectInfo } from './types.js';

/** How to reach the bucket. Credentials and region default to the usual AWS variables and files. */
export interface S3StorageOptions extends S3Location {
  /** `PICTOR_S3_ENDPOINT` for S3-compatible stores; unset: AWS S3. */
  endpoint?: string;
  /** The bucket's region (config: `AWS_REGION`, then `AWS_DEFAULT_REGION`). Default `us-east-1`. */
  region?: string;
  /** Default: the AWS SDK chain (`AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Path-style URLs (`endpoint/bucket/key`). Default: true with a custom endpoint (MinIO needs it). */
  forcePathStyle?: boolean;
  /** Time to open a connection, ms. Default 5000. */
  connectTimeoutMs?: number;
  /** Longest silence on an open socket, ms. Default 30000. */
  requestTimeoutMs?: number;
  /** Tries per request, including the first (transient errors, throttling, 5xx). Default 3. */
  maxAttempts?: number;
}

/** Why an S3 request failed, for callers that react (start-up checks, tests). */
export type S3FailureReason =
  | 'bucket-missing'
  | 'credentials'
  | 'access-denied'
  | 'region'
  | 'unreachable'
  | 'other';

/** An S3 failure whose message says what to fix; never contains credentials. */
export class S3StorageError extends Error {
  override readonly name = 'S3StorageError';
  constructor(
    message: string,
    readonly reason: S3FailureReason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(error: unknown): number | undefined {
  return (error as SdkError | null)?.$metadata?.httpStatusCode;
}

function isAbsent(error: unknown): boolean {
  const name = (error as SdkError | null)?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(error) === 404;
}

const CREDENTIAL_ERRORS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'TokenRefreshRequired',
]);
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

/** Turn an SDK error into one that names the variable or the resource to fix. */
function explain(
  error: unknown,
  action: string,
  where: string,
  bucketMissingOnNotFound: boolean,
): S3StorageError {
  const e = (error ?? {}) as SdkError;
  const name = e.name ?? '';
  const status = statusOf(error);
  const detail = `${name}${status ? ` ${status}` : ''}${e.message ? `: ${e.message}` : ''}`;
  if (name === 'NoSuchBucket' || (bucketMissingOnNotFound && status === 404)) {
    return new S3StorageError(
      `S3 ${action}: bucket ${where} does not exist; create it or fix PICTOR_STORAGE (s3://bucket/prefix) and PICTOR_S3_ENDPOINT`,
      'bucket-missing',
      { cause: error },
    );
  }
  if (name === 'CredentialsProviderError') {
    return new S3StorageError(
      `S3 ${action}: no AWS credentials found; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or an AWS profile or role)`,
      'credentials',
      { cause: error },
    );
  }
  if (CREDENTIAL_ERRORS.has(name)) {
    return new S3StorageError(
      `S3 ${action}: the credentials were refused (${name}); check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN`,
      'credentials',
      { cause: error },
    );
  }
  if (name === 'AccessDenied' || status === 403) {
    return new S3StorageError(
      `S3 ${action}: access to ${where} denied; the credentials need s3:GetObject, s3:PutObject, s3:DeleteObject and s3:ListBucket on it (${detail})`,
      'access-denied',
      { cause: error },
    );
  }
  if (name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed' || status === 301) {
    return new S3StorageError(
      `S3 ${action}: ${where} is in another region; set AWS_REGION (${detail})`,
      'region',
      {
        cause: error,
      },
    );
  }
  if (NETWORK_ERRORS.has(e.code ?? '') || name === 'TimeoutError' || name === 'RequestTimeout') {
    return new S3StorageError(
      `S3 ${action}: cannot reach the S3 endpoint for ${where} (${e.code ?? name}); check PICTOR_S3_ENDPOINT and the network`,
      'unreachable',
      { cause: error },
    );
  }
  return new S3StorageError(`S3 ${action}: ${where} failed (${detail})`, 'other', { cause: error });
}

/** The SDK client for these options: bounded timeouts and retries, path style for custom endpoints. */
function createClient(options: S3StorageOptions): S3Client {
  const custom = options.endpoint !== undefined;
  const config: S3ClientConfig = {
    region: options.region ?? 'us-east-1',
    forcePathStyle: options.forcePathStyle ?? custom,
    maxAttempts: options.maxAttempts ?? 3,
    retryMode: 'standard',
    requestHandler: {
      connectionTimeout: options.connectTimeoutMs ?? 5_000,
      requestTimeout: options.requestTimeoutMs ?? 30_000,
    },
  };
  if (custom) {
    config.endpoint = options.endpoint;
    // Many S3-compatible stores reject the SDK's default CRC trailers; send checksums only where S3 requires them.
    config.requestChecksumCalculation = 'WHEN_REQUIRED';
    config.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  if (options.credentials) config.credentials = options.credentials;
  return new S3Client(config);
}

/** S3 storage for `options` (no request is made until the first call; see `openS3Storage`). */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = createClient(options);
  const { bucket, prefix } = options;
  const objectKey = (key: string) => {
    assertValidStorageKey(key);
    return `${prefix}${key}`;
  };
  const where = (key: string) => `s3://${bucket}/${prefix}${key}`;

  return {
    async put(key: string, data: Buffer, contentType: string): Promise<void> {
      const Key = objectKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: data,
            ContentType: contentType,
            ContentLength: data.length,
          }),
        );
      } catch (error) {
        throw explain(error, 'put', where(key), true);
      }
    },

    async head(key: string): Promise<StoredObjectInfo | null> {
      const Key = objectKey(key);
      try {
        const response = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return {
          size: response.ContentLength ?? 0,
          contentType: response.ContentType ?? contentTypeOfKey(key),
        };
      } catch (error) {
        // HEAD has no body, so a missing bucket also answers 404: reported at start by `openS3Storage`.
        if (isAbsent(error)) return null;
        throw explain(error, 'head', where(key), false);
      }
    },

    async get(key: string) {
      const Key = objectKey(key);
      let response: GetObjectCommandOutput;
      try {
        response = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        if ((error as SdkError).name === 'NoSuchBucket') throw explain(error, 'get', where(key), true);
        if (isAbsent(error)) return null;
        throw explain(error, 'get', where(key), false);
      }
      const body = response.Body;
      if (!(body instanceof Readable)) {
        throw new S3StorageError(`S3 get: ${where(key)} answered without a Node stream body`, 'other');
      }
      return {
        size: response.ContentLength ?? 0,
        contentType: response.ContentType ?? contentTypeOfKey(key),
        body,
      };
    },

    async delete(key: string): Promise<void> {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        if (isAbsent(error) && (error as SdkError).name !== 'NoSuchBucket') return;
        throw explain(error, 'delete', where(key), true);
      }
    },

    async close(): Promise<void> {
      client.destroy();
    },
  };
}

/** A prefix (under the configured one) that no object key of ours can start with: object keys are hex. */
const START_CHECK_PREFIX = '.pictor-start-check/';

/**
 * S3 storage after checking that the bucket exists and the credentials are accepted, so a wrong
 * `PICTOR_STORAGE` or missing credentials stop the start instead of the first render. The check
 * lists a prefix under ours that holds no object: unlike HeadBucket its error has a body (so refused
 * credentials and a missing bucket are told apart), and it proves s3:ListBucket, without which S3
 * answers 403 instead of 404 for a missing object. An empty listing is never truncated: some
 * S3-compatible stores (s3rver 3.7) fail a truncated one, which `MaxKeys: 1` over a filled bucket is.
 * @throws S3StorageError whose message says what to fix.
 */
export async function openS3Storage(options: S3StorageOptions): Promise<ObjectStorage> {
  const client = createClient(options);
  try {
    await client.send(
      new ListObjectsV2Command({
        Bucket: options.bucket,
        Prefix: `${options.prefix}${START_CHECK_PREFIX}`,
        MaxKeys: 1,
      }),
    );
  } catch (error) {
    throw explain(error, 'start', `s3://${options.bucket}`, true);
  } finally {
    client.destroy();
  }
  return createS3Storage(options);
}
