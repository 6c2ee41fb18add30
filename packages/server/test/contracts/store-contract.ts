/** The one contract suite every Store driver must pass (SQLite always, PostgreSQL when configured). */
import { afterEach, beforeEach, describe } from 'vitest';
import type { Store } from '../../src/db/types.js';
import { accountCases } from './store-accounts-cases.js';
import { batchCases } from './store-batches-cases.js';
import { counterCases } from './store-counters-cases.js';
import type { StoreContext, StoreHarness } from './store-fixtures.js';
import { objectCases } from './store-objects-cases.js';
import { quotaCases } from './store-quota-cases.js';
import { studioSessionCases } from './store-studio-cases.js';
import { templateCases } from './store-templates-cases.js';
import { renderClaimCases, urlKeyCases } from './store-url-keys-cases.js';

export type { StoreHarness } from './store-fixtures.js';

/** Register the contract tests for one driver. */
export function describeStoreContract(driver: string, harness: StoreHarness): void {
  describe(`Store contract: ${driver}`, () => {
    let current: Store | undefined;
    const peers: Store[] = [];
    const ctx: StoreContext = {
      get store(): Store {
        if (!current) throw new Error('no store outside a test');
        return current;
      },
      harness,
      peers,
    };

    beforeEach(async () => {
      current = await harness.open();
    });
    afterEach(async () => {
      for (const peer of peers.splice(0)) await peer.close();
      await current?.close();
      current = undefined;
      await harness.cleanup?.();
    });

    accountCases(ctx);
    quotaCases(ctx);
    templateCases(ctx);
    objectCases(ctx);
    urlKeyCases(ctx);
    renderClaimCases(ctx);
    counterCases(ctx);
    studioSessionCases(ctx);
    batchCases(ctx);
  });
}
