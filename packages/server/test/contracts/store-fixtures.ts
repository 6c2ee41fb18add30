/** Shared fixtures of the Store contract: the harness a driver provides, the test context, times, a draft. */
import type { Store, TemplateVersion } from '../../src/db/types.js';

export interface StoreHarness {
  /** A fresh, empty, migrated store. */
  open(): Promise<Store>;
  /** Another store on the same database (another "process"), for concurrency tests. */
  openPeer?(): Promise<Store>;
  /** Remove what `open` created. */
  cleanup?(): Promise<void>;
}

/** What every case sees: the store of the current test, the harness, and peers closed after the test. */
export interface StoreContext {
  readonly store: Store;
  readonly harness: StoreHarness;
  readonly peers: Store[];
}

export const HOUR = 3_600_000;
export const T0 = new Date('2030-01-01T00:00:00.000Z');
export const at = (ms: number): Date => new Date(T0.getTime() + ms);

export const draftV: Omit<TemplateVersion, 'revision'> = {
  content: '<div>{{title}}</div>',
  variables: { title: { type: 'string', required: true } },
  width: 600,
  height: 300,
  format: 'png',
  quality: null,
};
