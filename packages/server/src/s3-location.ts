/** Parse `PICTOR_STORAGE=s3://bucket/prefix` into a bucket and a key prefix (read by the config and the S3 driver). */

/** Where objects live in S3: every key is stored as `{prefix}{key}`. */
export interface S3Location {
  bucket: string;
  /** Empty, or path segments ending with `/` (`renders/prod/`). */
  prefix: string;
}

/** S3 bucket naming rules: 3-63 characters of a-z 0-9 . -, starting and ending with a letter or digit. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** One prefix segment: no empty, `.` or `..` segments, only URL-safe characters. */
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/**
 * Split `s3://bucket/prefix/path` into `{ bucket, prefix: 'prefix/path/' }`.
 * @throws TypeError naming the rule that is broken.
 * @example parseS3Location('s3://pictor/renders') // { bucket: 'pictor', prefix: 'renders/' }
 */
export function parseS3Location(url: string): S3Location {
  const match = /^s3:\/\/([^/?#]*)(\/[^?#]*)?$/.exec(url);
  if (!match) throw new TypeError(`must look like s3://bucket or s3://bucket/prefix, got "${url}"`);
  const bucket = match[1] ?? '';
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    throw new TypeError(
      `bucket "${bucket}" is not a valid S3 bucket name (3-63 characters of a-z 0-9 . -), in "${url}"`,
    );
  }
  const segments = (match[2] ?? '').split('/').filter((segment) => segment !== '');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') {
      throw new TypeError(`prefix segment "${segment}" must be A-Z a-z 0-9 _ . - (not . or ..), in "${url}"`);
    }
  }
  return { bucket, prefix: segments.length === 0 ? '' : `${segments.join('/')}/` };
}
