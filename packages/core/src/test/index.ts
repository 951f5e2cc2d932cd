export { hostileThrownValues } from "./hostile-thrown.js";
export type { HostileThrown } from "./hostile-thrown.js";
