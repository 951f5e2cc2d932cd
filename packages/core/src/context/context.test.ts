import { existsSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createContextKey, createToolContext } from "./context.js";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("createToolContext", () => {
  describe("when given no options", () => {
    it("fills every field with a sensible default", () => {
      const ctx = createToolContext();
      expect(ctx.cwd).toBe(process.cwd());
      expect(ctx.sessionId).toMatch(UUID_V4);
      expect(ctx.tempDir).toBe(join(tmpdir(), `toolkit-${ctx.sessionId}`));
      expect(typeof ctx.isNonInteractive).toBe("boolean");
      expect(ctx.userContext).toEqual({});
      expect(ctx.signal.aborted).toBe(false);
    });
    it("gives each context its own session id", () => {
      expect(createToolContext().sessionId).not.toBe(createToolContext().sessionId);
    });
  });
  describe("when given options", () => {
    it("makes cwd absolute and keeps the rest", () => {
      const controller = new AbortController();
      const ctx = createToolContext({
        cwd: "relative/dir",
        sessionId: "s-1",
        tempDir: "/tmp/x",
        isNonInteractive: true,
        userContext: { user: "ada" },
        signal: controller.signal,
      });
      expect(ctx.cwd).toBe(join(process.cwd(), "relative/dir"));
      expect(ctx.sessionId).toBe("s-1");
      expect(ctx.tempDir).toBe("/tmp/x");
      expect(ctx.isNonInteractive).toBe(true);
      expect(ctx.userContext).toEqual({ user: "ada" });
      controller.abort();
      expect(ctx.signal.aborted).toBe(true);
    });
    it.each([
      [{ sessionId: "../escape" }, /`sessionId` must match/],
      [{ sessionId: "" }, /`sessionId` must match/],
      [{ tempDir: "relative" }, /`tempDir` must be an absolute path, got "relative"/],
      [{ cwd: "" }, /`cwd` must be a path/],
      [{ userContext: { n: 1 } }, /`userContext.n` must be a string, got number/],
    ])("refuses %o", (options, message) => {
      expect(() => createToolContext(options as never)).toThrow(message);
    });
  });
  describe("when holding extensions", () => {
    class Counter {
      n = 0;
    }
    it("stores and finds a value by its class", () => {
      const ctx = createToolContext();
      expect(ctx.getExtension(Counter)).toBeUndefined();
      const c = new Counter();
      ctx.setExtension(c);
      expect(ctx.getExtension(Counter)).toBe(c);
    });
    it("creates a value once with getOrCreateExtension", () => {
      const ctx = createToolContext();
      const a = ctx.getOrCreateExtension(Counter, () => new Counter());
      a.n = 5;
      expect(ctx.getOrCreateExtension(Counter, () => new Counter()).n).toBe(5);
    });
    it("stores values under typed keys that compare by identity", () => {
      const ctx = createToolContext();
      const k1 = createContextKey<string>("user");
      const k2 = createContextKey<string>("user");
      ctx.set(k1, "ada");
      expect(ctx.get(k1)).toBe("ada");
      expect(ctx.get(k2)).toBeUndefined();
    });
    it("shares extensions with a context derived by withSignal", () => {
      const ctx = createToolContext();
      const controller = new AbortController();
      const child = ctx.withSignal(controller.signal);
      child.setExtension(new Counter());
      expect(ctx.getExtension(Counter)).toBeInstanceOf(Counter);
      expect(child.signal).toBe(controller.signal);
      expect(child.sessionId).toBe(ctx.sessionId);
    });
  });
  describe("when the temp dir is needed", () => {
    it("creates it once with mode 0700", async () => {
      const ctx = createToolContext();
      expect(existsSync(ctx.tempDir)).toBe(false);
      const [a, b] = await Promise.all([ctx.ensureTempDir(), ctx.ensureTempDir()]);
      expect(a).toBe(ctx.tempDir);
      expect(b).toBe(ctx.tempDir);
      expect(statSync(ctx.tempDir).mode & 0o777).toBe(0o700);
      await rm(ctx.tempDir, { recursive: true });
    });
  });
  describe("when disposed", () => {
    it("runs cleanups once, last first, and collects errors", async () => {
      const ctx = createToolContext();
      const order: string[] = [];
      ctx.onDispose(() => {
        order.push("first");
      });
      const off = ctx.onDispose(() => {
        order.push("removed");
      });
      ctx.onDispose(async () => {
        order.push("second");
        throw new Error("cleanup failed");
      });
      off();
      await expect(ctx.dispose()).rejects.toThrow("cleanup failed");
      expect(order).toEqual(["second", "first"]);
      await ctx.dispose();
      expect(order).toEqual(["second", "first"]);
    });
  });
});
