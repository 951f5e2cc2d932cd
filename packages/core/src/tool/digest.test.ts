import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { descriptorDigest } from "./digest.js";
import type { JsonSchema } from "../json/json.js";

const tool = (name: string, description: string, input_schema: JsonSchema) => ({
  name,
  description,
  schema: () => ({ tool: name, description, input_schema }),
});

describe("descriptorDigest", () => {
  it("is 16 lowercase hex characters", () => {
    expect(descriptorDigest(tool("Read", "Reads a file.", { type: "object" }))).toMatch(/^[0-9a-f]{16}$/);
  });
  it("is stable across key order and calls", () => {
    const a = tool("Read", "Reads.", { type: "object", properties: { a: { type: "string" } } });
    const b = tool("Read", "Reads.", { properties: { a: { type: "string" } }, type: "object" });
    expect(descriptorDigest(a)).toBe(descriptorDigest(b));
    expect(descriptorDigest(a)).toBe(descriptorDigest(a));
  });
  it("hashes the canonical JSON of name, description and input schema", () => {
    // sha256('{"description":"Echoes.","name":"Echo","schema":{}}'), first 16 hex digits
    expect(descriptorDigest(tool("Echo", "Echoes.", {}))).toBe("8843a722d54046b3");
  });
  it("changes when the name, the description or the schema changes", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (n1, n2, d1, d2) => {
        const base = descriptorDigest(tool(n1, d1, { type: "object" }));
        if (n1 !== n2) expect(descriptorDigest(tool(n2, d1, { type: "object" }))).not.toBe(base);
        if (d1 !== d2) expect(descriptorDigest(tool(n1, d2, { type: "object" }))).not.toBe(base);
        expect(descriptorDigest(tool(n1, d1, { type: "object", properties: {} }))).not.toBe(base);
      }),
    );
  });
});
