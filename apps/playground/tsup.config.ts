import { defineConfig } from "tsup";
import { packageConfig } from "../../tsup.shared.js";

export default defineConfig({ ...packageConfig({ entry: { main: "src/main.ts" } }), dts: false });
