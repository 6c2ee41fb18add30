/** The object storage contract for rendered images. Drivers: disk (embedded default), s3. */
import type { Readable } from 'node:stream';

export interface StoredObjectInfo {
  size: number;
  contentType: string;
}

export interface ObjectStorage {
  /** Write atomically: a reader never sees a half-written object (temp file + rename, or one PUT). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Size and type, or null when absent. */
  head(key: string): Promise<StoredObjectInfo | null>;
  /** A stream of the bytes, or null when absent. */
  get(key: string): Promise<(StoredObjectInfo & { body: Readable }) | null>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Drivers that keep objects as local files: the file of `key`. Whoever has the bytes may write it there
   * themselves — atomically, as put does (`@pictor/core/save-file`) — instead of calling put.
   */
  localPath?(key: string): string;
}
