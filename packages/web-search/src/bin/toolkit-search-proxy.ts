#!/usr/bin/env node
// The toolkit-search-proxy bin: starts the search proxy from environment variables (see README.md).
import { runSearchProxyCli } from "./run-search-proxy-cli.js";

const proxy = await runSearchProxyCli();
if (!proxy) {
  process.exitCode = 2;
} else {
  const stop = (): void => {
    void proxy.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
