// The build-time validators (scripts/gen-validators.mjs) must answer exactly as ajv compiling the
// same schema at run time: same verdict, same errors, for inputs near and far from valid ones.
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const requireFromCore = createRequire(join(root, "packages/core/package.json"));
const { Ajv } = requireFromCore("ajv") as typeof import("ajv");
const { Ajv2020 } = requireFromCore("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
const options = { allErrors: true, verbose: true, strict: false, validateFormats: false } as const;

type Validate = ((input: unknown) => boolean) & { errors?: unknown[] | null };
const PACKAGES = ["core", "fs", "search", "shell", "web-fetch", "web-search"];
const { collectSchemas } = (await import(
  pathToFileURL(join(root, "scripts/validators/collect.mjs")).href
)) as {
  collectSchemas(): Promise<Record<string, { schemas: Array<[string, Record<string, unknown>]> }>>;
};

async function entriesOf(pkg: string): Promise<Array<readonly [string, Validate]>> {
  const url = pathToFileURL(join(root, "packages", pkg, "src", "validators", "compiled.js")).href;
  return ((await import(url)) as { COMPILED_VALIDATORS: Array<readonly [string, Validate]> })
    .COMPILED_VALIDATORS;
}

function runtime(schema: Record<string, unknown>): Validate {
  const { $schema, ...rest } = schema;
  const legacy = typeof $schema === "string" && /draft-0[4-7]/.test($schema);
  return (legacy ? new Ajv(options) : new Ajv2020(options)).compile(rest) as Validate;
}

/** What a verdict shows a caller: validity and each error's place, keyword, params and message. */
function verdict(validate: Validate, input: unknown) {
  const ok = validate(input);
  const errors = (validate.errors ?? []).map((e) => {
    const { instancePath, schemaPath, keyword, params, message, data } = e as Record<string, unknown>;
    return { instancePath, schemaPath, keyword, params, message, data };
  });
  return { ok, errors };
}

/** Inputs shaped like the schema's object: its own keys with arbitrary JSON values, some keys left out. */
function nearInputs(schema: { properties?: Record<string, unknown> }) {
  const keys = Object.keys(schema.properties ?? {});
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.string(),
    fc.integer({ min: -5, max: 5 }),
    fc.boolean(),
  );
  const record = fc.dictionary(fc.constantFrom(...(keys.length ? keys : ["x"]), "extra"), value, {
    maxKeys: 6,
  });
  return fc.oneof({ weight: 4, arbitrary: record }, { weight: 1, arbitrary: fc.anything() });
}

describe("compiled validators", () => {
  it.each(PACKAGES)("%s: every entry answers as the run-time compilation of its schema", async (pkg) => {
    const entries = new Map(await entriesOf(pkg));
    const collected = (await collectSchemas())[pkg]?.schemas ?? [];
    // Every schema of the built tools has its validator, and no validator is left over.
    expect([...entries.keys()].sort()).toEqual(collected.map(([text]) => text));
    for (const [text, schema] of collected) {
      const compiled = entries.get(text) as Validate;
      const fresh = runtime(schema);
      fc.assert(
        fc.property(nearInputs(schema), (input) => {
          expect(verdict(compiled, input)).toEqual(verdict(fresh, input));
        }),
        { numRuns: 150 },
      );
    }
  });
});
