import { FetchError } from "../http/fetch-error.js";
import { startConvertWorker } from "./start-convert-worker.js";
import type { ConvertJob, WorkerMessage } from "./worker-protocol.js";

/** The time budget and memory cap of one conversion. */
export interface ConversionLimits {
  /** Wall time the conversion may take, in milliseconds. */
  readonly timeoutMs: number;
  /** The worker's heap cap, in MiB (`resourceLimits.maxOldGenerationSizeMb`). */
  readonly maxMemoryMb: number;
}

/** Where a conversion stopped early: at its time budget or at its memory cap. */
export type ConversionCut = "time" | "memory";

/** What a conversion produced, in full or up to where it was stopped. */
export interface Converted {
  readonly title: string | undefined;
  readonly text: string;
  readonly source: "article" | "body" | "pdf" | undefined;
  /** Set when the worker was stopped and `text` is what it had sent so far. */
  readonly cut: ConversionCut | undefined;
  /** A PDF's page count and how many pages were read. */
  readonly pages: { readonly total: number; readonly read: number } | undefined;
}

/** The share of the time budget Readability may use before the whole body is converted instead. */
const READABILITY_SHARE = 0.4;

/**
 * Runs one conversion in a worker thread, so the host's event loop never
 * waits on it (the bytes are decoded there too). Past `timeoutMs`, or when the worker's heap reaches
 * `maxMemoryMb`, the worker is terminated and the text it had sent so far
 * comes back with `cut` set. `signal` terminates it too (the promise
 * rejects with the signal's reason). A page the worker cannot read is a
 * FetchError of kind `content`.
 */
export function convertInWorker(
  job: ConvertJob,
  limits: ConversionLimits,
  signal?: AbortSignal,
): Promise<Converted> {
  // The bytes move to the worker: a body that shares its memory is copied first.
  const whole = job.bytes.byteOffset === 0 && job.bytes.byteLength === job.bytes.buffer.byteLength;
  const bytes = whole && job.bytes.buffer instanceof ArrayBuffer ? job.bytes : new Uint8Array(job.bytes);
  const withShare: ConvertJob =
    job.kind === "html"
      ? { ...job, bytes, readabilityMs: Math.floor(limits.timeoutMs * READABILITY_SHARE) }
      : { ...job, bytes };
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = startConvertWorker(withShare, {
      maxOldGenerationSizeMb: limits.maxMemoryMb,
      maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(limits.maxMemoryMb / 8))),
    });
    worker.stdout.resume();
    worker.stderr.resume();
    const chunks: string[] = [];
    let title: string | undefined;
    let pages: Converted["pages"];
    let settled = false;
    const finish = (outcome: {
      source?: Converted["source"];
      cut?: ConversionCut;
      error?: unknown;
    }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      if (outcome.error !== undefined) reject(outcome.error);
      else resolve({ title, text: chunks.join(""), source: outcome.source, cut: outcome.cut, pages });
    };
    const onAbort = (): void => finish({ error: signal?.reason });
    signal?.addEventListener("abort", onAbort, { once: true });
    const timer = setTimeout(() => finish({ cut: "time" }), limits.timeoutMs);
    worker.on("message", (message: WorkerMessage) => {
      switch (message.type) {
        case "title":
          title = message.title;
          break;
        case "chunk":
          chunks.push(message.text);
          break;
        case "pages":
          pages = { total: message.total, read: message.read };
          break;
        case "done":
          finish({ source: message.source });
          break;
        case "error":
          finish({ error: new FetchError("content", message.message) });
          break;
      }
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") finish({ cut: "memory" });
      else
        finish({
          error: new FetchError("content", `the conversion failed: ${error.message}`, { cause: error }),
        });
    });
    worker.on("exit", (code) => {
      finish({
        error: new FetchError("content", `the conversion worker exited with code ${code} before it finished`),
      });
    });
  });
}
