export interface DrainLoopOptions {
  /** Takes one batch of the queued work and returns how many items it took: a full batch means more may be waiting. */
  drainBatch(): Promise<number>;
  batchSize: number;
  /** How often the queue is looked at without a wake-up (work committed by another instance, or left by one that died). */
  pollIntervalMs: number;
  /** How long a wake-up waits before its pass, so that the work committing meanwhile is taken in the same pass. */
  wakeDelayMs: number;
  /** The first failing pass of an outage (the work stays queued and is retried at the next poll). */
  onFailure(error: unknown): void;
  /** The first pass that succeeds after a failing one. */
  onRecovery(): void;
}

/**
 * Drains a queue table of the platform's database (records to chain, events to dispatch): one
 * pass at a time, batch after batch until one comes back short; woken when the process commits
 * new work, and polling for the rest. Closing stops it and waits for the pass under way; what is
 * still queued stays durable for the next start.
 */
export class DrainLoop {
  readonly #options: DrainLoopOptions;
  #timer: NodeJS.Timeout | undefined;
  #wakeTimer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #closed = false;
  #failing = false;

  constructor(options: DrainLoopOptions) {
    this.#options = options;
  }

  /** Starts polling, and drains what is already queued. */
  start(): void {
    this.#schedule();
    void this.pass();
  }

  /** A pass within `wakeDelayMs`; wake-ups meanwhile share it. */
  wake(): void {
    if (this.#closed || this.#wakeTimer) return;
    this.#wakeTimer = setTimeout(() => {
      this.#wakeTimer = undefined;
      void this.pass();
    }, this.#options.wakeDelayMs);
  }

  /** A pass now; one asked for during a pass runs right after it. Resolves when the pass (and the one after) is done. */
  pass(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        void this.pass();
      }
    });
    return this.#running;
  }

  /** Stops polling and waits for the pass under way. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#wakeTimer);
    await this.#running;
  }

  #schedule(): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      void this.pass();
      this.#schedule();
    }, this.#options.pollIntervalMs);
    this.#timer.unref();
  }

  async #drain(): Promise<void> {
    try {
      while (!this.#closed && (await this.#options.drainBatch()) === this.#options.batchSize);
      if (this.#failing) this.#options.onRecovery();
      this.#failing = false;
    } catch (error) {
      // Logged once per outage, not once per poll.
      if (!this.#failing) this.#options.onFailure(error);
      this.#failing = true;
    }
  }
}
