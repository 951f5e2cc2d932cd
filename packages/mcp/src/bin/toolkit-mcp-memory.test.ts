// --todo, --web-fetch and --memory through a real toolkit-mcp child process.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { MemoryStore } from "@toolkit/memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_DIR, runToExit, tsNodeArgs } from "../fixtures/connect.js";

const BIN = "../bin/toolkit-mcp.ts";

describe("toolkit-mcp --todo --web-fetch --memory", () => {
  let root: string;
  let client: Client;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "toolkit-mcp-memory-"));
    client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [
          ...tsNodeArgs(BIN),
          "--todo",
          "--web-fetch",
          "--think",
          "--memory",
          join(root, "memory.db"),
          "--root",
          root,
        ],
        cwd: PACKAGE_DIR,
        stderr: "ignore",
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("serves Todo, WebFetch and SearchMemories", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["WebFetch", "Think", "Todo", "SearchMemories"]);
  });

  it("keeps the plan, records the calls and finds them again", async () => {
    const todo = await client.callTool({
      name: "Todo",
      arguments: { todos: [{ content: "Calibrate the flux capacitor", status: "in_progress" }] },
    });
    expect(todo.isError).toBeFalsy();
    expect(JSON.stringify(todo.content)).toContain("[>] 1. Calibrate the flux capacitor");
    const found = await client.callTool({ name: "SearchMemories", arguments: { query: "flux capacitor" } });
    expect(found.isError).toBeFalsy();
    expect(JSON.stringify(found.content)).toContain("1 memory matches");
    expect(JSON.stringify(found.content)).toContain("Todo");
    // The search itself is never recorded, and the file is a real store another process can open.
    await client.callTool({ name: "Think", arguments: { thought: "done" } });
    const store = MemoryStore.open(join(root, "memory.db"));
    try {
      expect([...store.exportLines()].map((l) => JSON.parse(l).tool)).toEqual(["Todo", "Think"]);
    } finally {
      store.close();
    }
  });

  it("refuses a --memory file that is not a store, and leaves it alone", async () => {
    const path = join(root, "not-a-store.txt");
    await writeFile(path, "plain notes\n".repeat(100));
    const { status, stderr } = await runToExit([...tsNodeArgs(BIN), "--memory", path, "--root", root]);
    expect(status).toBe(2);
    expect(stderr).toContain(
      `toolkit-mcp: --memory ${path}: MemoryStore.open: ${path} is not a SQLite database`,
    );
    expect(await readFile(path, "utf8")).toBe("plain notes\n".repeat(100));
  });
});
