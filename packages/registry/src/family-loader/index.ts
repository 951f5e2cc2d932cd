// `@toolkit/registry/families`: what the bins that serve the built-in tool families share.
export {
  chosenFamilies,
  familyFlagOptions,
  familyUsage,
  loadFamilyTools,
  MissingFamilyError,
  TOOL_FAMILIES,
} from "./load-family-tools.js";
export type { Importer, ToolFamily } from "./load-family-tools.js";
