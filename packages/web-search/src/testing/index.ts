// @toolkit/web-search/test: stand-in search providers for tests and demos.
export { CseStandIn, startCseStandIn } from "./cse-stand-in.js";
export type { CseStandInOptions } from "./cse-stand-in.js";
export { SerperStandIn, startSerperStandIn } from "./serper-stand-in.js";
export { startStandInSearchProxy } from "./stand-in-search-proxy.js";
export type { StandInSearchProxy, StandInSearchProxyOptions } from "./stand-in-search-proxy.js";
export { StandInServer } from "./stand-in-server.js";
export type { StandInWire, WireRead } from "./stand-in-server.js";
export { cannedResults, selectResults } from "./stand-in-results.js";
export type {
  RecordedRequest,
  StandIn,
  StandInOptions,
  StandInReply,
  StandInResult,
} from "./stand-in-types.js";
