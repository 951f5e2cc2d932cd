import { defineConfig } from "tsup";
import { packageConfig } from "../../tsup.shared.js";

// The JS engine's worker thread loads `grep-worker.js` from beside the bundle.
export default defineConfig(
  packageConfig({ entry: { index: "src/index.ts", "grep-worker": "src/js-engine/grep-worker.ts" } }),
);
