export { ToolBase, toToolOutput } from "./tool-base.js";
export { markInputValidated } from "./validated.js";
