import type { ToolRegistry } from "@toolkit/registry";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  type BareLoop,
  type LoopError,
  type LoopErrorKind,
  type LoopObserver,
  type LoopResult,
  type ModelClient,
  openaiChat,
} from "./index.js";
import { ScriptedModelServer, type ScriptStep } from "./test/index.js";
import type { InterruptedRun } from "./index.js";

describe("@toolkit/loop types", () => {
  it("types the run result and the error kinds", () => {
    const loop = {} as BareLoop;
    expectTypeOf(loop.run("x")).resolves.toEqualTypeOf<LoopResult>();
    const typed = loop.run("x", { output: z.object({ answer: z.string() }) });
    expectTypeOf(typed).resolves.toEqualTypeOf<LoopResult & { readonly output: { answer: string } }>();
    const paused = {} as BareLoop<{ model: ModelClient; registry: ToolRegistry; approvals: "interrupt" }>;
    expectTypeOf(paused.run("x")).resolves.toEqualTypeOf<LoopResult | InterruptedRun>();
    expectTypeOf<LoopError["kind"]>().toEqualTypeOf<LoopErrorKind>();
    expectTypeOf<LoopErrorKind>().toEqualTypeOf<
      "Cancelled" | "LoopDetected" | "RecoveryExhausted" | "MaxTurns" | "Model" | "InvalidOutput" | "Gate"
    >();
  });

  it("returns a ModelClient from each client factory", () => {
    expectTypeOf(openaiChat).returns.toEqualTypeOf<ModelClient>();
    // @ts-expect-error model is required
    openaiChat({ baseUrl: "http://127.0.0.1/v1" });
  });

  it("makes every observer hook optional", () => {
    expectTypeOf<{}>().toMatchTypeOf<LoopObserver>();
  });

  it("accepts replies, failures and functions as script steps", () => {
    expectTypeOf<{ text: string }>().toMatchTypeOf<ScriptStep>();
    expectTypeOf<{ status: number }>().toMatchTypeOf<ScriptStep>();
    expectTypeOf(ScriptedModelServer.start).returns.resolves.toEqualTypeOf<ScriptedModelServer>();
  });
});
