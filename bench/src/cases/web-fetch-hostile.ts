// WebFetch on the pages that froze hosts before its conversion moved to a worker
// (deep nesting, unclosed <script> and <!-- openings, a huge table, 100,000 links,
// a 20,000-page PDF), beside jsdom + Readability + Turndown on the same HTML, run in
// a worker it stops at 60 s. Ours is the whole WebFetch call on 127.0.0.1 with the
// default budget (10 s, 512 MiB); the row's note says whether the reply was complete.
// Also Mozilla Readability's 60 test pages: time and titles found, ours and the peer's.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { createToolContext } from "@toolkit/core";
import { WebFetch, htmlToMarkdown } from "@toolkit/web-fetch";
import type { BenchCase, Row } from "../harness.js";

const PEER = "jsdom 26 + Readability + Turndown";
const PEER_LIMIT_MS = 60_000;

const HOSTILE: Record<string, string> = {
  "nested 1,500 divs": `<html><body>${"<div>".repeat(1500)}<p>deep text</p>${"</div>".repeat(1500)}</body></html>`,
  "nested 5,000 divs": `<html><body>${"<div>".repeat(5000)}<p>deep text</p>${"</div>".repeat(5000)}</body></html>`,
  "20,000 <script> openings": `<html><body><p>before</p>${"<script>".repeat(20_000)}</body></html>`,
  "20,000 <!-- openings": `<html><body><p>before</p>${"<!--".repeat(20_000)}</body></html>`,
  "table 5,000 × 20": `<html><body><table>${`<tr>${"<td>cell</td>".repeat(20)}</tr>`.repeat(5000)}</table></body></html>`,
  "100,000 links": `<html><body><p>${'<a href="/x">link</a> '.repeat(100_000)}</p></body></html>`,
};

/** The peer on one page, in a worker stopped at PEER_LIMIT_MS: its time, or undefined when stopped. */
function peerMs(html: string, url: string): Promise<{ ms: number; note: string }> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./web-fetch-peer-worker.mjs", import.meta.url), {
      workerData: { html, url },
      resourceLimits: { maxOldGenerationSizeMb: 4096 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ ms: PEER_LIMIT_MS, note: `peer stopped at ${PEER_LIMIT_MS / 1000} s` });
    }, PEER_LIMIT_MS);
    worker.on("message", (m: { ms: number; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve({ ms: m.ms, note: m.error === undefined ? "peer finished" : `peer threw ${m.error}` });
    });
    worker.on("error", (error) => {
      clearTimeout(timer);
      resolve({ ms: Number.NaN, note: `peer failed: ${String(error).slice(0, 60)}` });
    });
  });
}

function minimalPdf(pages: number): Buffer {
  const first = 5;
  const kids = Array.from({ length: pages }, (_, i) => `${first + 2 * i} 0 R`).join(" ");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Title (Atlas) >>",
  ];
  for (let i = 0; i < pages; i++) {
    const content = `BT /F1 18 Tf 72 720 Td (Page ${i + 1}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${first + 2 * i + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  const parts: string[] = ["%PDF-1.4\n"];
  let size = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(size);
    const part = `${i + 1} 0 obj\n${body}\nendobj\n`;
    parts.push(part);
    size += part.length;
  });
  parts.push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) parts.push(`${String(offset).padStart(10, "0")} 00000 n \n`);
  parts.push(
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${size}\n%%EOF\n`,
  );
  return Buffer.from(parts.join(""), "latin1");
}

/** Mozilla Readability's test pages beside the repository, when they are there. */
function fixturePages(): string | undefined {
  let dir = join(import.meta.dirname, "..", "..", "..");
  for (let up = 0; up < 3; up++, dir = dirname(dir)) {
    const pages = join(dir, "..", "shared", "fixtures", "readability-pages", "pages");
    if (existsSync(pages)) return pages;
  }
  return undefined;
}

