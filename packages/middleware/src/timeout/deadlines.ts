/**
 * Deadlines for many calls on one timer. Entries of one limit are pushed in
 * deadline order, so each limit keeps a FIFO queue and the timer waits for
 * the earliest head: arming and clearing a timer per call cost more than the
 * call itself. The timer keeps the process alive only while a call is pending.
 */
export interface Deadline {
  readonly at: number;
  /** Cleared when the call settles; an expired or settled entry never fires again. */
  pending: boolean;
  readonly expire: () => void;
}

export class Deadlines {
  readonly #queues = new Map<number, Deadline[]>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #pending = 0;

  /** Registers `expire` to run `ms` from now unless the entry is settled first. */
  add(ms: number, expire: () => void): Deadline {
    const entry: Deadline = { at: Date.now() + ms, pending: true, expire };
    let queue = this.#queues.get(ms);
    if (queue === undefined) {
      queue = [];
      this.#queues.set(ms, queue);
    }
    queue.push(entry);
    if (this.#pending++ === 0) this.#timer?.ref?.();
    if (entry.at < this.#timerAt) this.#arm(entry.at);
    return entry;
  }

  /** Marks the entry settled; its queue drops settled heads. */
  settle(entry: Deadline, ms: number): void {
    if (!entry.pending) return;
    entry.pending = false;
    if (--this.#pending === 0) this.#timer?.unref?.();
    const queue = this.#queues.get(ms);
    if (queue === undefined) return;
    let drop = 0;
    while (drop < queue.length && !(queue[drop] as Deadline).pending) drop++;
    if (drop === queue.length) queue.length = 0;
    else if (drop > 0) queue.splice(0, drop);
  }

  #arm(at: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, at - Date.now()));
    if (this.#pending === 0) this.#timer.unref?.();
  }

  #fire(): void {
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    const due: Deadline[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const [ms, queue] of this.#queues) {
      let taken = 0;
      while (taken < queue.length) {
        const entry = queue[taken] as Deadline;
        if (entry.pending && entry.at > now) break;
        taken++;
        if (entry.pending) due.push(entry);
      }
      if (taken === queue.length) this.#queues.delete(ms);
      else {
        queue.splice(0, taken);
        next = Math.min(next, (queue[0] as Deadline).at);
      }
    }
    for (const entry of due) {
      entry.pending = false;
      this.#pending--;
      entry.expire();
    }
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next);
  }
}
