/**
 * The order in which waiting renders get workers: one queue per tenant, served in turn (the tenant served longest ago
 * first), so one tenant's thousand renders do not stand in front of another's one. A tenant running its share of the
 * workers gets no more while any other tenant is active (rendering, waiting, or done less than `activeMs` ago): the
 * rest stay free for them, so their next render starts at once instead of behind a long one. Alone, a tenant may use
 * every worker.
 */

export interface FairQueueLimits {
  /** Renders waiting in all. */
  maxQueued: number;
  /** Renders waiting per tenant. */
  maxQueuedPerTenant: number;
  /** Workers a tenant may occupy while other tenants are active. */
  maxRunningPerTenant: number;
  /** How long (ms) a tenant counts as active after its last render ended. */
  activeMs: number;
}

/** Why a render could not be queued. */
export type QueueRefusal = 'full' | 'tenant-full';

export class FairQueue<J extends { tenant: string }> {
  readonly #limits: FairQueueLimits;
  /** Waiting renders by tenant. */
  readonly #waiting = new Map<string, J[]>();
  readonly #running = new Map<string, number>();
  /** When each tenant with renders waiting or running was last served (a counter): longest-waiting goes first. */
  readonly #lastServed = new Map<string, number>();
  /** When each tenant's last render ended (clock ms), for `activeMs`. */
  readonly #lastEnded = new Map<string, number>();
  readonly #now: () => number;
  #turn = 0;
  #size = 0;

  constructor(limits: FairQueueLimits, now: () => number = () => performance.now()) {
    this.#limits = limits;
    this.#now = now;
  }

  /** True when a tenant other than `tenant` renders, waits, or finished a render less than `activeMs` ago. */
  #othersActive(tenant: string, now: number): boolean {
    for (const other of this.#running.keys()) if (other !== tenant) return true;
    for (const other of this.#waiting.keys()) if (other !== tenant) return true;
    for (const [other, ended] of this.#lastEnded) {
      if (now - ended >= this.#limits.activeMs) this.#lastEnded.delete(other);
      else if (other !== tenant) return true;
    }
    return false;
  }

  /**
   * When a render is waiting but `next` gave none (its tenant is at its share and others are active): ms until that
   * may change without any other event, so the caller can look again. undefined when nothing waits for that reason.
   */
  retryInMs(): number | undefined {
    if (this.#size === 0) return undefined;
    const now = this.#now();
    let soonest: number | undefined;
    for (const ended of this.#lastEnded.values()) {
      const left = Math.max(1, this.#limits.activeMs - (now - ended));
      soonest = soonest === undefined ? left : Math.min(soonest, left);
    }
    return soonest;
  }

  /** Renders waiting in all. */
  get size(): number {
    return this.#size;
  }

  /** Queue `job` at the end of its tenant's queue, or say why not. */
  add(job: J): QueueRefusal | undefined {
    if (this.#size >= this.#limits.maxQueued) return 'full';
    const queue = this.#waiting.get(job.tenant);
    if ((queue?.length ?? 0) >= this.#limits.maxQueuedPerTenant) return 'tenant-full';
    if (queue) queue.push(job);
    else this.#waiting.set(job.tenant, [job]);
    this.#size++;
    return undefined;
  }

  /** Take `job` out before it started (its caller left, or it waited too long); false when it is not waiting. */
  remove(job: J): boolean {
    const queue = this.#waiting.get(job.tenant);
    const index = queue ? queue.indexOf(job) : -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    if (queue.length === 0) this.#waiting.delete(job.tenant);
    this.#size--;
    return true;
  }

  /**
   * The next render to start, counted as running for its tenant until `finished`: of the tenants under their share
   * of the workers, the one served longest ago (a newcomer first); a tenant at its share only when no other tenant is
   * active. undefined when nothing may start now (see `retryInMs`).
   */
  next(): J | undefined {
    const now = this.#now();
    let chosen: string | undefined;
    let chosenTurn = Number.POSITIVE_INFINITY;
    for (const tenant of this.#waiting.keys()) {
      const under = (this.#running.get(tenant) ?? 0) < this.#limits.maxRunningPerTenant;
      if (!under && this.#othersActive(tenant, now)) continue;
      const turn = this.#lastServed.get(tenant) ?? -1;
      if (turn < chosenTurn) {
        chosen = tenant;
        chosenTurn = turn;
      }
    }
    if (chosen === undefined) return undefined;
    const queue = this.#waiting.get(chosen) as J[];
    const job = queue.shift() as J;
    if (queue.length === 0) this.#waiting.delete(chosen);
    this.#size--;
    this.#running.set(chosen, (this.#running.get(chosen) ?? 0) + 1);
    this.#lastServed.set(chosen, this.#turn++);
    return job;
  }

  /** A render of `tenant` taken by `next` has ended. */
  finished(tenant: string): void {
    this.#lastEnded.set(tenant, this.#now());
    const count = (this.#running.get(tenant) ?? 1) - 1;
    if (count <= 0) this.#running.delete(tenant);
    else this.#running.set(tenant, count);
    // A tenant with nothing waiting or running needs no place in the turn order.
    if (count <= 0 && !this.#waiting.has(tenant)) this.#lastServed.delete(tenant);
  }

  /** Take every waiting render out (shutdown), oldest tenant first. */
  takeAll(): J[] {
    const all = [...this.#waiting.values()].flat();
    this.#waiting.clear();
    this.#size = 0;
    return all;
  }
}
