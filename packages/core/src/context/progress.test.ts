import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToolContext } from "./context.js";
import {
  createProgressChannel,
  PROGRESS_MESSAGE_MAX,
  PROGRESS_OUTPUT_MAX,
  sanitizeProgress,
  type ToolProgress,
} from "./progress.js";

describe("sanitizeProgress", () => {
  it("keeps the fields of the right shape and drops the rest", () => {
    expect(
      sanitizeProgress({ message: "a\nb\r\nc", progress: 3, total: 9, output: "x\n", extra: 1 }),
    ).toEqual({
      message: "a b c",
      progress: 3,
      total: 9,
      output: "x\n",
    });
    expect(sanitizeProgress({ progress: -1, total: 0, message: 7, output: "" })).toBeUndefined();
    expect(sanitizeProgress({ progress: Number.NaN, total: Number.POSITIVE_INFINITY })).toBeUndefined();
    expect(sanitizeProgress(null)).toBeUndefined();
    expect(sanitizeProgress("text")).toBeUndefined();
  });
  it("bounds the message and keeps the tail of long output", () => {
    const long = sanitizeProgress({
      message: "m".repeat(10_000),
      output: `${"a".repeat(PROGRESS_OUTPUT_MAX)}END`,
    });
    expect(long?.message).toHaveLength(PROGRESS_MESSAGE_MAX);
    expect(long?.message?.endsWith("…")).toBe(true);
    expect(long?.output).toHaveLength(PROGRESS_OUTPUT_MAX);
    expect(long?.output?.endsWith("END")).toBe(true);
  });
  it("never throws, whatever arrives", () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("boom");
        },
      },
    );
    expect(sanitizeProgress(hostile)).toBeUndefined();
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const out = sanitizeProgress(value);
        if (out === undefined) return;
        if (out.message !== undefined) expect(out.message).not.toMatch(/[\r\n]/);
        if (out.output !== undefined) expect(out.output.length).toBeLessThanOrEqual(PROGRESS_OUTPUT_MAX);
      }),
    );
  });
});

describe("createProgressChannel", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("delivers the first update at once and coalesces the rest to the rate", () => {
    const seen: ToolProgress[] = [];
    const channel = createProgressChannel((u) => seen.push(u), { maxPerSecond: 10 });
    channel.report({ message: "one", output: "1\n" });
    expect(seen).toEqual([{ message: "one", output: "1\n" }]);
    channel.report({ message: "two", output: "2\n" });
    channel.report({ message: "three", progress: 3, output: "3\n" });
    expect(seen).toHaveLength(1);
    vi.advanceTimersByTime(100);
    // The latest line and figures win; output chunks are joined, none lost.
    expect(seen[1]).toEqual({ message: "three", progress: 3, output: "2\n3\n" });
  });

  it("holds the rate under a flood: at most maxPerSecond a second, and no output lost", () => {
    const seen: Array<{ at: number; update: ToolProgress }> = [];
    const channel = createProgressChannel((update) => seen.push({ at: Date.now(), update }), {
      maxPerSecond: 10,
    });
    const start = Date.now();
    let sent = "";
    for (let ms = 0; ms < 3000; ms++) {
      const chunk = `line ${ms}\n`;
      sent += chunk;
      channel.report({ output: chunk });
      vi.advanceTimersByTime(1);
    }
    channel.close();
    for (let second = 0; second < 3; second++) {
      const inSecond = seen.filter(
        (s) => s.at >= start + second * 1000 && s.at < start + (second + 1) * 1000,
      );
      expect(inSecond.length).toBeLessThanOrEqual(10);
    }
    expect(seen.map((s) => s.update.output).join("")).toBe(sent);
  });

  it("close delivers what is pending and silences the channel", () => {
    const seen: ToolProgress[] = [];
    const channel = createProgressChannel((u) => seen.push(u));
    channel.report({ message: "a" });
    channel.report({ message: "b" });
    channel.close();
    expect(seen.map((u) => u.message)).toEqual(["a", "b"]);
    channel.report({ message: "late" });
    vi.advanceTimersByTime(1000);
    channel.close();
    expect(seen.map((u) => u.message)).toEqual(["a", "b"]);
  });

  it("ignores a sink that throws and drops updates of the wrong shape", () => {
    let calls = 0;
    const channel = createProgressChannel(() => {
      calls++;
      throw new Error("listener bug");
    });
    expect(() => channel.report({ message: "a" })).not.toThrow();
    expect(() => channel.report({ nothing: true } as ToolProgress)).not.toThrow();
    channel.close();
    expect(calls).toBe(1);
  });

  it("refuses a rate that is not a positive number, naming it", () => {
    expect(() => createProgressChannel(() => {}, { maxPerSecond: 0 })).toThrow(/maxPerSecond.*got 0/);
  });
});

describe("ToolContext.progress", () => {
  it("goes to the host's onProgress, sanitized, and never throws", () => {
    const seen: ToolProgress[] = [];
    const ctx = createToolContext({ onProgress: (u) => seen.push(u) });
    expect(ctx.hasProgressListener).toBe(true);
    ctx.progress({ message: "hello\nworld", progress: 1, total: 2 });
    ctx.progress({} as ToolProgress);
    expect(seen).toEqual([{ message: "hello world", progress: 1, total: 2 }]);
    const throwing = createToolContext({
      onProgress: () => {
        throw new Error("host bug");
      },
    });
    expect(() => throwing.progress({ message: "x" })).not.toThrow();
  });
  it("is dropped when nobody listens", () => {
    const ctx = createToolContext();
    expect(ctx.hasProgressListener).toBe(false);
    expect(() => ctx.progress({ message: "x" })).not.toThrow();
  });
  it("follows withProgress, and withSignal keeps the sink", () => {
    const session: ToolProgress[] = [];
    const call: ToolProgress[] = [];
    const ctx = createToolContext({ onProgress: (u) => session.push(u) });
    const callCtx = ctx.withProgress((u) => call.push(u));
    callCtx.withSignal(new AbortController().signal).progress({ message: "via timeout layer" });
    expect(call).toEqual([{ message: "via timeout layer" }]);
    expect(session).toEqual([]);
    expect(callCtx.sessionId).toBe(ctx.sessionId);
  });
  it("refuses an onProgress that is not a function, naming it", () => {
    expect(() => createToolContext({ onProgress: "log" as never })).toThrow(/onProgress.*"log"/);
  });
});
