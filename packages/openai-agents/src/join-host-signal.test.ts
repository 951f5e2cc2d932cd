import { createToolContext } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { joinHostSignal } from "./join-host-signal.js";

describe("joinHostSignal", () => {
  describe("when the host gives no signal", () => {
    it("returns the session context itself", () => {
      const ctx = createToolContext({ cwd: "/tmp" });
      expect(joinHostSignal(ctx, undefined).ctx).toBe(ctx);
    });
  });

  describe("when either side cancels during the call", () => {
    it.each(["host", "session"] as const)("fires the joined signal with the %s's reason", (side) => {
      const session = new AbortController();
      const host = new AbortController();
      const { ctx } = joinHostSignal(createToolContext({ cwd: "/tmp", signal: session.signal }), host.signal);
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
      const { ctx } = joinHostSignal(createToolContext({ cwd: "/tmp" }), host.signal);
      expect(ctx.signal.reason).toEqual(new Error("early"));
    });
  });

  describe("when the call has been released", () => {
    it("no longer reacts to either side", () => {
      const session = new AbortController();
      const host = new AbortController();
      const joined = joinHostSignal(createToolContext({ cwd: "/tmp", signal: session.signal }), host.signal);
      joined.release();
      session.abort();
      host.abort();
      expect(joined.ctx.signal.aborted).toBe(false);
    });
  });
});
