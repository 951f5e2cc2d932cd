import { FetchError } from "../http/fetch-error.js";
import { type ConversionCut, type ConversionLimits, convertInWorker } from "../worker/convert-in-worker.js";
import { decodeText } from "./decode-text.js";

/** A page turned into what the model reads. */
export type RenderedPage =
  | {
      readonly kind: "text";
      readonly title: string | undefined;
      /** The media type as served (or sniffed), without parameters. */
      readonly mediaType: string;
      /** `markdown` for HTML converted to Markdown. */
      readonly format: "markdown" | "text";
      readonly text: string;
      /** Set when the conversion was stopped at its time budget or memory cap. */
      readonly cut?: ConversionCut | undefined;
      /** A PDF's page count and how many of its pages were read. */
      readonly pages?: { readonly total: number; readonly read: number } | undefined;
    }
  | { readonly kind: "image"; readonly mediaType: string; readonly data: Buffer };

/** Image types models accept. */
export const IMAGE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

/** The media type of a Content-Type header, lowercase, without parameters. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/** A media type for a body served without one (or as octet-stream), from its first bytes. */
export function sniffMediaType(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 512)).toString("latin1");
  if (head.startsWith("%PDF-")) return "application/pdf";
  if (head.startsWith("\x89PNG\r\n\x1a\n")) return "image/png";
  if (head.startsWith("\xff\xd8\xff")) return "image/jpeg";
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return "image/gif";
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return "image/webp";
  const text = head.trimStart().toLowerCase();
  if (text.startsWith("<!doctype html") || text.startsWith("<html")) return "text/html";
  if (text.startsWith("<?xml")) return "application/xml";
  if (text.startsWith("{") || text.startsWith("[")) return "application/json";
  if (!head.includes("\0")) return "text/plain";
  return undefined;
}

function isXml(type: string): boolean {
  return type === "application/xml" || type === "text/xml" || type.endsWith("+xml");
}

function isJson(type: string): boolean {
  return type === "application/json" || type.endsWith("+json") || type === "text/json";
}

/**
 * Turns a body into text or an image by its type: HTML to Markdown (main
 * content) and PDF to text in a worker thread under `limits`, JSON pretty-printed, text, Markdown, XML, RSS and Atom as
 * served, PDF as its text, PNG/JPEG/GIF/WebP as an image. Any other type is a
 * FetchError of kind `type` naming it.
 */
export async function renderBody({
  bytes,
  contentType,
  url,
  limits,
  signal,
}: {
  bytes: Buffer;
  contentType: string;
  url: string;
  /** The conversion's budget and cap, and how many PDF pages are read. */
  limits: ConversionLimits & { readonly maxPages: number };
  signal?: AbortSignal;
}): Promise<RenderedPage> {
  const served = mediaTypeOf(contentType);
  const type =
    served === "" || served === "application/octet-stream" ? (sniffMediaType(bytes) ?? served) : served;
  if (type === "text/html" || type === "application/xhtml+xml") {
    const page = await convertInWorker(
      { kind: "html", bytes, contentType, url, readabilityMs: 0 },
      limits,
      signal,
    );
    return {
      kind: "text",
      title: page.title,
      mediaType: type,
      format: "markdown",
      text: page.text.trim(),
      cut: page.cut,
    };
  }
  if (isJson(type)) {
    const text = decodeText(bytes, contentType);
    return { kind: "text", title: undefined, mediaType: type, format: "text", text: prettyJson(text) };
  }
  if (type.startsWith("text/") || isXml(type)) {
    return {
      kind: "text",
      title: undefined,
      mediaType: type,
      format: "text",
      text: decodeText(bytes, contentType),
    };
  }
  if (type === "application/pdf") {
    const pdf = await convertInWorker({ kind: "pdf", bytes, maxPages: limits.maxPages }, limits, signal);
    return {
      kind: "text",
      title: pdf.title,
      mediaType: type,
      format: "text",
      text: pdf.text,
      cut: pdf.cut,
      pages: pdf.pages,
    };
  }
  if (IMAGE_TYPES.has(type)) return { kind: "image", mediaType: type, data: bytes };
  throw new FetchError(
    "type",
    `${url} is ${type === "" ? "of no stated type" : `\`${type}\``}, which WebFetch does not read (it reads HTML, text, Markdown, JSON, XML/RSS, PDF and PNG/JPEG/GIF/WebP images)`,
  );
}

/** JSON re-indented by two spaces; text that does not parse is returned as it came. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
