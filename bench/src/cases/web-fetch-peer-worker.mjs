// The peer stack (jsdom + Readability + Turndown) in a worker thread, so the
// web-fetch-hostile bench can stop it on a page it would take minutes on.
import { parentPort, workerData } from "node:worker_threads";
import { Readability } from "@mozilla/readability";
import { JSDOM } from "jsdom";
import TurndownService from "turndown";

const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });
const start = performance.now();
try {
  const dom = new JSDOM(workerData.html, { url: workerData.url });
  const article = new Readability(dom.window.document).parse();
  const markdown = turndown.turndown(article?.content ?? dom.window.document.body.innerHTML);
  parentPort?.postMessage({ ms: performance.now() - start, chars: markdown.length });
} catch (error) {
  parentPort?.postMessage({ ms: performance.now() - start, error: String(error).slice(0, 80) });
}
