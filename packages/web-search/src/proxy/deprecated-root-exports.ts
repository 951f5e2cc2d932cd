// The proxy server's names as the root of @toolkit/web-search exported them before
// they moved to @toolkit/web-search/proxy. Kept as deprecated aliases until 1.0.
import {
  type ProxyConfig as ProxyConfigType,
  PROXY_ENV as proxyEnv,
  proxyConfigFromEnv as configFromEnv,
} from "../bin/proxy-config-from-env.js";
import {
  runSearchProxyCli as runCli,
  type SearchProxyCliOptions as CliOptions,
} from "../bin/run-search-proxy-cli.js";
import { createSearchProxy as create, type SearchProxyHandler as Handler } from "./create-search-proxy.js";
import type { SearchProxyOptions as Options } from "./proxy-options.js";
import type { RateLimit as Limit } from "./rate-limiter.js";
import {
  type RunningSearchProxy as Running,
  startSearchProxy as start,
  type StartSearchProxyOptions as StartOptions,
} from "./start-search-proxy.js";

/** @deprecated Import `createSearchProxy` from `@toolkit/web-search/proxy`. */
export const createSearchProxy: typeof create = create;
/** @deprecated Import `startSearchProxy` from `@toolkit/web-search/proxy`. */
export const startSearchProxy: typeof start = start;
/** @deprecated Import `runSearchProxyCli` from `@toolkit/web-search/proxy`. */
export const runSearchProxyCli: typeof runCli = runCli;
/** @deprecated Import `proxyConfigFromEnv` from `@toolkit/web-search/proxy`. */
export const proxyConfigFromEnv: typeof configFromEnv = configFromEnv;
/** @deprecated Import `PROXY_ENV` from `@toolkit/web-search/proxy`. */
export const PROXY_ENV: typeof proxyEnv = proxyEnv;
/** @deprecated Import `SearchProxyHandler` from `@toolkit/web-search/proxy`. */
export type SearchProxyHandler = Handler;
/** @deprecated Import `SearchProxyOptions` from `@toolkit/web-search/proxy`. */
export type SearchProxyOptions = Options;
/** @deprecated Import `RateLimit` from `@toolkit/web-search/proxy`. */
export type RateLimit = Limit;
/** @deprecated Import `RunningSearchProxy` from `@toolkit/web-search/proxy`. */
export type RunningSearchProxy = Running;
/** @deprecated Import `StartSearchProxyOptions` from `@toolkit/web-search/proxy`. */
export type StartSearchProxyOptions = StartOptions;
/** @deprecated Import `SearchProxyCliOptions` from `@toolkit/web-search/proxy`. */
export type SearchProxyCliOptions = CliOptions;
/** @deprecated Import `ProxyConfig` from `@toolkit/web-search/proxy`. */
export type ProxyConfig = ProxyConfigType;
