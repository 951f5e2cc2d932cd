// Public API of @toolkit/derive: see README.md.
export { defineTool } from "./define-tool.js";
export type { DefineToolOptions } from "./define-tool.js";
export { DerivedToolBase, defineToolClass } from "./define-tool-class.js";
export type { DefineToolClassOptions, ToolClass } from "./define-tool-class.js";
export type { DerivedTool } from "./derived-tool.js";
export { DefineToolError } from "./define-tool-error.js";
export type { DefineToolErrorOptions } from "./define-tool-error.js";
export { toInputSchema } from "./input-schema.js";
export type { ToInputSchemaOptions } from "./input-schema.js";
export type { InputSchema, JsonResult, RunFunction, RunResult, TraitOptions } from "./types.js";
