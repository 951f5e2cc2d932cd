import type { ToolContext } from "@toolkit/core";
import type { Message } from "../model/messages.js";

/**
 * The files side of `BareLoop.rewind`: something that can put the
 * workspace back as it was before some turns changed it.
 * `@toolkit/checkpoint`'s `withCheckpoints` layer is one.
 */
export interface RewindableFiles {
  /**
   * Puts the files back as they were before the first of `turns` changed
   * them (nothing to do when none of them did), clearing `ctx`'s
   * read-before-write records of restored files. Rejects when it cannot.
   */
  restoreBefore(turns: readonly number[], ctx: ToolContext): Promise<unknown>;
}

/**
 * The conversation a loop keeps across runs when `keepConversation` is on,
 * and where each of its turns ends: turns are numbered across runs (the
 * second run's first turn follows the first run's last), so a turn number
 * names one model request of the conversation.
 */
export class KeptConversation {
  #messages: readonly Message[] = [];
  /** Turn number → message count at the end of that turn, in conversation order. */
  #ends = new Map<number, number>();
  #nextTurn = 1;

  /** The messages so far (a copy). */
  messages(): Message[] {
    return this.#messages.slice();
  }

  /** The turn numbers of the conversation, oldest first. */
  turns(): number[] {
    return [...this.#ends.keys()];
  }

  /** The number the next run's first turn gets. */
  get nextTurn(): number {
    return this.#nextTurn;
  }

  /** An observer of one run that notes where each of its turns ends (the last one ends with the run). */
  tracker(): { onTurnStart(event: { turn: number; messages: readonly Message[] }): void } {
    const ends = this.#ends;
    let previous: number | undefined;
    return {
      onTurnStart({ turn, messages }) {
        if (previous !== undefined) ends.set(previous, messages.length);
        previous = turn;
      },
    };
  }

  /** Settles a run: its messages become the conversation, its last turn ends with them. */
  finish(messages: readonly Message[], lastTurn: number): void {
    this.#ends.set(lastTurn, messages.length);
    this.#messages = messages.slice();
    this.#nextTurn = Math.max(this.#nextTurn, lastTurn + 1);
  }

  /** A run that failed keeps the conversation as it was; its turn numbers are not given out again. */
  fail(turnsUsed: number, firstTurn: number): void {
    for (const turn of [...this.#ends.keys()]) if (turn >= firstTurn) this.#ends.delete(turn);
    this.#nextTurn = Math.max(this.#nextTurn, firstTurn + turnsUsed);
  }

  /**
   * The turns after `toTurn` and the message count to cut the conversation
   * to. Throws a RangeError naming `toTurn` when it is not a turn of the
   * conversation (or 0, before the first).
   */
  plan(toTurn: number): { later: number[]; keep: number } {
    if (!Number.isSafeInteger(toTurn) || toTurn < 0 || (toTurn !== 0 && !this.#ends.has(toTurn))) {
      const known = this.turns();
      throw new RangeError(
        `BareLoop.rewind: \`toTurn\` must be 0 or a turn of the kept conversation (${known.length ? known.join(", ") : "none yet"}), got ${JSON.stringify(toTurn)}`,
      );
    }
    const later = this.turns().filter((turn) => turn > toTurn);
    return { later, keep: toTurn === 0 ? 0 : (this.#ends.get(toTurn) as number) };
  }

  /** Cuts the conversation after `toTurn` (the plan's `keep` messages). */
  truncate(toTurn: number, keep: number): void {
    this.#messages = this.#messages.slice(0, keep);
    for (const turn of [...this.#ends.keys()]) if (turn > toTurn) this.#ends.delete(turn);
  }
}
