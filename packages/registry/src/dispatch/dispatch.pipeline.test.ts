import { FnTool, type ToolOutput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { dispatch } from "./dispatch.js";
import type { Middleware } from "./middleware.js";
import { ToolRegistry } from "../registry/tool-registry.js";

const registry = new ToolRegistry({ logger: { warn() {} } });
registry.register(new FnTool("t", "Answers ok.", { type: "object" }, () => "ok"));
const call = [{ id: "1", name: "t", input: {} }];

function tagging(tag: string, seen: string[]): Middleware {
  return async function tagLayer(c, next): Promise<ToolOutput> {
    seen.push(tag);
    return next(c);
  };
}

describe("dispatch's composed pipeline", () => {
  it("is reused for the same list, and composed again when the list changes in place", async () => {
    const seen: string[] = [];
    const layers: Middleware[] = [tagging("a", seen)];
    await dispatch(registry, call, { middleware: layers });
    await dispatch(registry, call, { middleware: layers });
    layers.push(tagging("b", seen));
    await dispatch(registry, call, { middleware: layers });
    layers[0] = tagging("c", seen);
    await dispatch(registry, call, { middleware: layers });
    layers.length = 0;
    const results = await dispatch(registry, call, { middleware: layers });
    expect(seen).toEqual(["a", "a", "a", "b", "c", "b"]);
    expect(results[0]?.output.textContent()).toBe("ok");
  });

  it("still answers a tool that throws synchronously, or returns something that is not a ToolOutput", async () => {
    const r = new ToolRegistry({ logger: { warn() {} } });
    r.register({
      name: "sync",
      description: "Throws at once.",
      schema: () => ({ tool: "sync", description: "Throws at once.", input_schema: { type: "object" } }),
      call: () => {
        throw new Error("sync boom");
      },
    });
    r.register({
      name: "odd",
      description: "Returns a string.",
      schema: () => ({ tool: "odd", description: "Returns a string.", input_schema: { type: "object" } }),
      call: (async () => "plain") as never,
    });
    const results = await dispatch(r, [
      { id: "1", name: "sync", input: {} },
      { id: "2", name: "odd", input: {} },
    ]);
    expect(results.map((x) => x.output.textContent())).toEqual([
      "Tool 'sync' threw: sync boom",
      "Tool 'odd' threw: returned string instead of a ToolOutput",
    ]);
  });
});
