// @toolkit/loop/test: stand-ins for the outside world (LLM providers) for tests and demos.
export { ScriptedModelServer } from "./scripted-model-server.js";
export type { ScriptedModelServerOptions } from "./scripted-model-server.js";
export type {
  Dialect,
  RecordedRequest,
  ScriptedCall,
  ScriptedFailure,
  ScriptedRaw,
  ScriptedRawStep,
  ScriptedReasoning,
  ScriptedReply,
  ScriptOutcome,
  ScriptStep,
} from "./script.js";
