import { echoTool, progressTool } from "@toolkit/test-kit";
import { createToolContext } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { adaptRegistry } from "./adapt-registry.js";
import { selectReadOnly } from "../selectors/selectors.js";
import { ToolRegistry } from "../registry/tool-registry.js";

const ctx = createToolContext({ cwd: "/tmp" });

function registry(): ToolRegistry {
  const r = new ToolRegistry();
  r.register(echoTool("write"));
  r.register(echoTool("read").readOnly());
  return r;
}

describe("adaptRegistry", () => {
  describe("when given a registry and options", () => {
    it("resolves the options and takes the advertised surface", () => {
      const adapted = adaptRegistry(
        registry(),
        { ctx, selector: selectReadOnly() },
        { fn: "toHostTools", strict: true },
      );
      expect(adapted.options).toMatchObject({ ctx, middleware: [], strict: true, needsApproval: false });
      expect(adapted.surface.names).toEqual(["read"]);
      expect(adapted.surface.schemas.map((s) => s.tool)).toEqual(["read"]);
    });

    it("runs an advertised call and refuses one that is not advertised", async () => {
      const { run } = adaptRegistry(registry(), { ctx, selector: selectReadOnly() }, { fn: "toHostTools" });
      const read = await run({ id: "1", name: "read", input: { v: 1 } }, undefined);
      expect(read.textContent()).toBe("read:1");
      const write = await run({ id: "2", name: "write", input: { v: 1 } }, undefined);
      expect(write.isError).toBe(true);
    });
  });

  describe("when a call reports progress", () => {
    it("hands each update to the call's onProgress, tagged, before the output", async () => {
      const r = registry();
      r.register(progressTool("Steps", { gapMs: 150 }));
      const { run } = adaptRegistry(r, { ctx }, { fn: "toHostTools" });
      const seen: string[] = [];
      const output = await run({ id: "c1", name: "Steps", input: {} }, undefined, (e) =>
        seen.push(`${e.callId} ${e.tool} ${e.message}`),
      );
      seen.push(output.textContent());
      expect(seen).toEqual([
        "c1 Steps step 1 of 3",
        "c1 Steps step 2 of 3",
        "c1 Steps step 3 of 3",
        "done after 3 steps",
      ]);
    });
  });

  describe("when the registry is missing", () => {
    it("throws a TypeError naming the function", () => {
      // @ts-expect-error deliberately not a registry
      expect(() => adaptRegistry(undefined, {}, { fn: "toHostTools" })).toThrow(
        new TypeError("toHostTools: `registry` must be a ToolRegistry"),
      );
    });
  });

  describe("when an option is invalid", () => {
    it("throws the option's TypeError", () => {
      // @ts-expect-error deliberately wrong option type
      expect(() => adaptRegistry(registry(), { selector: 3 }, { fn: "toHostTools" })).toThrow(
        new TypeError("toHostTools: `selector` must be a function (turn) => string[], got number"),
      );
    });
  });
});
