// Helpers of the layers that the root of @toolkit/middleware exported although no
// user needs them. Kept as deprecated aliases until 0.3.
import { cutMarker as marker } from "./output-limit/limit-text.js";
import { closestName as closest, editDistance as distance } from "./unknown-tool-hints/closest-name.js";

/** @deprecated internal to `unknownToolHints`; to be removed in 0.3 */
export const closestName: typeof closest = closest;
/** @deprecated internal to `unknownToolHints`; to be removed in 0.3 */
export const editDistance: typeof distance = distance;
/** @deprecated internal to `outputLimit` (its marker text is documented in the README); to be removed in 0.3 */
export const cutMarker: typeof marker = marker;
