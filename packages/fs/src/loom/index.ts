// Public API of @toolkit/fs/loom: the Loom-shaped file tools.
import { registerCompiledValidators } from "@toolkit/core";
import { COMPILED_VALIDATORS } from "../validators/compiled.js";
export { createLoomTools } from "./create-loom-tools.js";
export type { CreateLoomToolsOptions, LoomTools } from "./create-loom-tools.js";
export { ReadFile } from "./read-file.js";
export { EditFile } from "./edit-file.js";
export type { EditFileOptions } from "./edit-file.js";
export { ListFiles } from "./list-files.js";
export type { ListFilesOptions } from "./list-files.js";

// The build-time validators of this package's tools: their first call compiles no schema.
registerCompiledValidators(COMPILED_VALIDATORS);
