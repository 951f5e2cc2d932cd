// The registry every round trip adapts: one read-only tool that adds.
import { readFileSync } from "node:fs";
import { createToolContext, FnTool } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";

export function calculator() {
  const registry = new ToolRegistry();
  registry.register(
    new FnTool(
      "add",
      "Adds two integers.",
      {
        type: "object",
        properties: { a: { type: "integer" }, b: { type: "integer" } },
        required: ["a", "b"],
        additionalProperties: false,
      },
      async ({ a, b }) => String(a + b),
    ).readOnly(),
  );
  return registry;
}

export const ctx = createToolContext({ cwd: process.cwd(), isNonInteractive: true });

/** Fails the process with a message when `ok` is false. */
export function expect(ok, message) {
  if (!ok) {
    console.error(`round trip failed: ${message}`);
    process.exit(1);
  }
}

/** The installed version of a package of the consumer project. */
export function versionOf(name) {
  return JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url), "utf8"))
    .version;
}
