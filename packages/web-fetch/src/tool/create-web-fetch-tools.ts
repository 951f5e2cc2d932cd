import { WebFetch } from "./web-fetch.js";
import type { WebFetchOptions } from "./web-fetch-options.js";

/**
 * The web-fetch family: `[WebFetch]`, ready to register.
 *
 * @example registry.register(...createWebFetchTools({ allowHosts: ["intranet.example"] }))
 */
export function createWebFetchTools(options: WebFetchOptions = {}): [WebFetch] {
  return [new WebFetch(options)];
}
