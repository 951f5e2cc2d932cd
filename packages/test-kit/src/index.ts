// What the Toolkit packages' tests share. Test-only: shipped sources never
// import this package (scripts/import-edges.test.ts fails if one does).
export { type Deferred, deferred } from "./async/deferred.js";
export { callOf, fnTool, registryWith, runOne } from "./dispatch/dispatch-helpers.js";
export { type AddInput, calculator } from "./tools/calculator.js";
export { controlledTool, echoTool } from "./tools/echo-tool.js";
export { type ProgressToolOptions, progressTool } from "./tools/progress-tool.js";
export { type TempWorkspace, tempWorkspace } from "./workspace/temp-workspace.js";
export { view } from "./output/view.js";
export {
  type AdapterHost,
  adapterConformance,
  type HostCall,
  type HostReply,
} from "./conformance/adapter-conformance.js";
