// Public API of @toolkit/web-search/proxy: the key-holding search proxy server (see README.md).
export { createSearchProxy } from "./create-search-proxy.js";
export type { SearchProxyHandler } from "./create-search-proxy.js";
export type { SearchProxyOptions } from "./proxy-options.js";
export type { RateLimit } from "./rate-limiter.js";
export { startSearchProxy } from "./start-search-proxy.js";
export type { RunningSearchProxy, StartSearchProxyOptions } from "./start-search-proxy.js";
export { runSearchProxyCli } from "../bin/run-search-proxy-cli.js";
export type { SearchProxyCliOptions } from "../bin/run-search-proxy-cli.js";
export { PROXY_ENV, proxyConfigFromEnv } from "../bin/proxy-config-from-env.js";
export type { ProxyConfig } from "../bin/proxy-config-from-env.js";
