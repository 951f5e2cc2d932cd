import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createToolContext } from "../context/context.js";
import { adviceFor } from "../errors/error.js";
import { markInputValidated } from "./validated.js";
import type { ToolBase } from "./tool-base.js";

// Runs README.md's ToolBase example as written (with "@toolkit/core" pointed
// at these sources) and checks what its comments say it answers.
const here = import.meta.dirname;
const readme = readFileSync(join(here, "..", "..", "README.md"), "utf8");
const example = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
  .map((m) => m[1] ?? "")
  .find((code) => code.includes("extends ToolBase<"));
const dir = mkdtempSync(join(tmpdir(), "core-readme-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loadCount(): Promise<new () => ToolBase> {
  const file = join(dir, "tool-base-example.ts");
  writeFileSync(
    file,
    `${String(example).replaceAll('"@toolkit/core"', JSON.stringify(join(here, "..", "index.ts")))}\nexport { Count };\n`,
  );
  return ((await import(file)) as { Count: new () => ToolBase }).Count;
}

describe("README.md's ToolBase example", () => {
  const ctx = createToolContext();

  it("is in the README", () => {
    expect(example).toBeDefined();
  });

  it("answers as its comments say", async () => {
    const Count = await loadCount();
    expect((await new Count().call({ content: "a b c" }, ctx)).structuredValue()).toEqual({
      unit: "words",
      n: 3,
    });
    const blank = await new Count().call({ text: "  " }, ctx);
    expect(blank.isError).toBe(true);
    expect(blank.textContent()).toMatch(/^Invalid input: `text` is blank: /);
    expect((await new Count().call({ text: 3 }, ctx)).textContent()).toBe(
      `Invalid input: \`text\` must be string, got integer (3)\n${adviceFor("InvalidInput")}`,
    );
  });

  it("applies its defaults to input dispatch validated, without validating again", async () => {
    const Count = await loadCount();
    const tool = new Count();
    const input = { text: "one\ntwo", unit: "lines" };
    markInputValidated(input, tool.schema().input_schema);
    expect((await tool.call(input, ctx)).structuredValue()).toEqual({ unit: "lines", n: 2 });
  });
});
