// @toolkit/web-fetch/test: a stand-in web for tests and demos.
export { startStandInWeb } from "./stand-in-web.js";
export type { StandInPage, StandInWeb, StandInWebOptions } from "./stand-in-web.js";
