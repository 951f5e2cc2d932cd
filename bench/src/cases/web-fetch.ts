// WebFetch's HTML → Markdown (Readability over linkedom + turndown) against the usual
// stack, jsdom + Readability + Turndown, on 20 generated real-world-sized pages
// (50 KB to 2 MB), one conversion of each page by each, in turns. Also checks both
// keep the same main text: every article token present, and counts chrome left in.
import { performance } from "node:perf_hooks";
import { htmlToMarkdown } from "@toolkit/web-fetch";
import type { BenchCase, Row } from "../harness.js";
import { generatePage } from "./web-fetch-pages.js";

const PAGES = 20;
const MIN_BYTES = 50_000;
const MAX_BYTES = 2_000_000;

type Convert = (html: string, url: string) => string;

async function jsdomPeer(): Promise<Convert | undefined> {
  try {
    const { JSDOM } = await import("jsdom");
    const { Readability } = await import("@mozilla/readability");
    const { default: TurndownService } = await import("turndown");
    const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });
    return (html, url) => {
      const dom = new JSDOM(html, { url });
      const article = new Readability(dom.window.document).parse();
      const markdown = turndown.turndown(article?.content ?? dom.window.document.body.innerHTML);
      dom.window.close();
      return markdown;
    };
  } catch {
    return undefined;
  }
}

/** Wall and CPU time of one conversion (CPU time: what it costs on a machine shared with other work). */
function timed(fn: () => string): { ms: number; cpuMs: number; out: string } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const out = fn();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, out };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const cases: BenchCase[] = [
  {
    name: "web-fetch",
    async run(): Promise<Row[]> {
      const peer = await jsdomPeer();
      const ours: Convert = (html, url) => htmlToMarkdown(html, url).markdown;
      const sizes = Array.from({ length: PAGES }, (_, i) =>
        Math.round(MIN_BYTES * (MAX_BYTES / MIN_BYTES) ** (i / (PAGES - 1))),
      );
      const pages = sizes.map((size, i) => generatePage(i, size));
      const url = "https://news.example/2026/12/bridge";
      // Warm both up on a small page so neither pays for its first JIT in the figures.
      ours(pages[0]?.html ?? "", url);
      peer?.(pages[0]?.html ?? "", url);
      const oursMs: number[] = [];
      const peerMs: number[] = [];
      const oursCpu: number[] = [];
      const peerCpu: number[] = [];
      let sameMain = 0;
      let oursChrome = 0;
      let peerChrome = 0;
      let bytes = 0;
      for (const page of pages) {
        bytes += page.html.length;
        const a = timed(() => ours(page.html, url));
        oursMs.push(a.ms);
        oursCpu.push(a.cpuMs);
        const b = peer === undefined ? undefined : timed(() => peer(page.html, url));
        if (b !== undefined) {
          peerMs.push(b.ms);
          peerCpu.push(b.cpuMs);
        }
        const keeps = (out: string) => page.mainTokens.every((t) => out.includes(t));
        if (keeps(a.out) && (b === undefined || keeps(b.out))) sameMain++;
        oursChrome += page.chromeTokens.filter((t) => a.out.includes(t)).length;
        if (b !== undefined) peerChrome += page.chromeTokens.filter((t) => b.out.includes(t)).length;
        console.error(
          `  page ${(page.html.length / 1000).toFixed(0)} KB: ours ${a.ms.toFixed(0)} ms, jsdom ${b === undefined ? "absent" : `${b.ms.toFixed(0)} ms`}`,
        );
      }
      const sum = (v: number[]) => v.reduce((x, y) => x + y, 0);
      const peerName = "jsdom 26 + Readability + Turndown";
      const absent = peer === undefined ? "absent: jsdom not installed" : undefined;
      const note = `${pages.length} pages, ${(bytes / 1e6).toFixed(1)} MB; main text kept in full by both on ${sameMain}/${pages.length}; chrome tokens left: ours ${oursChrome}, peer ${peerChrome}; goal ratio <= 0.2 (5x)`;
      return [
        {
          case: "web-fetch: HTML → Markdown, all 20 pages",
          ours: sum(oursMs),
          peer: peerName,
          peerValue: peer === undefined ? undefined : sum(peerMs),
          unit: "ms",
          note: absent ?? note,
        },
        {
          case: "web-fetch: HTML → Markdown, all 20 pages, CPU time",
          ours: sum(oursCpu),
          peer: peerName,
          peerValue: peer === undefined ? undefined : sum(peerCpu),
          unit: "ms",
          ...(absent === undefined ? {} : { note: absent }),
        },
        {
          case: "web-fetch: HTML → Markdown, median page",
          ours: median(oursMs),
          peer: peerName,
          peerValue: peer === undefined ? undefined : median(peerMs),
          unit: "ms",
          ...(absent === undefined ? {} : { note: absent }),
        },
      ];
    },
  },
];
