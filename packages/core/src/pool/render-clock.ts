/**
 * The clock a render's time limit reads: the CPU time its worker spends on it, so the limit measures what the content
 * costs and not what the neighbours on a busy machine take. Font loading and other set-up a render asks for are left
 * out (`pause`/`resume`). Where CPU time cannot be read (not Linux), it counts wall time instead.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Linux's USER_HZ: the unit of utime and stime in /proc/…/stat (100 on every architecture Node runs on). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time in ms (user and system) from a /proc stat file: a process's (every thread of it) or one thread's; undefined
 * where it cannot be read.
 */
export function cpuMsOf(statPath: string): number | undefined {
  try {
    const stat = readFileSync(statPath, 'latin1');
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, utime 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** The stat file of a worker process (all its threads: the encoder's too, which work for its render). */
export function processStatPath(pid: number): string {
  return `/proc/${pid}/stat`;
}

/** The stat file of one thread of this process. */
export function threadStatPath(tid: number): string {
  return `/proc/self/task/${tid}/stat`;
}

/** What a clock counts: CPU time read from a stat file, or wall time where there is none. */
export type ClockKind = 'cpu' | 'wall';

/** One render's clock: CPU (or wall) time since `start`, less the paused stretches. */
export class RenderClock {
  readonly #read: () => number | undefined;
  readonly kind: ClockKind;
  #counted = 0;
  #since: number | undefined;
  /** The last reading: kept when the stat file goes away (the worker ended). */
  #last: number;

  /** `statPath`: the worker's stat file (cpuMsOf); undefined or unreadable → wall time. */
  constructor(statPath: string | undefined) {
    const first = statPath === undefined ? undefined : cpuMsOf(statPath);
    this.kind = first === undefined ? 'wall' : 'cpu';
    this.#read =
      this.kind === 'cpu' && statPath !== undefined ? () => cpuMsOf(statPath) : () => performance.now();
    this.#last = first ?? performance.now();
    this.#since = this.#last;
  }

  #now(): number {
    this.#last = this.#read() ?? this.#last;
    return this.#last;
  }

  /**
   * Stop counting (set-up the render asked for: loading fonts). `at`: the reading of this clock's stat file when the
   * set-up began, taken by the worker itself — a message from a busy worker arrives late, and the time between is
   * the set-up's, not the render's. Ignored by a wall clock (a worker's clock has another origin).
   */
  pause(at?: number): void {
    if (this.#since === undefined) return;
    const now = this.#reading(at);
    this.#counted += Math.max(0, now - this.#since);
    this.#since = undefined;
  }

  /** Count again after `pause`, from `at` (the worker's reading when the set-up ended; see `pause`). */
  resume(at?: number): void {
    this.#since ??= this.#reading(at);
  }

  #reading(at: number | undefined): number {
    return this.kind === 'cpu' && at !== undefined && Number.isFinite(at) ? at : this.#now();
  }

  /** Time counted so far, in ms. */
  usedMs(): number {
    return this.#counted + (this.#since === undefined ? 0 : Math.max(0, this.#now() - this.#since));
  }

  /** True while paused. */
  get paused(): boolean {
    return this.#since === undefined;
  }
}

/** Bounds of the interval between two looks at a running render's clock (ms). */
const LOOK_MIN_MS = 10;
const LOOK_MAX_MS = 250;

/** The limits a watched render runs under (RenderLimits). */
export interface ClockLimits {
  timeoutMs: number;
  wallTimeoutMs: number;
}

/**
 * Look at a running render's clock now and then, and call `expired` once (unless stopped first) when it has used its
 * time (`cpu`, or `clock` where that is wall time; never while paused) or its wall time whatever it used (`stuck`).
 * Looks come at most every LOOK_MAX_MS (a worker's threads can use CPU time faster than the clock runs), and as soon
 * as the rest of the limit could be spent. A look that finds the time used waits for the messages already sent (a
 * worker's pause for set-up may be queued behind it) and looks once more before it stops the render. Returns `stop`.
 */
export function watchClock(
  clock: RenderClock,
  limits: ClockLimits,
  expired: (reason: 'cpu' | 'clock' | 'stuck') => void,
): () => void {
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let confirming: NodeJS.Immediate | undefined;
  const look = (confirmed = false): void => {
    const wallLeft = limits.wallTimeoutMs - (performance.now() - startedAt);
    if (wallLeft <= 0) {
      expired('stuck');
      return;
    }
    const left = clock.paused ? Number.POSITIVE_INFINITY : limits.timeoutMs - clock.usedMs();
    if (left <= 0) {
      // Two immediates span one poll phase of the event loop, where messages already sent are handled: a pause (or
      // the result) on its way is seen first.
      if (confirmed) expired(clock.kind === 'cpu' ? 'cpu' : 'clock');
      else
        confirming = setImmediate(() => {
          confirming = setImmediate(() => look(true));
        });
      return;
    }
    timer = setTimeout(look, Math.max(LOOK_MIN_MS, Math.min(LOOK_MAX_MS, left, wallLeft)));
  };
  look();
  return () => {
    clearTimeout(timer);
    clearImmediate(confirming);
  };
}
