import { spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describe, expect, it, vi } from "vitest";
import { httpClientTransport, PACKAGE_DIR, runToExit, PATIENCE, tsNodeArgs } from "../fixtures/connect.js";
import { INITIALIZE, send } from "../fixtures/raw-http.js";

const BIN = "../bin/toolkit-mcp.ts";

describe("toolkit-mcp --http", () => {
  describe("when started with --http", () => {
    /** Starts the bin over HTTP and resolves with its URL and what it printed, once it is listening. */
    async function startHttp(argv: string[], env: Record<string, string> = {}) {
      const child = spawn(process.execPath, [...tsNodeArgs(BIN), "--think", "--http", ...argv], {
        cwd: PACKAGE_DIR,
        env: { ...process.env, TOOLKIT_MCP_TOKEN: "", ...env },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      const stop = () =>
        new Promise<void>((resolve) => {
          child.once("close", () => resolve());
          child.kill("SIGTERM");
        });
      try {
        const url = await vi.waitFor(
          () => {
            const found = /toolkit-mcp: serving (\S+)/.exec(stderr)?.[1];
            if (!found) throw new Error(`not listening yet: ${stderr}`);
            return new URL(found);
          },
          { timeout: 15_000, interval: 50 },
        );
        return { url, stderr: () => stderr, stop };
      } catch (error) {
        await stop();
        throw error;
      }
    }

    it("requires the token from TOOLKIT_MCP_TOKEN and serves a client that sends it", async () => {
      const token = "env-token-0123456789abcdef";
      const bin = await startHttp([], { TOOLKIT_MCP_TOKEN: token });
      try {
        expect((await send(bin.url, { body: INITIALIZE })).status).toBe(401);
        const client = new Client({ name: "test", version: "1.0.0" });
        await client.connect(httpClientTransport(bin.url, token));
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["Think"]);
        await client.close();
        expect(bin.stderr()).not.toContain(token);
      } finally {
        await bin.stop();
      }
    });

    it("generates a token and prints it once when none is set", async () => {
      const bin = await startHttp([]);
      try {
        const printed = await vi.waitFor(() => {
          const found = /Authorization: Bearer ([A-Za-z0-9_-]{43})`/.exec(bin.stderr())?.[1];
          if (!found) throw new Error("no token printed yet");
          return found;
        }, PATIENCE);
        expect(bin.stderr().split(printed)).toHaveLength(2);
        const ok = await send(bin.url, { headers: { authorization: `Bearer ${printed}` }, body: INITIALIZE });
        expect(ok.status).toBe(200);
      } finally {
        await bin.stop();
      }
    });

    it("refuses --no-auth on a host that is not loopback", async () => {
      const { status, stderr } = await runToExit([
        ...tsNodeArgs(BIN),
        "--think",
        "--http",
        "--host",
        "0.0.0.0",
        "--no-auth",
      ]);
      expect(status).toBe(2);
      expect(stderr).toContain(
        'toolkit-mcp: `allowUnauthenticated` is only allowed on a loopback host (127.0.0.1, ::1, localhost), got "0.0.0.0"',
      );
    });
  });
});
