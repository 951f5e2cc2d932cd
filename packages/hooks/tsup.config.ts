import { defineConfig } from "tsup";
import { packageConfig } from "../../tsup.shared.js";

export default defineConfig(packageConfig({ entry: { index: "src/index.ts" } }));
