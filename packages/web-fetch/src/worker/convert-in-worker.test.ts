import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { FetchError } from "../http/fetch-error.js";
import { articlePage } from "../tool/test-pages.js";
import { convertInWorker } from "./convert-in-worker.js";

const LIMITS = { timeoutMs: 30_000, maxMemoryMb: 256 };
const bytes = (text: string) => new TextEncoder().encode(text);
const job = (html: string) =>
  ({
    kind: "html",
    bytes: bytes(html),
    contentType: "text/html",
    url: "https://news.example/a",
    readabilityMs: 0,
  }) as const;

describe("convertInWorker", () => {
  describe("from the TypeScript sources", () => {
    it("converts a page in a worker and sends back its title and Markdown", async () => {
      const page = await convertInWorker(job(articlePage()), LIMITS);
      expect(page.title).toBe("Rebuilding the Harbour Bridge | Daily Planet");
      expect(page.source).toBe("article");
      expect(page.cut).toBeUndefined();
      expect(page.text).toContain("## The design");
    });

    it("rejects with the signal's reason when the signal aborts, and stops the worker", async () => {
      const controller = new AbortController();
      const pending = convertInWorker(job(articlePage()), LIMITS, controller.signal);
      controller.abort(new Error("stopped by the host"));
      await expect(pending).rejects.toThrow("stopped by the host");
    });

    it("answers a PDF that does not parse with a FetchError of kind content", async () => {
      const pending = convertInWorker(
        { kind: "pdf", bytes: bytes("%PDF-1.4 not really"), maxPages: 5 },
        LIMITS,
      );
      await expect(pending).rejects.toSatisfy(
        (error: unknown) =>
          FetchError.is(error) && error.kind === "content" && /PDF could not be read/.test(error.message),
      );
    });
  });

  describe("from the built package", () => {
    const dist = join(import.meta.dirname, "..", "..", "dist");
    const built = existsSync(join(dist, "index.js")) && existsSync(join(dist, "convert-worker.js"));
    if (!built && process.env.CI === "true") {
      it("needs the built package", () => {
        throw new Error("packages/web-fetch/dist is missing: build the package before its tests");
      });
    } else if (!built) {
      console.log("skipping the built-package worker test: run `pnpm build` in packages/web-fetch first");
    } else {
      it("loads convert-worker.js from beside the bundle and converts in it", async () => {
        // A plain Node process (no tsx, no vitest) importing dist/index.js, as a user's would.
        const script = `
          import { createServer } from "node:http";
          import { WebFetch } from ${JSON.stringify(join(dist, "index.js"))};
          const server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(${JSON.stringify(articlePage())}));
          await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
          const tool = new WebFetch({ allowHttp: true, allowHosts: ["127.0.0.1"] });
          const out = await tool.call({ url: "http://127.0.0.1:" + server.address().port + "/a" }, { signal: new AbortController().signal });
          console.log(out.textContent());
          server.close();`;
        const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script]);
        expect(stdout).toContain("Title: Rebuilding the Harbour Bridge | Daily Planet");
        expect(stdout).toContain("## The design");
      });
    }
  });
});
