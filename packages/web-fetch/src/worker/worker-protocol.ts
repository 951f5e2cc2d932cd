/** What the host asks the conversion worker to do. */
export type ConvertJob =
  | {
      readonly kind: "html";
      /** The page's bytes, decoded in the worker by their charset. */
      readonly bytes: Uint8Array;
      readonly contentType: string;
      readonly url: string;
      /** How long Readability may run before the whole body is converted instead. */
      readonly readabilityMs: number;
    }
  | { readonly kind: "pdf"; readonly bytes: Uint8Array; readonly maxPages: number };

/** What the worker sends back, in order: a title, pieces of text, then done or an error. */
export type WorkerMessage =
  | { readonly type: "title"; readonly title: string | undefined }
  | { readonly type: "chunk"; readonly text: string }
  | { readonly type: "pages"; readonly total: number; readonly read: number }
  | { readonly type: "done"; readonly source: "article" | "body" | "pdf" }
  | { readonly type: "error"; readonly message: string };
