/** A wait of at most `ms` that `wake()` ends early: loops that poll the database but start at once when told. */
export class WakeTimer {
  #wake: (() => void) | undefined;
  #pending = false;

  /** Resolve after `ms`, or at the next (or an earlier unconsumed) `wake()`. */
  wait(ms: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.#wake = undefined;
        resolve();
      }
      this.#wake = done;
    });
  }

  wake(): void {
    if (this.#wake) this.#wake();
    else this.#pending = true;
  }
}
