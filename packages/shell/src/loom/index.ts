// Loom-shaped shell tools: see README.md ("@toolkit/shell/loom").
import { registerCompiledValidators } from "@toolkit/core";
import { COMPILED_VALIDATORS } from "../validators/compiled.js";
export { LoomBash } from "./bash.js";
export type { LoomBashResult } from "./bash.js";
export { createLoomTools } from "./create-loom-tools.js";

// The build-time validators of this package's tools: their first call compiles no schema.
registerCompiledValidators(COMPILED_VALIDATORS);
