import { createServer as createHttpServer, type Server } from "node:http";
import dns from "node:dns";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LoomBash } from "../loom/bash.js";
import { Shell } from "../tools/shell.js";
import { eventually, type Sandbox, sandbox } from "../tools/test-helpers.js";
import type { ProxyLookupFunction } from "./allow-list-proxy.js";
import { skipWithoutBwrap } from "./test-helpers.js";

let box: Sandbox;
let upstream: Server;
let port = 0;
const seen: string[] = [];

/** The proxy's resolution seam: `allowed.test` and `other.test` are the test upstream on 127.0.0.1. */
const lookup: ProxyLookupFunction = (hostname, options, callback) => {
  const mapped = hostname === "allowed.test" || hostname === "other.test" ? "127.0.0.1" : hostname;
  dns.lookup(mapped, { ...options, all: true }, (error, addresses) =>
    options.all
      ? callback(error, addresses)
      : callback(error, addresses[0]?.address ?? "", addresses[0]?.family),
  );
};

const policy = { network: { allow: ["allowed.test"] } };
const shell = new Shell({ sandbox: policy, proxyLookup: lookup });

beforeAll(async () => {
  upstream = createHttpServer((req, res) => {
    seen.push(`${req.method} ${req.headers.host} ${req.url}`);
    res.end(`hello from upstream ${req.url}\n`);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  port = (upstream.address() as { port: number }).port;
});
afterAll(() => {
  upstream.close();
});
beforeEach(async () => {
  box = await sandbox();
  seen.length = 0;
});
afterEach(async () => {
  await box.cleanup();
});

describe.skipIf(skipWithoutBwrap("the sandbox network tests"))("a network allow-list", () => {
  describe("when a command asks the proxy for an allowed host", () => {
    it("reaches it through HTTP_PROXY", async () => {
      const out = await shell.call(
        { command: `curl -sS --max-time 20 http://allowed.test:${port}/hi` },
        box.ctx,
      );
      expect(out.textContent()).toMatch(/^hello from upstream \/hi\n\[exit 0, \d+ ms\]$/);
      expect(seen).toEqual([`GET allowed.test:${port} /hi`]);
    });

    it("tunnels CONNECT to it", async () => {
      const command = `exec 3<>/dev/tcp/127.0.0.1/3128; printf 'CONNECT allowed.test:${port} HTTP/1.1\\r\\nHost: allowed.test:${port}\\r\\n\\r\\nGET /tunnel HTTP/1.1\\r\\nHost: allowed.test\\r\\nConnection: close\\r\\n\\r\\n' >&3; timeout 10 cat <&3`;
      const out = await shell.call({ command }, box.ctx);
      expect(out.textContent()).toMatch(/^HTTP\/1\.1 200 Connection Established\n/);
      expect(out.textContent()).toContain("hello from upstream /tunnel");
    });
  });

  describe("when a command asks for any other host", () => {
    it("is refused with a message naming the host, and the reply names the policy", async () => {
      const out = await shell.call(
        { command: `curl -sS --max-time 20 -i http://other.test:${port}/x` },
        box.ctx,
      );
      expect(out.textContent()).toContain("HTTP/1.1 403 Forbidden");
      expect(out.textContent()).toContain(
        'sandbox: "other.test" is not on the network allow-list (allowed.test); the request was refused',
      );
      expect(seen).toEqual([]);
      const https = await shell.call({ command: "curl -sS --max-time 20 https://other.test/" }, box.ctx);
      expect(https.isError).toBe(true);
      expect(https.textContent()).toContain("403");
      expect(https.textContent().split("\n").at(-1)).toBe(
        "[sandbox: the network allow-list (allowed.test) refused other.test]",
      );
    });

    it("refuses look-alikes of the allowed name", async () => {
      for (const host of ["allowed.test.evil", "xallowed.test", "sub.allowed.test", "127.0.0.1"]) {
        const out = await shell.call(
          {
            command: `NO_PROXY= no_proxy= curl -sS --max-time 20 -o /dev/null -w '%{http_code}' http://${host}:${port}/`,
          },
          box.ctx,
        );
        expect(out.textContent().split("\n")[0]).toBe("403");
      }
      expect(seen).toEqual([]);
    });
  });

  describe("when a command bypasses the proxy", () => {
    it("cannot open a raw TCP connection", async () => {
      const out = await shell.call(
        {
          command: `curl -sS --noproxy '*' --max-time 20 http://127.0.0.1:${port}/; exec 3<>/dev/tcp/127.0.0.1/${port}`,
        },
        box.ctx,
      );
      expect(out.isError).toBe(true);
      expect(out.textContent()).toContain("Connection refused");
      expect(seen).toEqual([]);
    });
  });

  describe("when a background job cannot start", () => {
    it("stops the proxy made for it", async () => {
      const own = () =>
        readdirSync(tmpdir()).filter((name) => name.startsWith(`toolkit-proxy-${process.pid}-`));
      const limited = new Shell({ sandbox: policy, proxyLookup: lookup, maxRunningJobs: 1 });
      await limited.call({ command: "sleep 30", background: true }, box.ctx);
      expect(own()).toHaveLength(1);
      const refused = await limited.call({ command: "sleep 30", background: true }, box.ctx);
      expect(refused.textContent()).toMatch(/^Execution error: 1 background jobs are already running/);
      expect(own()).toHaveLength(1);
      await box.ctx.dispose();
      await eventually(() => (own().length === 0 ? true : undefined));
    });
  });

  describe("when the Loom bash tool is used with the same policy", () => {
    it("reaches the allowed host and tells a refusal on the last line of stderr", async () => {
      const bash = new LoomBash({ sandbox: policy, proxyLookup: lookup });
      const ok = await bash.call(
        { command: `curl -sS --max-time 20 http://allowed.test:${port}/loom` },
        box.ctx,
      );
      expect(ok.structuredValue()).toMatchObject({ exit_code: 0, stdout: "hello from upstream /loom\n" });
      const refused = await bash.call(
        { command: `curl -sS --max-time 20 -f http://other.test:${port}/` },
        box.ctx,
      );
      expect(refused.structuredValue()).toMatchObject({
        exit_code: 22,
        stderr: expect.stringMatching(
          /\n\[sandbox: the network allow-list \(allowed\.test\) refused other\.test\]\n$/,
        ),
      });
    });
  });
});
