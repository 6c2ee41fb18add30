/**
 * A batch's zip (docs/contract/decisions.md "Batches", Archive), streamed while it is read: `archiver` writes each entry as its
 * object streams out of storage, one at a time and at the reader's pace, never holding the zip whole in memory or on
 * disk. Every done item is `{id}.{ext}`; `manifest.json` is the items listing without links (written last, so it
 * says which objects were missing from storage, if any).
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { EXTENSION_OF_FORMAT } from '@pictor/core';
import type { Store } from '../db/types.js';
import type { ObjectStorage } from '../storage/types.js';
import { type ListedItem, listedItem } from './batch-service.js';

/** Items read from the database per page while writing the zip. */
const PAGE = 500;

export interface ArchiveSource {
  store: Store;
  storage: ObjectStorage;
  /** Told when writing the zip failed after it started (the response is cut short). */
  onError?: (error: unknown) => void;
}

async function writeEntries(
  archive: ZipArchive,
  batchId: string,
  source: ArchiveSource,
  signal: AbortSignal,
): Promise<void> {
  const manifest: (ListedItem & { missing?: true })[] = [];
  let afterSeq = -1;
  for (;;) {
    const page = await source.store.listBatchItems(batchId, { afterSeq, limit: PAGE });
    for (const item of page) {
      const listed: ListedItem & { missing?: true } = listedItem(item);
      if (item.status === 'done' && item.objectKey !== null && item.format !== null) {
        const object = await source.storage.get(item.objectKey);
        if (signal.aborted) {
          object?.body.destroy();
          return;
        }
        if (object) {
          // Images are compressed already: stored, not deflated again.
          archive.append(object.body, {
            name: `${item.id}.${EXTENSION_OF_FORMAT[item.format]}`,
            store: true,
          });
          await once(archive, 'entry', { signal });
        } else listed.missing = true;
      }
      manifest.push(listed);
    }
    if (page.length < PAGE) break;
    afterSeq = page[page.length - 1]!.seq;
  }
  archive.append(JSON.stringify({ items: manifest }, null, 2), { name: 'manifest.json' });
  await archive.finalize();
}

/** The zip of batch `batchId` as a stream (its entries are read while it is consumed). */
export function batchArchive(batchId: string, source: ArchiveSource): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  archive.on('error', (error) => out.destroy(error));
  archive.pipe(out);
  // The reader left: stop reading objects (the one being written is dropped with the archive).
  const gone = new AbortController();
  out.on('close', () => gone.abort());
  writeEntries(archive, batchId, source, gone.signal).catch((error: unknown) => {
    if (!gone.signal.aborted) source.onError?.(error);
    archive.abort();
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
