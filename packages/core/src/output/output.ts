import { hasBrand, TOOL_OUTPUT_BRAND } from "./brand.js";
import { isJsonObject, type JsonValue } from "../json/json.js";

/** A rendering suggestion for a UI; the loop ignores it. */
export const DisplayHint = {
  Text: "text",
  Diff: "diff",
  Json: "json",
  Code: "code",
  Markdown: "markdown",
  /** The UI shows a preview; the model still receives everything. */
  Suppress: "suppress",
} as const;
export type DisplayHint = (typeof DisplayHint)[keyof typeof DisplayHint];

/** How compaction may treat a result. Advisory; never sent on the wire. */
export const Retention = {
  Default: "default",
  /** Re-derivable: compaction may drop it first. */
  Requery: "requery",
  /** Never evicted. */
  Durable: "durable",
} as const;
export type Retention = (typeof Retention)[keyof typeof Retention];

/** A text part of a tool result. */
export interface TextPart {
  readonly type: "text";
  readonly text: string;
}
/** An image part of a tool result; `data` is base64. */
export interface ImagePart {
  readonly type: "image";
  readonly data: string;
  readonly mediaType: string;
}
/** One part of a tool result. */
export type OutputPart = TextPart | ImagePart;

/**
 * A Standard Schema (zod 4, valibot, arktype, ...), or anything with a zod-like
 * `safeParse`. Only synchronous validation is used.
 */
export type OutputSchema<T> =
  | { safeParse(value: unknown): { success: true; data: T } | { success: false } }
  | {
      readonly "~standard": {
        validate(
          value: unknown,
        ): { value: T; issues?: undefined } | { issues: readonly unknown[] } | Promise<unknown>;
      };
    };

type Kind = "text" | "structured" | "multipart";

interface State {
  kind: Kind;
  parts: readonly OutputPart[];
  isError: boolean;
  hint: DisplayHint | undefined;
  retention: Retention;
  value: JsonValue | undefined;
  meta: Readonly<Record<string, JsonValue>>;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * What a tool returns. Immutable: every `with*` method returns a copy.
 *
 * @example
 * ToolOutput.text("3 files changed").withHint(DisplayHint.Markdown)
 * ToolOutput.structured({ matches: 2 })
 * ToolOutput.errorText("No such branch: main2")
 */
export class ToolOutput {
  readonly #s: State;

  private constructor(state: State) {
    this.#s = state;
    Object.freeze(this);
  }

  /** A plain text result. */
  static text(text: string): ToolOutput {
    return new ToolOutput(base("text", [textPart(text)], false));
  }

  /** A soft failure: the text goes back to the model with `isError` set. */
  static errorText(text: string): ToolOutput {
    return new ToolOutput(base("text", [textPart(text)], true));
  }

  /**
   * A JSON result. The text the model sees is the compact JSON; the parsed
   * value is kept for `structuredValue()`. A value that cannot be serialised
   * (a cycle, a BigInt, `undefined`) becomes an `errorText`, never a throw.
   */
  static structured(value: unknown): ToolOutput {
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch (error) {
      return ToolOutput.errorText(
        `JSON error: the tool's structured output cannot be serialised: ${reason(error)}`,
      );
    }
    if (json === undefined) {
      return ToolOutput.errorText(
        `JSON error: the tool's structured output cannot be serialised: ${typeof value} has no JSON form`,
      );
    }
    const state = base("structured", [textPart(json)], false);
    state.value = deepFreeze(JSON.parse(json) as JsonValue);
    state.hint = DisplayHint.Json;
    return new ToolOutput(state);
  }

  /** Text and image parts, in order. Throws a TypeError for a malformed part. */
  static multipart(parts: readonly OutputPart[]): ToolOutput {
    if (!Array.isArray(parts)) throw new TypeError("ToolOutput.multipart: `parts` must be an array");
    const copy = parts.map((part, i) => checkPart(part, i));
    return new ToolOutput(base("multipart", Object.freeze(copy), false));
  }

  /** True for a soft failure. */
  get isError(): boolean {
    return this.#s.isError;
  }
  /** The parts, in order. */
  get parts(): readonly OutputPart[] {
    return this.#s.parts;
  }
  /** The UI rendering suggestion, if any. */
  get hint(): DisplayHint | undefined {
    return this.#s.hint;
  }
  /**
   * True when the output carries a JSON value of its own: from
   * `ToolOutput.structured(v)` or `.withStructured(v)`, whatever its hint or
   * text. False for text that merely parses as JSON (which
   * `structuredValue()` also returns).
   */
  get hasStructured(): boolean {
    return this.#s.kind === "structured";
  }
  /** The compaction advice; `"default"` unless set. */
  get retention(): Retention {
    return this.#s.retention;
  }
  /** Host-side annotations (never sent to the model), e.g. `{ memoized: true }`. */
  get meta(): Readonly<Record<string, JsonValue>> {
    return this.#s.meta;
  }

  /** The text parts joined with `"\n"`; images are dropped. */
  textContent(): string {
    const parts = this.#s.parts;
    if (parts.length === 1 && parts[0]?.type === "text") return parts[0].text;
    let out: string | undefined;
    for (const part of parts) {
      if (part.type !== "text") continue;
      out = out === undefined ? part.text : `${out}\n${part.text}`;
    }
    return out ?? "";
  }

  /**
   * The JSON value of a structured result, or of a text result whose text is
   * JSON; `undefined` for multipart and for text that is not JSON.
   */
  structuredValue(): JsonValue | undefined {
    const s = this.#s;
    if (s.kind === "structured") return s.value;
    if (s.kind === "multipart") return undefined;
    try {
      return JSON.parse(this.textContent()) as JsonValue;
    } catch {
      return undefined;
    }
  }

