import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { decodeText } from "../convert/decode-text.js";
import { htmlToMarkdown } from "../convert/html-to-markdown.js";
import { pdfText } from "../convert/pdf-text.js";
import type { ConvertJob, WorkerMessage } from "./worker-protocol.js";

// The conversion worker: converts the one job it was started with, sending
// the text piece by piece, so a host that stops it keeps what came so far.
const job = workerData as ConvertJob;
const WORKER_NICE = 5;
// On Linux a nice value belongs to the thread that sets it: the conversion
// yields the CPU to the host's own thread. (Elsewhere it would be the whole process.)
if (process.platform === "linux") {
  try {
    setPriority(WORKER_NICE);
  } catch {
    // A system that refuses leaves the worker at the host's priority.
  }
}
const send = (message: WorkerMessage): void => parentPort?.postMessage(message);

async function run(): Promise<void> {
  if (job.kind === "html") {
    const html = decodeText(job.bytes, job.contentType, { html: true });
    const page = htmlToMarkdown(html, job.url, {
      readabilityDeadline: performance.now() + job.readabilityMs,
      onTitle: (title) => send({ type: "title", title }),
      onChunk: (text) => send({ type: "chunk", text }),
    });
    send({ type: "done", source: page.source });
    return;
  }
  await pdfText(job.bytes, {
    maxPages: job.maxPages,
    onTitle: (title) => send({ type: "title", title }),
    onPages: (total, read) => send({ type: "pages", total, read }),
    onPage: (text) => send({ type: "chunk", text }),
  });
  send({ type: "done", source: "pdf" });
}

run().catch((error: unknown) => {
  send({ type: "error", message: error instanceof Error ? error.message : String(error) });
});
