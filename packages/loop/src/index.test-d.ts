import { describe, expectTypeOf, it } from "vitest";
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

describe("@toolkit/loop types", () => {
  it("types the run result and the error kinds", () => {
    expectTypeOf<BareLoop["run"]>().returns.resolves.toEqualTypeOf<LoopResult>();
    expectTypeOf<LoopError["kind"]>().toEqualTypeOf<LoopErrorKind>();
    expectTypeOf<LoopErrorKind>().toEqualTypeOf<
      "Cancelled" | "LoopDetected" | "RecoveryExhausted" | "MaxTurns" | "Model" | "Gate"
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
