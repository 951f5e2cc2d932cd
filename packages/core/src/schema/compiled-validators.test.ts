import { describe, expect, it } from "vitest";
import { canonicalJson } from "../json/json.js";
import { Think } from "../tools/think.js";
import { COMPILED_VALIDATORS } from "../validators/compiled.js";
import { registerCompiledValidators } from "./compiled-validators.js";
import { compileSchema, validateInput } from "./validate.js";
import "../index.js";

describe("registerCompiledValidators", () => {
  it("makes compileSchema use the registered validator of an equal schema instead of compiling", () => {
    const schema = { type: "object", properties: { marker: { type: "string", const: "compiled-test" } } };
    let calls = 0;
    const fake = Object.assign(
      (input: unknown) => {
        calls++;
        return typeof input === "object";
      },
      { errors: null },
    );
    registerCompiledValidators([[canonicalJson(schema), fake]]);
    expect(compileSchema(structuredClone(schema))).toBe(fake);
    validateInput(structuredClone(schema), {});
    expect(calls).toBe(1);
  });

  it("ignores entries of the wrong shape", () => {
    registerCompiledValidators([
      [42 as never, () => true],
      ["{}", "not a function"],
    ]);
    expect(typeof compileSchema({ type: "object" })).toBe("function");
  });

  it("serves core's own tools from the build-time validators once core is loaded", () => {
    const fns = new Set(COMPILED_VALIDATORS.map(([, fn]) => fn));
    expect(fns.has(compileSchema(new Think().schema().input_schema))).toBe(true);
  });
});
