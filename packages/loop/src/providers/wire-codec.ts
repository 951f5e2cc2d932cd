import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../id-gen.js";
import type { ModelReply, ModelRequest } from "../model-client.js";

/** Everything a codec needs besides the request. */
export interface EncodeContext {
  readonly model: string;
  readonly maxTokens: number | undefined;
}

/** One provider's wire format: the body to send and the reply to read. */
export interface WireCodec {
  /** The provider name reported as `ModelClient.provider`. */
  readonly provider: string;
  /** The path appended to the base URL. */
  readonly path: string;
  /** The request body as a JSON value, keys in the provider's fixed order. */
  encode(request: ModelRequest, context: EncodeContext): JsonValue;
  /** The reply; throws a TypeError when the body is not the provider's shape. */
  decode(body: unknown, ids: IdGen): ModelReply;
  /** The headers for a key (content type included). */
  headers(apiKey: string | undefined): Record<string, string>;
}
