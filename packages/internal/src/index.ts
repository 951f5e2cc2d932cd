export { type BackoffPolicy, backoffMs } from "./http/backoff.js";
export { parseRetryAfterMs } from "./http/retry-after.js";
export {
  isJsonObject,
  type Json,
  type JsonObject,
  mapSubschemas,
  SCHEMA_MAP_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
} from "./json-schema/map-subschemas.js";
export { REDACTED_VALUE, redactValues, SHORT_SECRET_LENGTH } from "./secrets/redact-values.js";
