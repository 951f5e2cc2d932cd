import { createToolContext, type ToolProgress } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { callFrameOf, withCallFrame } from "./call-frame.js";
import type { RunScope } from "./run-scope.js";

const frame = { scope: {} as RunScope, callId: "call-1", turn: 2 };

describe("withCallFrame", () => {
  it("forwards every member of the context it wraps", () => {
    const base = createToolContext({ sessionId: "s1" });
    const framed = withCallFrame(base, frame);
    const members = new Set<string>();
    for (
      let proto = Object.getPrototypeOf(base);
      proto && proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto)
    )
      for (const key of Object.getOwnPropertyNames(proto)) if (key !== "constructor") members.add(key);
    for (const key of Object.keys(base)) members.add(key);
    for (const key of members) expect(key in framed, `FramedContext lacks ${key}`).toBe(true);
  });

  it("forwards progress, and contexts derived with withProgress or withSignal keep the frame", () => {
    const session: ToolProgress[] = [];
    const call: ToolProgress[] = [];
    const framed = withCallFrame(createToolContext({ onProgress: (u) => session.push(u) }), frame);
    expect(framed.hasProgressListener).toBe(true);
    framed.progress({ message: "to the session" });
    const perCall = framed.withProgress((u) => call.push(u));
    perCall.withSignal(new AbortController().signal).progress({ message: "to the call" });
    expect(session).toEqual([{ message: "to the session" }]);
    expect(call).toEqual([{ message: "to the call" }]);
    expect(callFrameOf(perCall)).toBe(frame);
    expect(callFrameOf(perCall.withSignal(new AbortController().signal))).toBe(frame);
  });
});
