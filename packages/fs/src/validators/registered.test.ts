import { compileSchema, strictSchema, type Tool } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { createFsTools } from "../index.js";
import { createLoomTools } from "../loom/index.js";
import { COMPILED_VALIDATORS } from "./compiled.js";

describe("the fs tools' build-time validators", () => {
  it("serve every tool's schema, plain and strict, without compiling", () => {
    const fns = new Set(COMPILED_VALIDATORS.map(([, fn]) => fn));
    const tools: Tool[] = [...createFsTools(), ...Object.values(createLoomTools())];
    expect(tools.length).toBeGreaterThan(5);
    for (const tool of tools) {
      const schema = tool.schema().input_schema;
      expect(fns.has(compileSchema(schema)), tool.name).toBe(true);
      expect(fns.has(compileSchema(strictSchema(schema))), `${tool.name} (strict)`).toBe(true);
    }
  });
});
