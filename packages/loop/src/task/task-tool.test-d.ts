import type { Tool } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { describe, expectTypeOf, it } from "vitest";
import { type LoopObserver, openaiChat, type TaskStartEvent, taskTool } from "../index.js";

describe("taskTool types", () => {
  it("returns a Tool and needs a model and a registry", () => {
    expectTypeOf(taskTool).returns.toEqualTypeOf<Tool>();
    // @ts-expect-error registry is required
    taskTool({ model: openaiChat({ baseUrl: "http://127.0.0.1/v1", model: "m" }) });
    // @ts-expect-error model is required
    taskTool({ registry: new ToolRegistry() });
  });

  it("lets onTaskStart return an observer for the sub-agent", () => {
    expectTypeOf<NonNullable<LoopObserver["onTaskStart"]>>().parameters.toEqualTypeOf<[TaskStartEvent]>();
    expectTypeOf<NonNullable<LoopObserver["onTaskStart"]>>().returns.toEqualTypeOf<
      LoopObserver | undefined
    >();
  });
});
