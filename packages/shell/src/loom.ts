// Loom-shaped shell tools: see README.md ("@toolkit/shell/loom").
export { LoomBash } from "./loom/bash.js";
export type { LoomBashResult } from "./loom/bash.js";
export { createLoomTools } from "./loom/create-loom-tools.js";