  /** The structured value parsed by a zod or Standard Schema; `undefined` when absent or it does not parse. */
  structuredAs<T>(schema: OutputSchema<T>): T | undefined {
    const value = this.structuredValue();
    if (value === undefined) return undefined;
    if ("safeParse" in schema && typeof schema.safeParse === "function") {
      const result = schema.safeParse(value);
      return result.success ? result.data : undefined;
    }
    if ("~standard" in schema) {
      const result = schema["~standard"].validate(value);
      if (result instanceof Promise) {
        throw new TypeError(
          "ToolOutput.structuredAs: the schema validates asynchronously; only synchronous schemas are supported",
        );
      }
      const r = result as { value?: T; issues?: readonly unknown[] };
      return r.issues ? undefined : r.value;
    }
    throw new TypeError("ToolOutput.structuredAs: `schema` must be a zod schema or a Standard Schema");
  }

  /** A copy with the display hint set. */
  withHint(hint: DisplayHint | undefined): ToolOutput {
    return new ToolOutput({ ...this.#s, hint });
  }
  /** A copy with the retention set. */
  withRetention(retention: Retention): ToolOutput {
    return new ToolOutput({ ...this.#s, retention });
  }
  /** A copy with `isError` set or cleared. */
  withError(isError: boolean): ToolOutput {
    return new ToolOutput({ ...this.#s, isError });
  }
  /**
   * A copy that keeps its parts (what the model reads) and also carries a
   * JSON value for hosts and `structuredValue()`: e.g. numbered text for the
   * model plus the same results as data. Throws a TypeError for a value with
   * no JSON form (a cycle, a BigInt, undefined).
   */
  withStructured(value: unknown): ToolOutput {
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch (error) {
      throw new TypeError(`ToolOutput.withStructured: the value cannot be serialised: ${reason(error)}`);
    }
    if (json === undefined)
      throw new TypeError(`ToolOutput.withStructured: ${typeof value} has no JSON form`);
    return new ToolOutput({
      ...this.#s,
      kind: "structured",
      value: deepFreeze(JSON.parse(json) as JsonValue),
    });
  }
  /** A copy with one host-side annotation added. */
  withMeta(key: string, value: JsonValue): ToolOutput {
    return new ToolOutput({ ...this.#s, meta: Object.freeze({ ...this.#s.meta, [key]: value }) });
  }
  /**
   * A copy whose text is replaced, keeping error flag, hint, retention and
   * meta. Images are kept; the text parts become one part at the position of
   * the first. A structured result becomes text.
   */
  withText(text: string): ToolOutput {
    const parts: OutputPart[] = [];
    let placed = false;
    for (const part of this.#s.parts) {
      if (part.type === "image") parts.push(part);
      else if (!placed) {
        parts.push(textPart(text));
        placed = true;
      }
    }
    if (!placed) parts.unshift(textPart(text));
    const kind: Kind = parts.length === 1 ? "text" : "multipart";
    return new ToolOutput({ ...this.#s, kind, parts: Object.freeze(parts), value: undefined });
  }

  /**
   * True for a ToolOutput, including one from another copy of this package
   * (checked by a `Symbol.for` brand, not `instanceof`). Never throws.
   */
  static is(value: unknown): value is ToolOutput {
    try {
      return value instanceof ToolOutput || hasBrand(value, TOOL_OUTPUT_BRAND);
    } catch {
      return false;
    }
  }
}

// The brand lives on the prototype: every instance of every copy carries it.
Object.defineProperty(ToolOutput.prototype, TOOL_OUTPUT_BRAND, { value: true });

const NO_META: Readonly<Record<string, JsonValue>> = Object.freeze({});

/** A fresh state; `parts` must be an array the caller owns (it is frozen in place). */
function base(kind: Kind, parts: OutputPart[] | readonly OutputPart[], isError: boolean): State {
  return {
    kind,
    parts: Object.isFrozen(parts) ? parts : Object.freeze(parts),
    isError,
    hint: undefined,
    retention: Retention.Default,
    value: undefined,
    meta: NO_META,
  };
}

function textPart(text: string): TextPart {
  if (typeof text !== "string") throw new TypeError(`ToolOutput: text must be a string, got ${typeof text}`);
  return Object.freeze({ type: "text", text });
}

function checkPart(part: unknown, i: number): OutputPart {
  if (!isJsonObject(part)) throw new TypeError(`ToolOutput.multipart: \`parts[${i}]\` must be an object`);
  if (part.type === "text") return textPart(String(part.text ?? ""));
  if (part.type === "image") {
    const { data, mediaType } = part;
    if (typeof data !== "string" || data.length % 4 !== 0 || !BASE64.test(data)) {
      throw new TypeError(`ToolOutput.multipart: \`parts[${i}].data\` must be base64 text`);
    }
    if (typeof mediaType !== "string" || !/^image\/[a-z0-9.+-]+$/i.test(mediaType)) {
      throw new TypeError(
        `ToolOutput.multipart: \`parts[${i}].mediaType\` must be an image media type such as "image/png", got ${JSON.stringify(mediaType)}`,
      );
    }
    return Object.freeze({ type: "image", data, mediaType });
  }
  throw new TypeError(
    `ToolOutput.multipart: \`parts[${i}].type\` must be "text" or "image", got ${JSON.stringify(part.type)}`,
  );
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
