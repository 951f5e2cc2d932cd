import { defineConfig } from "tsup";
import { packageConfig } from "../../tsup.shared.js";

// The conversion runs in a worker thread that loads `convert-worker.js` from beside the bundle.
export default defineConfig(
  packageConfig({
    entry: {
      index: "src/index.ts",
      test: "src/testing/index.ts",
      "convert-worker": "src/worker/convert-worker.ts",
    },
  }),
);
