import { FetchError } from "../http/fetch-error.js";

/** Where a PDF's text goes as it is read. */
export interface PdfTextOptions {
  /** Pages read at most; the rest are never parsed. */
  readonly maxPages: number;
  readonly onTitle?: (title: string | undefined) => void;
  /** Called once, before the first page, with the page count and how many will be read. */
  readonly onPages?: (total: number, read: number) => void;
  /** Called with each page's text (after a `--- Page N ---` line), in order. */
  readonly onPage?: (text: string) => void;
}

/** A PDF's text, page by page. */
export interface PdfText {
  readonly title: string | undefined;
  /** The PDF's page count. */
  readonly pages: number;
  /** How many pages were read (at most `maxPages`). */
  readonly read: number;
  /** The pages' text, each after a `--- Page N ---` line. */
  readonly text: string;
}

/** The text item of a page as PDF.js gives it. */
interface TextItem {
  readonly str?: string;
  readonly hasEOL?: boolean;
}

/**
 * Extracts the text of a PDF with unpdf (a serverless build of PDF.js),
 * loaded on first use so pages that are not PDFs never pay for it. Only the
 * first `maxPages` pages are parsed. A PDF that does not parse is a
 * FetchError of kind `content`.
 */
export async function pdfText(bytes: Uint8Array, options: PdfTextOptions): Promise<PdfText> {
  const { maxPages, onTitle, onPages, onPage } = options;
  const { getDocumentProxy, getMeta } = await import("unpdf");
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    try {
      const meta = await getMeta(pdf).catch(() => undefined);
      const info = meta?.info as { Title?: unknown } | undefined;
      const title =
        typeof info?.Title === "string" && info.Title.trim() !== "" ? info.Title.trim() : undefined;
      onTitle?.(title);
      const total = pdf.numPages;
      const read = Math.min(total, maxPages);
      onPages?.(total, read);
      const texts: string[] = [];
      for (let n = 1; n <= read; n++) {
        const page = await pdf.getPage(n);
        const content = await page.getTextContent();
        const words = (content.items as TextItem[]).map(
          (item) => `${item.str ?? ""}${item.hasEOL ? "\n" : ""}`,
        );
        const text = `${n > 1 ? "\n\n" : ""}--- Page ${n} ---\n${words.join("").trim()}`;
        page.cleanup();
        texts.push(text);
        onPage?.(text);
      }
      return { title, pages: total, read, text: texts.join("") };
    } finally {
      await pdf.cleanup();
    }
  } catch (error) {
    throw new FetchError(
      "content",
      `the PDF could not be read: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
