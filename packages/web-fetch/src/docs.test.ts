import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { articlePage } from "./tool/test-pages.js";
import { type TestSite, serve, startTestSite } from "./tool/test-site.js";

// Runs every ```ts block of README.md as written, with "@toolkit/web-fetch"
// pointed at a stand-in that puts WebFetch on a pretend internet: every name
// resolves to a public address and every connection reaches a local site.
const here = import.meta.dirname;
const readme = readFileSync(join(here, "..", "README.md"), "utf8");
// Blocks marked no-run (they fetch a real site) run here, on the pretend internet.
const blocks = [...readme.matchAll(/```ts(?: no-run)?\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");

let site: TestSite;
let dir: string;
beforeAll(async () => {
  site = await startTestSite({ "/news/bridge": serve("text/html; charset=utf-8", articlePage()) });
  dir = mkdtempSync(join(tmpdir(), "web-fetch-readme-"));
  writeFileSync(
    join(dir, "stand-in.ts"),
    `import { connect } from "node:net";
import * as real from ${JSON.stringify(join(here, "index.ts"))};
export * from ${JSON.stringify(join(here, "index.ts"))};
const network = {
  lookup: async () => [{ address: "93.184.216.34", family: 4 }],
  connect: () => connect({ host: "127.0.0.1", port: ${site.port} }),
};
export class WebFetch extends real.WebFetch {
  constructor(options: real.WebFetchOptions = {}) { super({ ...network, ...options }); }
}
export function createWebFetchTools(options: real.WebFetchOptions = {}) { return [new WebFetch(options)] as const; }
`,
  );
});
afterAll(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("README.md", () => {
  it("has the examples this test runs", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });

  it.each(blocks.map((code, i) => [i + 1, code]))("runs example %i as written", async (i, code) => {
    const file = join(dir, `example-${i}.ts`);
    writeFileSync(
      file,
      String(code)
        .replaceAll('"@toolkit/web-fetch/test"', JSON.stringify(join(here, "testing", "index.ts")))
        .replaceAll('"@toolkit/web-fetch"', JSON.stringify(join(dir, "stand-in.ts")))
        .replaceAll('"@toolkit/core"', JSON.stringify(join(here, "..", "..", "core", "src", "index.ts"))),
    );
    const logs: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      logs.push(args.map(String).join(" "));
    });
    try {
      await import(file);
    } finally {
      spy.mockRestore();
    }
    if (String(code).includes("startStandInWeb(")) expect(logs[0]).toContain("price \\* (100 - p) / 100");
    if (i === 1) {
      expect(
        logs[0]?.startsWith(
          "Title: Rebuilding the Harbour Bridge | Daily Planet\nURL: https://example.com/news/bridge\n\nParagraph 1 of the article",
        ),
      ).toBe(true);
      expect(logs[0]).toContain("## The design");
      expect(logs[0]).toContain("| Design | Cost (M€) | Life (years) |");
    }
  });
});
