import { createToolContext } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { createSignalJoiner } from "./signal-joiner.js";

describe("createSignalJoiner", () => {
  describe("when the host gives no signal", () => {
    it("returns the session context itself", () => {
      const ctx = createToolContext({ cwd: "/tmp" });
      expect(createSignalJoiner(ctx)(undefined).ctx).toBe(ctx);
    });
  });

  describe("when either side cancels during the call", () => {
    it.each(["host", "session"] as const)("fires the joined signal with the %s's reason", (side) => {
      const session = new AbortController();
      const host = new AbortController();
      const { ctx } = createSignalJoiner(createToolContext({ cwd: "/tmp", signal: session.signal }))(
        host.signal,
      );
      expect(ctx.signal.aborted).toBe(false);
      (side === "host" ? host : session).abort(new Error(side));
      expect(ctx.signal.aborted).toBe(true);
      expect(ctx.signal.reason).toEqual(new Error(side));
    });
  });

  describe("when a side was cancelled before the call", () => {
    it("starts aborted", () => {
      const host = new AbortController();
      host.abort(new Error("early"));
      const { ctx } = createSignalJoiner(createToolContext({ cwd: "/tmp" }))(host.signal);
      expect(ctx.signal.reason).toEqual(new Error("early"));
    });
  });

  describe("when calls under one host signal overlap", () => {
    it("shares one joined context until the last call ends", () => {
      const session = new AbortController();
      const host = new AbortController();
      const joinSignal = createSignalJoiner(createToolContext({ cwd: "/tmp", signal: session.signal }));
      const first = joinSignal(host.signal);
      const second = joinSignal(host.signal);
      expect(second.ctx).toBe(first.ctx);
      first.release();
      first.release();
      host.abort(new Error("stop"));
      expect(second.ctx.signal.reason).toEqual(new Error("stop"));
    });
  });

  describe("when every call has been released", () => {
    it("no longer reacts to either side, and a later call gets a fresh context", () => {
      const session = new AbortController();
      const host = new AbortController();
      const joinSignal = createSignalJoiner(createToolContext({ cwd: "/tmp", signal: session.signal }));
      const joined = joinSignal(host.signal);
      joined.release();
      expect(joinSignal(host.signal).ctx).not.toBe(joined.ctx);
      session.abort();
      host.abort();
      expect(joined.ctx.signal.aborted).toBe(false);
    });
  });
});
