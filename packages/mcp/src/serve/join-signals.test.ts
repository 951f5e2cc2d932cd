import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { joinSignals } from "./join-signals.js";

describe("joinSignals", () => {
  describe("when a source fires", () => {
    it.each([0, 1])("fires with source %i's reason and lets go of both", (which) => {
      const sources = [new AbortController(), new AbortController()];
      const joined = joinSignals(sources.map((c) => c.signal));
      sources[which]?.abort(`reason ${which}`);
      expect([joined.signal.aborted, joined.signal.reason]).toEqual([true, `reason ${which}`]);
      for (const c of sources) expect(getEventListeners(c.signal, "abort")).toHaveLength(0);
    });
  });

  describe("when a source has already fired", () => {
    it("is aborted at once and adds no listener", () => {
      const live = new AbortController();
      const joined = joinSignals([live.signal, AbortSignal.abort("gone")]);
      expect([joined.signal.aborted, joined.signal.reason]).toEqual([true, "gone"]);
      expect(getEventListeners(live.signal, "abort")).toHaveLength(0);
    });
  });

  describe("when the work ends first", () => {
    it("leaves no listener on a long-lived source after many joins", () => {
      const session = new AbortController();
      for (let i = 0; i < 1000; i++) joinSignals([session.signal, new AbortController().signal]).release();
      expect(getEventListeners(session.signal, "abort")).toHaveLength(0);
      const last = joinSignals([session.signal]);
      last.release();
      last.release();
      session.abort();
      expect(last.signal.aborted).toBe(false);
    });
  });
});
