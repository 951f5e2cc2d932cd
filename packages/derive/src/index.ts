// Public API of @toolkit/derive: see README.md.
export { defineTool } from "./define-tool.js";
export type { DefineToolOptions } from "./define-tool.js";
export { DerivedToolBase, defineToolClass } from "./define-tool-class.js";
export type { DefineToolClassOptions, ToolClass } from "./define-tool-class.js";
export type { DerivedTool } from "./tool/derived-tool.js";
export { DefineToolError } from "./definition/define-tool-error.js";
export type { DefineToolErrorOptions } from "./definition/define-tool-error.js";
export { toInputSchema } from "./schema/input-schema.js";
export type { ToInputSchemaOptions } from "./schema/input-schema.js";
export type { InputSchema, JsonResult, RunFunction, RunResult, TraitOptions } from "./definition/types.js";
