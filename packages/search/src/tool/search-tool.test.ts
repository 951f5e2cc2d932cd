import { adviceFor, createToolContext, Retention, ToolError, ToolOutput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { SearchTool } from "./search-tool.js";

/** Echoes `q`; `none` is a ToolError the model can fix, `bug` a programming error. */
class Echo extends SearchTool<{ q: string }> {
  readonly name = "Echo";
  readonly description = "Echoes the query.";
  protected readonly inputSchema = {
    type: "object",
    properties: { q: { type: "string" } },
    required: ["q"],
    additionalProperties: false,
  };
  runs = 0;
  protected async run({ q }: { q: string }): Promise<ToolOutput> {
    this.runs++;
    if (q === "none") throw ToolError.execution("nothing matched");
    if (q === "bug") throw new TypeError("undefined is not a function");
    return ToolOutput.text(q);
  }
}

const ctx = createToolContext();

describe("SearchTool on ToolBase", () => {
  it("answers a ToolError as a soft failure, retention requery", async () => {
    const out = await new Echo().call({ q: "none" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.textContent()).toBe(`Execution error: nothing matched\n${adviceFor("Execution")}`);
    expect(out.retention).toBe(Retention.Requery);
  });
  it("throws any other error: a bug", async () => {
    await expect(new Echo().call({ q: "bug" }, ctx)).rejects.toThrow(TypeError);
  });
  it("gives a success retention requery", async () => {
    const out = await new Echo().call({ q: "x" }, ctx);
    expect(out.textContent()).toBe("x");
    expect(out.retention).toBe(Retention.Requery);
  });
  it("validates a direct call before run", async () => {
    const tool = new Echo();
    const out = await tool.call({ q: 1 }, ctx);
    expect(out.isError).toBe(true);
    expect(out.textContent()).toContain("`q` must be string");
    expect(tool.runs).toBe(0);
  });
  it("refuses a call whose signal already fired, before reading the input", async () => {
    const controller = new AbortController();
    controller.abort();
    const tool = new Echo();
    const out = await tool.call({ q: 1 }, ctx.withSignal(controller.signal));
    expect(out.textContent()).toBe(ToolError.cancelled().modelText());
    expect(out.retention).toBe(Retention.Requery);
    expect(tool.runs).toBe(0);
  });
});
