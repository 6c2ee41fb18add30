/**
 * The order in which waiting renders get workers: one queue per tenant, served in turn (round robin), so one tenant's
 * thousand renders do not stand in front of another's one. A tenant already running its share of the workers waits
 * while any other tenant under its share has a render waiting; with nobody else waiting it may use every worker.
 */

export interface FairQueueLimits {
  /** Renders waiting in all. */
  maxQueued: number;
  /** Renders waiting per tenant. */
  maxQueuedPerTenant: number;
  /** Workers a tenant may occupy while other tenants' renders wait. */
  maxRunningPerTenant: number;
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
  #turn = 0;
  #size = 0;

  constructor(limits: FairQueueLimits) {
    this.#limits = limits;
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
   * of the workers, the one served longest ago (a newcomer first); when every waiting tenant is at its share, the
   * one served longest ago all the same, so no worker idles while renders wait.
   */
  next(): J | undefined {
    let chosen: string | undefined;
    let chosenUnder = false;
    let chosenTurn = Number.POSITIVE_INFINITY;
    for (const tenant of this.#waiting.keys()) {
      const under = (this.#running.get(tenant) ?? 0) < this.#limits.maxRunningPerTenant;
      const turn = this.#lastServed.get(tenant) ?? -1;
      if ((under && !chosenUnder) || (under === chosenUnder && turn < chosenTurn)) {
        chosen = tenant;
        chosenUnder = under;
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
