import { defineConfig } from "tsup";
import { packageConfig } from "../../tsup.shared.js";

// The bin's source starts with a shebang, which esbuild keeps on its entry chunk.
export default defineConfig(
  packageConfig({
    entry: {
      index: "src/index.ts",
      runs: "src/runs/index.ts",
      "toolkit-worker": "src/bin/toolkit-worker.ts",
    },
  }),
);
