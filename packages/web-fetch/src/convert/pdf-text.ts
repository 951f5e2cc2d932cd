import { FetchError } from "../http/fetch-error.js";

/** A PDF's text, page by page. */
export interface PdfText {
  readonly title: string | undefined;
  readonly pages: number;
  /** The pages' text, each after a `--- Page N ---` line. */
  readonly text: string;
}

/**
 * Extracts the text of a PDF with unpdf (a serverless build of PDF.js),
 * loaded on first use so pages that are not PDFs never pay for it. A PDF
 * that does not parse is a FetchError of kind `content`.
 */
export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const { extractText, getDocumentProxy, getMeta } = await import("unpdf");
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    try {
      const [{ totalPages, text }, meta] = await Promise.all([
        extractText(pdf),
        getMeta(pdf).catch(() => undefined),
      ]);
      const info = meta?.info as { Title?: unknown } | undefined;
      const title =
        typeof info?.Title === "string" && info.Title.trim() !== "" ? info.Title.trim() : undefined;
      const body = text.map((page, i) => `--- Page ${i + 1} ---\n${page.trim()}`).join("\n\n");
      return { title, pages: totalPages, text: body };
    } finally {
      await pdf.cleanup();
    }
  } catch (error) {
    throw new FetchError(
      "content",
      `the PDF could not be read: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}
