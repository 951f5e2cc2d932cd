import { DisplayHint, Retention, ToolError, ToolOutput } from "@toolkit/core";
import type { ConversionCut } from "../worker/convert-in-worker.js";
import type { ConversionPolicy, LoadedPage } from "./load-page.js";
import { pageNote, pageSlice } from "./page-slice.js";

/** Bytes in the words a note uses: `10 MiB`, `512 KiB`, `300 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The reply for a loaded page: title, URL (and type, for what is not HTML)
 * on top, then the page of text the call asked for, the paging note and the
 * download-cap note. A redirect to another host is reported (or, when the
 * guard would refuse its target, a Permission error). Retention `requery`:
 * the page can be fetched again.
 */
export function formatReply(
  page: LoadedPage,
  { offset, maxChars }: { offset: number; maxChars: number },
  limits: ConversionPolicy,
): ToolOutput {
  if (page.kind === "redirect") return redirectReply(page);
  if (page.kind === "image") {
    const text = `URL: ${page.url}\nType: ${page.mediaType}, ${page.data.length} bytes`;
    return ToolOutput.multipart([
      { type: "text", text },
      { type: "image", data: page.data.toString("base64"), mediaType: page.mediaType },
    ]).withRetention(Retention.Requery);
  }
  const slice = pageSlice(page.text, offset, maxChars);
  const head = [
    ...(page.title === undefined ? [] : [`Title: ${page.title}`]),
    `URL: ${page.url}`,
    ...(page.format === "markdown" ? [] : [`Type: ${page.mediaType}`]),
  ];
  const notes = [
    pageNote(slice),
    page.cutAtBytes === undefined
      ? undefined
      : `[The download stopped at the ${formatBytes(page.cutAtBytes)} cap; the rest of the page was not read.]`,
    cutNote(page.cut, limits),
    page.pages === undefined || page.pages.read === page.pages.total
      ? undefined
      : `[The PDF has ${page.pages.total} pages; only the first ${page.pages.read} were read (maxPages).]`,
  ].filter((note) => note !== undefined);
  const body = page.text === "" ? "(The page has no readable text.)" : slice.text;
  const text = [head.join("\n"), body, ...notes].join("\n\n");
  return ToolOutput.text(text)
    .withHint(page.format === "markdown" ? DisplayHint.Markdown : DisplayHint.Text)
    .withRetention(Retention.Requery);
}

/** The note of a conversion stopped at its time budget or memory cap. */
function cutNote(cut: ConversionCut | undefined, limits: ConversionPolicy): string | undefined {
  if (cut === "time")
    return `[Truncated: the conversion stopped at its ${limits.timeoutMs / 1000} s time budget (conversionTimeoutMs); the rest of the page was not converted.]`;
  if (cut === "memory")
    return `[Truncated: the conversion stopped at its ${limits.maxMemoryMb} MiB memory cap (conversionMemoryMb); the rest of the page was not converted.]`;
  return undefined;
}

function redirectReply(page: Extract<LoadedPage, { kind: "redirect" }>): ToolOutput {
  if (page.refused !== undefined) {
    throw ToolError.permission(
      `${page.from} redirected (${page.status}) to ${page.to}, which was not fetched: ${page.refused}`,
      {
        advice: "Do not fetch that URL: WebFetch does not reach internal network addresses.",
      },
    );
  }
  const text = [
    `${page.from} redirected (${page.status}) to a different host: ${page.to}`,
    `WebFetch does not follow redirects to another host. To read it, call WebFetch again with url: "${page.to}".`,
  ].join("\n");
  return ToolOutput.text(text).withRetention(Retention.Requery);
}
