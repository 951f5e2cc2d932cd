// Public API of @toolkit/loom: see README.md.
export { createLoomRegistry } from "./create-loom-registry.js";
export type {
  CreateLoomRegistryOptions,
  LoomOracleOptions,
  LoomSearchOptions,
} from "./create-loom-registry.js";
export {
  DEFAULT_ORACLE_MAX_FILE_BYTES,
  DEFAULT_ORACLE_MAX_TURNS,
  DEFAULT_ORACLE_SYSTEM,
  oracleTool,
} from "./oracle/oracle-tool.js";
export type { OracleToolOptions } from "./oracle/oracle-tool.js";
export { ORACLE_PROVIDERS, ORACLE_THINKING_TOKENS, oracleModel } from "./oracle/oracle-model.js";
export type { OracleModelOptions, OracleProvider } from "./oracle/oracle-model.js";
