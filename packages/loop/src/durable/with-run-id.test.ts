import { describe, expect, it } from "vitest";
import type { LoopObserver } from "../loop/observer.js";
import { withRunId } from "./with-run-id.js";

describe("withRunId", () => {
  describe("when an observer has hooks, own or inherited", () => {
    it("adds the run id to each event, keeps a sub-agent's own id, and forwards unknown hooks", () => {
      const seen: unknown[] = [];
      class Recorder {
        onTurnStart(e: unknown) {
          seen.push(["turn", e, this instanceof Recorder]);
        }
      }
      const plain = { onLater: (e: unknown) => seen.push(["later", e]) };
      const [a, b] = withRunId([new Recorder() as LoopObserver, plain as LoopObserver], "r1");
      a?.onTurnStart?.({ turn: 1, messages: [], estimateTokens: 0 } as never);
      a?.onTurnStart?.({ turn: 1, messages: [], estimateTokens: 0, runId: "sub" });
      (b as unknown as { onLater: (e: unknown) => void }).onLater({ x: 1 });
      expect(seen).toEqual([
        ["turn", { turn: 1, messages: [], estimateTokens: 0, runId: "r1" }, true],
        ["turn", { turn: 1, messages: [], estimateTokens: 0, runId: "sub" }, true],
        ["later", { x: 1, runId: "r1" }],
      ]);
    });
  });
});
