import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createToolContext } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestSite, serve, startTestSite } from "./test-site.js";
import { WebFetch } from "./web-fetch.js";
import type { WebFetchOptions } from "./web-fetch-options.js";

// The pages that froze the host before the conversion moved to a worker:
// deep nesting (RangeError at 5,000), openings that made a regular
// expression quadratic, a huge table and 100,000 links.
const HOSTILE: Record<string, string> = {
  "/nested": `<html><body>${"<div>".repeat(5000)}<p>deep text</p>${"</div>".repeat(5000)}</body></html>`,
  "/scripts": `<html><body><p>before the scripts</p>${"<script>".repeat(20_000)}</body></html>`,
  "/comments": `<html><body><p>before the comments</p>${"<!--".repeat(20_000)}</body></html>`,
  "/table": `<html><body><table>${`<tr>${"<td>cell</td>".repeat(20)}</tr>`.repeat(5000)}</table></body></html>`,
  "/links": `<html><body><p>${'<a href="/x">link</a> '.repeat(100_000)}</p></body></html>`,
};
const WARM_UP =
  "<html><body><p>A small page read first, so that loading the tool is not counted.</p></body></html>";

const ctx = createToolContext();
let site: TestSite;
beforeAll(async () => {
  const routes = Object.fromEntries(
    Object.entries({ ...HOSTILE, "/warm-up": WARM_UP }).map(([path, html]) => [
      path,
      serve("text/html; charset=utf-8", html),
    ]),
  );
  site = await startTestSite(routes);
});
afterAll(() => site.close());

function tool(options: WebFetchOptions = {}): WebFetch {
  return new WebFetch({ allowHttp: ["127.0.0.1"], allowHosts: ["127.0.0.1"], cache: false, ...options });
}

/** Nanoseconds the host's main thread has spent on a CPU, from Linux's schedstat (undefined elsewhere). */
function mainThreadCpuNs(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    return undefined;
  }
}

/**
 * The longest stretch the host's main thread spent running rather than
 * waiting while `work` ran: its CPU time between two ticks of a 5 ms probe
 * (Linux schedstat), else its event loop's active time per tick. The CPU
 * time does not count the time the thread waits for a core on a busy
 * machine, which the delay of a timer would.
 */
async function longestBusyMs(work: () => Promise<unknown>): Promise<number> {
  let previousCpu = mainThreadCpuNs();
  let previousLoop = performance.eventLoopUtilization();
  let longest = 0;
  const sample = (): void => {
    const cpu = mainThreadCpuNs();
    const loop = performance.eventLoopUtilization();
    const busy =
      cpu !== undefined && previousCpu !== undefined
        ? (cpu - previousCpu) / 1e6
        : performance.eventLoopUtilization(loop, previousLoop).active;
    longest = Math.max(longest, busy);
    previousCpu = cpu;
    previousLoop = loop;
  };
  const probe = setInterval(sample, 5);
  try {
    await work();
  } finally {
    clearInterval(probe);
    sample();
  }
  return longest;
}

async function fetchText(webFetch: WebFetch, path: string): Promise<string> {
  const out = await webFetch.call({ url: `${site.origin}${path}`, max_chars: 100_000 }, ctx);
  expect(out.isError, out.textContent()).toBe(false);
  return out.textContent();
}

describe("WebFetch on hostile pages", () => {
  it("never keeps the host's event loop busy for 50 ms or more while the worst pages convert", async () => {
    const webFetch = tool();
    await fetchText(webFetch, "/warm-up");
    // A conversion on the host's thread blocks it on every attempt; a stray
    // pause (a garbage collection of the test runner's heap) can show in one,
    // so each page has up to three.
    const busy: Record<string, number[]> = {};
    for (const path of Object.keys(HOSTILE)) {
      const attempts: number[] = [];
      while (attempts.length < 3 && !attempts.some((ms) => ms < 50)) {
        attempts.push(Math.round(await longestBusyMs(() => fetchText(webFetch, path))));
      }
      busy[path] = attempts;
    }
    console.log(JSON.stringify(busy));
    const blocked = Object.entries(busy).filter(([, attempts]) => !attempts.some((ms) => ms < 50));
    expect(blocked, `longest busy stretch per attempt (ms): ${JSON.stringify(busy)}`).toEqual([]);
  }, 120_000);

  it.each([
    ["/nested", "deep text"],
    ["/scripts", "before the scripts"],
    ["/comments", "before the comments"],
  ])("reads %s in full", async (path, text) => {
    const reply = await fetchText(tool(), path);
    expect(reply).toContain(text);
    expect(reply).not.toContain("Truncated");
  });

  describe("when the conversion runs past its time budget", () => {
    it("stops the worker and replies with what was converted so far, marked truncated", async () => {
      const reply = await fetchText(tool({ conversionTimeoutMs: 200 }), "/links");
      expect(reply).toMatch(
        /\n\n\[Truncated: the conversion stopped at its 0\.2 s time budget \(conversionTimeoutMs\); the rest of the page was not converted\.\]$/,
      );
    });
  });

  describe("when the conversion reaches its memory cap", () => {
    it("stops the worker and replies marked truncated", async () => {
      const reply = await fetchText(tool({ conversionMemoryMb: 16 }), "/links");
      expect(reply).toMatch(
        /\n\n\[Truncated: the conversion stopped at its 16 MiB memory cap \(conversionMemoryMb\); the rest of the page was not converted\.\]$/,
      );
    });
  });
});
