// The WebSearch tool's own helpers, which the root of @toolkit/web-search exported
// although no user needs them. Kept as deprecated aliases until 0.3.
import {
  type DomainFilters as Filters,
  filterByDomains as filter,
  hostMatches as matches,
  normalizeDomain as normalize,
  siteOperators as operators,
} from "./domain-filter.js";
import { formatResults as format } from "./format-results.js";

/** @deprecated internal to WebSearch; to be removed in 0.3 */
export const normalizeDomain: typeof normalize = normalize;
/** @deprecated internal to WebSearch; to be removed in 0.3 */
export const hostMatches: typeof matches = matches;
/** @deprecated internal to WebSearch; to be removed in 0.3 */
export const filterByDomains: typeof filter = filter;
/** @deprecated internal to WebSearch (the `siteOperators` option stays); to be removed in 0.3 */
export const siteOperators: typeof operators = operators;
/** @deprecated internal to WebSearch; to be removed in 0.3 */
export const formatResults: typeof format = format;
/** @deprecated internal to WebSearch; to be removed in 0.3 */
export type DomainFilters = Filters;
