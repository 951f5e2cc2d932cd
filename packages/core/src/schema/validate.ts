import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { ToolError } from "../errors/error.js";
import { canonicalJson, isJsonObject, type JsonSchema } from "../json/json.js";
import { compiledValidator } from "./compiled-validators.js";

const options = { allErrors: true, verbose: true, strict: false, validateFormats: false } as const;
let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;

/** The ajv instance for a schema's dialect, created on first use. */
function ajvFor(legacy: boolean): Ajv | Ajv2020 {
  if (legacy) {
    draft07 ??= new Ajv(options);
    return draft07;
  }
  draft2020 ??= new Ajv2020(options);
  return draft2020;
}

const byObject = new WeakMap<object, ValidateFunction>();
const byText = new Map<string, ValidateFunction>();
const MAX_BY_TEXT = 512;
/** How many problems one error message lists. */
const MAX_LISTED = 5;

/**
 * Compiles a schema once and caches it: by object identity, then by canonical
 * text, so an equal schema rebuilt every turn is not compiled again.
 * Throws a TypeError when the schema itself is invalid.
 */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  const cached = byObject.get(schema);
  if (cached) return cached;
  const text = canonicalJson(schema);
  let fn = byText.get(text) ?? compiledValidator(text);
  if (!fn) {
    const { $schema, ...rest } = schema;
    const legacy = typeof $schema === "string" && /draft-0[4-7]/.test($schema);
    try {
      fn = ajvFor(legacy).compile(rest);
    } catch (error) {
      throw new TypeError(`Invalid JSON Schema: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    if (byText.size >= MAX_BY_TEXT) byText.delete(byText.keys().next().value as string);
    byText.set(text, fn);
  }
  byObject.set(schema, fn);
  return fn;
}

/**
 * Validates input against a JSON Schema (ajv, compiled once per schema and
 * cached) and returns it unchanged. A missing or wrong-typed field throws a
 * ToolError of kind `InvalidInput` naming the field, the expected type and
 * what arrived; nothing is defaulted silently.
 *
 * @example validateInput({ type: "object", properties: { n: { type: "number" } } }, { n: "1" })
 * // throws: Invalid input: `n` must be number, got string ("1")
 */
export function validateInput<T = unknown>(schema: JsonSchema, input: unknown): T {
  const validate = compileSchema(schema);
  if (validate(input)) return input as T;
  throw ToolError.invalidInput(describeErrors(validate.errors ?? [], schema, input));
}

/** Turns ajv errors into one sentence per problem, most specific first. */
export function describeErrors(errors: readonly ErrorObject[], schema: JsonSchema, input: unknown): string {
  if (schema.type === "object" && !isJsonObject(input)) {
    return `expected an object of arguments, got ${arrived(input)}`;
  }
  const lines: string[] = [];
  const seen = new Set<string>();
  // anyOf/oneOf report every branch's failure plus a summary; keep the summary.
  const branchPaths = new Set(
    errors
      .filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf")
      .map((e) => e.schemaPath.replace(/\/(anyOf|oneOf)$/, "")),
  );
  for (const error of errors) {
    if (isInsideBranch(error, branchPaths)) continue;
    const line = describe(error);
    if (seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  if (lines.length === 0) return "the arguments do not match the schema";
  const shown = lines.slice(0, MAX_LISTED);
  if (lines.length > MAX_LISTED) shown.push(`(and ${lines.length - MAX_LISTED} more problems)`);
  return shown.join("; ");
}

function isInsideBranch(error: ErrorObject, branchPaths: Set<string>): boolean {
  if (error.keyword === "anyOf" || error.keyword === "oneOf") return false;
  for (const p of branchPaths) {
    if (error.schemaPath.startsWith(`${p}/anyOf/`) || error.schemaPath.startsWith(`${p}/oneOf/`)) return true;
  }
  return false;
}

function describe(error: ErrorObject): string {
  const at = fieldName(error.instancePath);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required": {
      const field = join(error.instancePath, String(p.missingProperty));
      const expected = expectedType(error.parentSchema, String(p.missingProperty));
      return `missing required field \`${field}\`${expected ? ` (expected ${expected})` : ""}`;
    }
    case "type":
      return `\`${at}\` must be ${typeName(p.type)}, got ${arrived(error.data)}`;
    case "additionalProperties": {
      const field = join(error.instancePath, String(p.additionalProperty));
      const allowed = isJsonObject(error.parentSchema?.properties)
        ? Object.keys(error.parentSchema.properties)
        : [];
      return `unexpected field \`${field}\`${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`;
    }
    case "enum": {
      const values = (p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ");
      return `\`${at}\` must be one of ${values}, got ${arrived(error.data)}`;
    }
    case "const":
      return `\`${at}\` must be ${JSON.stringify(p.allowedValue)}, got ${arrived(error.data)}`;
    case "anyOf":
    case "oneOf":
      return `\`${at}\` does not match any allowed shape${shapes(error.schema)}, got ${arrived(error.data)}`;
    default:
      return `\`${at}\` ${error.message ?? "is invalid"}, got ${arrived(error.data)}`;
  }
}

function shapes(branches: unknown): string {
  if (!Array.isArray(branches)) return "";
  const names = branches.map((b) => (isJsonObject(b) && b.type !== undefined ? typeName(b.type) : "schema"));
  return ` (${names.join(" | ")})`;
}

function fieldName(instancePath: string): string {
  if (instancePath === "") return "input";
  return instancePath
    .slice(1)
    .split("/")
    .map((seg) => seg.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((seg, i) => (/^\d+$/.test(seg) ? `[${seg}]` : i === 0 ? seg : `.${seg}`))
    .join("");
}

function join(instancePath: string, key: string): string {
  return instancePath === "" ? key : `${fieldName(instancePath)}.${key}`;
}

function expectedType(parentSchema: unknown, key: string): string | undefined {
  if (!isJsonObject(parentSchema) || !isJsonObject(parentSchema.properties)) return undefined;
  const prop = parentSchema.properties[key];
  if (!isJsonObject(prop)) return undefined;
  if (prop.type !== undefined) return typeName(prop.type);
  if (Array.isArray(prop.enum)) return `one of ${prop.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  return undefined;
}

function typeName(type: unknown): string {
  if (Array.isArray(type)) return type.join(" or ");
  if (type === "integer") return "an integer";
  if (type === "array") return "an array";
  if (type === "object") return "an object";
  return String(type);
}

/** What arrived, shown short: its JSON type and, for scalars, the value. */
export function arrived(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === "object") return "an object";
  let text = JSON.stringify(value) ?? String(value);
  if (text.length > 60) text = `${text.slice(0, 57)}...`;
  const kind = typeof value === "number" && Number.isInteger(value) ? "integer" : typeof value;
  return `${kind} (${text})`;
}
