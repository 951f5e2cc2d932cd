import { defineConfig } from "tsup";
import { packageConfig } from "../../tsup.shared.js";

// The bin's source starts with a shebang, which esbuild keeps on its entry chunk.
export default defineConfig(
  packageConfig({
    entry: { index: "src/index.ts", test: "src/test/index.ts", "toolkit-clean": "src/bin/toolkit-clean.ts" },
  }),
);
