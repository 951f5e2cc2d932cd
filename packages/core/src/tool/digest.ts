import { createHash } from "node:crypto";
import { canonicalJson } from "../json/json.js";
import type { Tool } from "./tool.js";

/**
 * 16 lowercase hex characters (the first 64 bits of SHA-256) over
 * `canonicalJson({ name, description, schema })`, where `schema` is the
 * tool's `input_schema`. Equal descriptors give equal digests; any change to
 * the name, the description or the schema changes it. Approvals pin to it.
 */
export function descriptorDigest(tool: Pick<Tool, "name" | "description" | "schema">): string {
  const { input_schema } = tool.schema();
  const text = canonicalJson({ name: tool.name, description: tool.description, schema: input_schema });
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