async function fixtureRows(): Promise<Row[]> {
  const root = fixturePages();
  if (root === undefined) return [];
  const { JSDOM } = await import("jsdom");
  const { Readability } = await import("@mozilla/readability");
  const { default: TurndownService } = await import("turndown");
  const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });
  const url = "http://fakehost/test/page.html";
  const oneLine = (t: unknown) => (typeof t === "string" ? t.replace(/\s+/g, " ").trim() : "");
  let oursMs = 0;
  let peerMsTotal = 0;
  let oursTitles = 0;
  let peerTitles = 0;
  let titled = 0;
  const names = readdirSync(root).sort();
  for (const name of names) {
    const html = readFileSync(join(root, name, "source.html"), "utf8");
    const want = oneLine(
      (JSON.parse(readFileSync(join(root, name, "expected-metadata.json"), "utf8")) as { title?: unknown })
        .title,
    );
    let start = performance.now();
    const ours = htmlToMarkdown(html, url);
    oursMs += performance.now() - start;
    start = performance.now();
    const dom = new JSDOM(html, { url });
    const article = new Readability(dom.window.document).parse();
    turndown.turndown(article?.content ?? "");
    dom.window.close();
    peerMsTotal += performance.now() - start;
    if (want !== "") {
      titled++;
      if (oneLine(ours.title) === want) oursTitles++;
      if (oneLine(article?.title) === want) peerTitles++;
    }
  }
  return [
    {
      case: `web-fetch: Readability's ${names.length} test pages, HTML → Markdown`,
      ours: oursMs,
      peer: PEER,
      peerValue: peerMsTotal,
      unit: "ms",
    },
    {
      case: `web-fetch: titles found on Readability's test pages (of ${titled})`,
      ours: oursTitles,
      peer: PEER,
      peerValue: peerTitles,
      unit: "pages",
    },
  ];
}

export const cases: BenchCase[] = [
  {
    name: "web-fetch-hostile",
    async run(): Promise<Row[]> {
      const routes = new Map<string, { type: string; body: string | Buffer }>();
      const names = Object.keys(HOSTILE);
      for (const [i, name] of names.entries())
        routes.set(`/h${i}`, { type: "text/html", body: HOSTILE[name] ?? "" });
      routes.set("/atlas.pdf", { type: "application/pdf", body: minimalPdf(20_000) });
      const server = createServer((req, res) => {
        const route = routes.get(req.url ?? "");
        if (route === undefined) return void res.writeHead(404).end();
        res.writeHead(200, { "content-type": route.type }).end(route.body);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const tool = new WebFetch({ allowHttp: ["127.0.0.1"], allowHosts: ["127.0.0.1"], cache: false });
      const fetchMs = async (path: string) => {
        const start = performance.now();
        const out = await tool.call({ url: `${origin}${path}` }, createToolContext());
        const text = out.textContent();
        const state = out.isError
          ? "error"
          : text.includes("[Truncated:")
            ? "truncated at the budget"
            : "complete";
        return { ms: performance.now() - start, state };
      };
      await fetchMs("/h2");
      const rows: Row[] = [];
      for (const [i, name] of names.entries()) {
        const ours = await fetchMs(`/h${i}`);
        const peer = await peerMs(HOSTILE[name] ?? "", "https://news.example/");
        console.error(
          `  ${name}: ours ${ours.ms.toFixed(0)} ms (${ours.state}), peer ${peer.ms.toFixed(0)} ms (${peer.note})`,
        );
        rows.push({
          case: `web-fetch hostile: ${name}`,
          ours: ours.ms,
          peer: PEER,
          peerValue: peer.ms,
          unit: "ms",
          note: `ours ${ours.state}; ${peer.note}`,
        });
      }
      const pdf = await fetchMs("/atlas.pdf");
      rows.push({
        case: "web-fetch hostile: PDF of 20,000 pages (maxPages 100)",
        ours: pdf.ms,
        peer: "none (the peer stack reads no PDF)",
        peerValue: undefined,
        unit: "ms",
        note: `ours ${pdf.state}`,
      });
      server.close();
      rows.push(...(await fixtureRows()));
      return rows;
    },
  },
];
