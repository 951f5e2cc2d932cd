#!/usr/bin/env node
// The toolkit-mcp bin (`npx @toolkit/mcp`): serves the built-in tool families over stdio or HTTP (see README.md).
import { readFileSync } from "node:fs";
import { sweepStaleTemp } from "@toolkit/core";
import { runToolkitMcp } from "./run-toolkit-mcp.js";
import { stopOnSignals } from "./stop-on-signals.js";

// What earlier servers killed with SIGKILL left in the temp dir goes (never a live process's folder).
void sweepStaleTemp().catch(() => undefined);
const running = await runToolkitMcp({ argv: process.argv.slice(2), version: packageVersion() });
if (typeof running === "number") {
  process.exitCode = running;
} else {
  const removeListeners = stopOnSignals(() => running.stop());
  if (running.transport === "stdio") {
    process.stdin.once("end", () => {
      removeListeners();
      void running.stop().then(() => process.exit(0));
    });
  }
}

/** The version in this package's package.json, found by walking up from this file (src/bin or dist). */
function packageVersion(): string {
  for (const up of ["../package.json", "../../package.json"]) {
    try {
      const pkg: unknown = JSON.parse(readFileSync(new URL(up, import.meta.url), "utf8"));
      if (typeof pkg === "object" && pkg !== null && Reflect.get(pkg, "name") === "@toolkit/mcp") {
        const version: unknown = Reflect.get(pkg, "version");
        if (typeof version === "string") return version;
      }
    } catch {
      // Not at this depth; try the next.
    }
  }
  return "0.0.0";
}
