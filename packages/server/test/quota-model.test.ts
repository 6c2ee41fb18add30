/**
 * Quota as a property: any sequence of grants, reservations, commits, releases and crash
 * recoveries (fast-check) keeps granted = remaining + held + committed, never goes below zero,
 * always takes from the package that expires first, and counts exactly the committed renders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStore } from '../src/db/index.js';

const T0 = Date.parse('2030-01-01T00:00:00Z');

type Op =
  | { kind: 'grant'; renders: number; expiresIn: number }
  | { kind: 'reserve'; hold: number }
  | { kind: 'commit'; pick: number }
  | { kind: 'release'; pick: number }
  | { kind: 'tick'; by: number }
  | { kind: 'recover' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('grant' as const),
    renders: fc.integer({ min: 0, max: 4 }),
    expiresIn: fc.integer({ min: -5, max: 30 }),
  }),
  fc.record({ kind: fc.constant('reserve' as const), hold: fc.integer({ min: 1, max: 10 }) }),
  fc.record({ kind: fc.constant('commit' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('tick' as const), by: fc.integer({ min: 1, max: 5 }) }),
  fc.constant({ kind: 'recover' as const }),
);

describe('quota model', () => {
  it('keeps its invariants under any sequence of operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
        const dir = mkdtempSync(join(tmpdir(), 'pictor-model-'));
        const store = createStore(undefined, dir);
        try {
          await store.migrate();
          const account = await store.createAccount('m');
          const packages = new Map<string, { expiresAt: number; remaining: number; granted: number }>();
          const held = new Map<string, { packageId: string; holdUntil: number }>();
          let committed = 0;
          let now = T0;
          for (const step of ops) {
            if (step.kind === 'grant') {
              const pkg = await store.grantPackage(
                account.id,
                step.renders,
                new Date(now + step.expiresIn * 1000),
              );
              packages.set(pkg.id, {
                expiresAt: Date.parse(pkg.expiresAt),
                remaining: step.renders,
                granted: step.renders,
              });
            } else if (step.kind === 'reserve') {
              const holdUntil = now + step.hold * 1000;
              const got = await store.reserveUnit(account.id, new Date(now), new Date(holdUntil));
              const eligible = [...packages.entries()]
                .filter(([, p]) => p.remaining > 0 && p.expiresAt > now)
                .sort(([ia, a], [ib, b]) => a.expiresAt - b.expiresAt || (ia < ib ? -1 : 1));
              if (eligible.length === 0) {
                expect(got).toBeNull();
              } else {
                const [expectedId, expected] = eligible[0] as [string, { remaining: number }];
                expect(got?.packageId).toBe(expectedId);
                expected.remaining--;
                held.set(got?.id as string, { packageId: expectedId, holdUntil });
              }
            } else if (step.kind === 'commit' || step.kind === 'release') {
              const ids = [...held.keys()];
              const id = ids.length ? (ids[step.pick % ids.length] as string) : 'res_missing';
              const entry = held.get(id);
              if (step.kind === 'commit') {
                await store.commitReservation(id);
                if (entry) committed++;
              } else {
                await store.releaseReservation(id);
                if (entry) (packages.get(entry.packageId) as { remaining: number }).remaining++;
              }
              held.delete(id);
            } else if (step.kind === 'tick') {
              now += step.by * 1000;
            } else {
              const released = await store.releaseExpiredReservations(new Date(now));
              let expected = 0;
              for (const [id, entry] of held) {
                if (entry.holdUntil < now) {
                  expected++;
                  held.delete(id);
                  (packages.get(entry.packageId) as { remaining: number }).remaining++;
                }
              }
              expect(released).toBe(expected);
            }
          }
          const actual = await store.listPackages(account.id);
          for (const pkg of actual) {
            expect(pkg.remaining).toBeGreaterThanOrEqual(0);
            expect(pkg.remaining).toBe(packages.get(pkg.id)?.remaining);
          }
          const granted = [...packages.values()].reduce((sum, p) => sum + p.granted, 0);
          const remaining = actual.reduce((sum, p) => sum + p.remaining, 0);
          expect(remaining + held.size + committed).toBe(granted);
          expect((await store.usage(account.id, new Date(now))).rendersDone).toBe(committed);
        } finally {
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 60 },
    );
  });
});
