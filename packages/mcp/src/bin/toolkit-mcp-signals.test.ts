import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PACKAGE_DIR, tsNodeArgs } from "../fixtures/connect.js";

const BIN = "../bin/toolkit-mcp.ts";

let base: string;
let tmp: string;
let root: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "toolkit-mcp-signals-")));
  tmp = join(base, "tmp");
  root = join(base, "root");
  await mkdir(tmp);
  await mkdir(root);
  // Grep's reply over it is far past the 50 KiB reply limit, so it spills to the session's temp dir.
  const lines = Array.from({ length: 3000 }, (_, i) => `needle number ${i} in a haystack of words`);
  await writeFile(join(root, "hay.txt"), `${lines.join("\n")}\n`);
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await rm(base, { recursive: true, force: true });
});

/** The bin over stdio, spoken to in raw JSON-RPC lines; its $TMPDIR is the test's own. */
function startBin(): { child: ChildProcess; request: (method: string, params: object) => Promise<unknown> } {
  const child = spawn(process.execPath, [...tsNodeArgs(BIN), "--search", "--root", root], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, TMPDIR: tmp },
    stdio: ["pipe", "pipe", "ignore"],
  });
  children.push(child);
  const waiting = new Map<number, (result: unknown) => void>();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
    const message: unknown = JSON.parse(line);
    const id = Reflect.get(message as object, "id");
    if (typeof id === "number") waiting.get(id)?.(Reflect.get(message as object, "result"));
  });
  let next = 0;
  const request = (method: string, params: object): Promise<unknown> =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      child.stdin?.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  return { child, request };
}

/** Starts the bin and has Grep spill a reply; resolves with the session's temp dir, holding the spill. */
async function binWithSpill(): Promise<{ child: ChildProcess; dir: string }> {
  const { child, request } = startBin();
  await request("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "test", version: "1.0.0" },
  });
  child.stdin?.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  const result = await request("tools/call", {
    name: "Grep",
    arguments: { pattern: "needle", output_mode: "content", head_limit: 0 },
  });
  const spilled = /saved to (\S+);/.exec(JSON.stringify(result))?.[1] ?? "";
  expect(existsSync(spilled)).toBe(true);
  const folders = (await readdir(tmp)).filter((name) => name.startsWith("toolkit-"));
  expect(folders).toHaveLength(1);
  return { child, dir: join(tmp, folders[0] as string) };
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

describe("toolkit-mcp over stdio", () => {
  describe.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)("when it receives %s", (signal) => {
    it("removes its spill folder and dies of the signal", { timeout: 60_000 }, async () => {
      const { child, dir } = await binWithSpill();
      const end = exited(child);
      child.kill(signal);
      expect(await end).toEqual({ code: null, signal });
      expect(existsSync(dir)).toBe(false);
      expect((await readdir(tmp)).filter((name) => name.startsWith("toolkit-"))).toEqual([]);
    });
  });

  describe("when stdin ends", () => {
    it("removes its spill folder and exits 0", { timeout: 60_000 }, async () => {
      const { child, dir } = await binWithSpill();
      const end = exited(child);
      child.stdin?.end();
      expect(await end).toEqual({ code: 0, signal: null });
      expect(existsSync(dir)).toBe(false);
    });
  });

  describe("when an earlier server was killed with SIGKILL", () => {
    it("the next one sweeps its folder at start", { timeout: 60_000 }, async () => {
      const killed = await binWithSpill();
      const end = exited(killed.child);
      killed.child.kill("SIGKILL");
      await end;
      expect(existsSync(killed.dir)).toBe(true);
      const { child } = startBin();
      await vi.waitFor(() => expect(existsSync(killed.dir)).toBe(false), { timeout: 20_000, interval: 50 });
      expect(child.exitCode).toBeNull();
    });
  });
});
