// Public API of @toolkit/fs/loom: the Loom-shaped file tools.
export { createLoomTools } from "./create-loom-tools.js";
export type { CreateLoomToolsOptions, LoomTools } from "./create-loom-tools.js";
export { ReadFile } from "./read-file.js";
export { EditFile } from "./edit-file.js";
export type { EditFileOptions } from "./edit-file.js";
export { ListFiles } from "./list-files.js";
export type { ListFilesOptions } from "./list-files.js";
