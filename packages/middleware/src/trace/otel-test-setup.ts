// Test-only. The root vitest config runs Node with `--conditions module`, so when the SDK (CommonJS)
// requires `@opentelemetry/api`, Node picks the API's bundler-only ESM build, whose extensionless
// imports it cannot load. Load the CommonJS build once and register it under the path that
// resolution picks; the tests also mock the ESM import with it, so everything shares one instance.
import { createRequire } from "node:module";
import { sep } from "node:path";

const require = createRequire(import.meta.url);
const picked = require.resolve("@opentelemetry/api");
const commonJs = picked.replace(`${sep}build${sep}esm${sep}`, `${sep}build${sep}src${sep}`);

/** The `@opentelemetry/api` module object, loaded from its CommonJS build. */
export const otelApi: typeof import("@opentelemetry/api") = require(commonJs);
if (picked !== commonJs) require.cache[picked] = require.cache[commonJs];
