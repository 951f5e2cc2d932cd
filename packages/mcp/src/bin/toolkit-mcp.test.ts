import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_DIR, runToExit, tsNodeArgs } from "../fixtures/connect.js";

const BIN = "../bin/toolkit-mcp.ts";

describe("toolkit-mcp", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "toolkit-mcp-root-"));
    await writeFile(join(root, "notes.txt"), "first line\nsecond line\n");
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  describe("when started with every family", () => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [...tsNodeArgs(BIN), "--fs", "--search", "--shell", "--think", "--root", root],
          cwd: PACKAGE_DIR,
          stderr: "ignore",
        }),
      );
    });
    afterAll(async () => {
      await client?.close();
    });

    it("serves the built-in tools over stdio", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        "Read",
        "Write",
        "Edit",
        "MultiEdit",
        "FileViewer",
        "ApplyPatch",
        "NotebookEdit",
        "Glob",
        "Grep",
        "CodeSearch",
        "Tree",
        "Shell",
        "Jobs",
        "JobInput",
        "Think",
      ]);
      expect(tools.find((t) => t.name === "Read")?.annotations?.readOnlyHint).toBe(true);
      expect(client.getServerVersion()?.name).toBe("toolkit");
    });

    it("runs the tools inside --root", async () => {
      const read = await client.callTool({ name: "Read", arguments: { file_path: "notes.txt" } });
      expect(read.isError).toBeFalsy();
      expect(JSON.stringify(read.content)).toContain("second line");
      const shell = await client.callTool({ name: "Shell", arguments: { command: "pwd" } });
      expect(JSON.stringify(shell.content)).toContain(root);
    });

    it("serves ApplyPatch: a file added by one patch and changed by the next", async () => {
      const patch = async (text: string) =>
        client.callTool({ name: "ApplyPatch", arguments: { patch: text } });
      const added = await patch("*** Begin Patch\n*** Add File: patched.txt\n+one\n+two\n*** End Patch");
      expect(added.isError).toBeFalsy();
      expect(JSON.stringify(added.content)).toContain("A patched.txt");
      const changed = await patch("--- a/patched.txt\n+++ b/patched.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n");
      expect(JSON.stringify(changed.content)).toContain("M patched.txt");
      const read = await client.callTool({ name: "Read", arguments: { file_path: "patched.txt" } });
      expect(JSON.stringify(read.content)).toContain("1\\tone\\n2\\t2");
    });

    it("refuses a path outside --root softly", async () => {
      const result = await client.callTool({ name: "Read", arguments: { file_path: "../../etc/passwd" } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain("Permission denied");
    });
  });

  describe("when a client sends one message over 10 MiB", () => {
    it("answers it with a JSON-RPC error and keeps serving", async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [...tsNodeArgs(BIN), "--fs", "--root", root],
        cwd: PACKAGE_DIR,
        stderr: "pipe",
      });
      let stderr = "";
      transport.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      let exited: number | null | undefined;
      const client = new Client({ name: "test", version: "1.0.0" });
      client.onclose = () => {
        exited ??= null;
      };
      await client.connect(transport);
      try {
        const huge = "x".repeat(11 * 1024 * 1024);
        const error = await client
          .callTool({ name: "Write", arguments: { file_path: "huge.txt", content: huge } })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(McpError);
        expect((error as McpError).code).toBe(-32600);
        expect((error as McpError).message).toBe(
          "MCP error -32600: Request too large: the message has more than 10485760 bytes, the limit of this server's stdio transport. Send less in one request (e.g. write a large file in parts).",
        );
        expect(stderr).toContain("toolkit-mcp: serveRegistry: refused a stdio message: Request too large");
        const read = await client.callTool({ name: "Read", arguments: { file_path: "notes.txt" } });
        expect(JSON.stringify(read.content)).toContain("second line");
        expect(exited).toBeUndefined();
      } finally {
        await client.close();
      }
    });
  });

  describe("when it cannot serve", () => {
    it.concurrent.each([
      [
        [],
        2,
        "toolkit-mcp: choose the tools to serve: --fs, --search, --shell, --web-fetch, --think, --todo and/or --memory PATH",
      ],
      [
        ["--fs", "--root", "/definitely/not/here"],
        2,
        "toolkit-mcp: --root /definitely/not/here: no such directory",
      ],
      [["--help"], 0, "Usage: toolkit-mcp [--fs] [--search] [--shell] [--web-fetch] [--think] [--todo]"],
    ])("exits for %o with a message", async (argv, code, message) => {
      const { status, stderr } = await runToExit([...tsNodeArgs(BIN), ...argv]);
      expect(status).toBe(code);
      expect(stderr).toContain(message);
    });
  });
});
