// Loom-shaped shell tools: see README.md ("@toolkit/shell/loom").
export { LoomBash } from "./bash.js";
export type { LoomBashResult } from "./bash.js";
export { createLoomTools } from "./create-loom-tools.js";
