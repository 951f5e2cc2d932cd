export { ToolBase, toToolOutput, toolErrorOf } from "./tool-base.js";
export { markInputValidated } from "./validated.js";
