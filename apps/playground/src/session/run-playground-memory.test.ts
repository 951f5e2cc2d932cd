import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { MemoryStore } from "@toolkit/memory";
import { describe, expect, it } from "vitest";
import { runPlayground } from "./run-playground.js";

async function session(memory: string) {
  const output = new PassThrough();
  let text = "";
  output.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  const outcome = await runPlayground({
    provider: "scripted",
    yes: true,
    output,
    input: new PassThrough(),
    env: {},
    memory,
  });
  return { outcome, text };
}

describe("runPlayground with --memory", () => {
  it("records the session, and the next session sees it and can search it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "playground-memory-"));
    const path = join(dir, "memory.db");
    try {
      const first = await session(path);
      expect(first.outcome.error).toBeUndefined();
      const store = MemoryStore.open(path);
      try {
        const calls = [...store.exportLines()].map((l) => JSON.parse(l) as { kind: string; tool?: string });
        expect(calls.filter((c) => c.kind === "call").map((c) => c.tool)).toEqual(
          first.outcome.result?.toolCalls.map((c) => c.name),
        );
        expect(calls.at(-1)?.kind).toBe("run");
        const [hit] = await store.search({ query: "applyDiscount", tool: "Grep" });
        expect(hit?.memory.tool).toBe("Grep");
      } finally {
        store.close();
      }
      const second = await session(path);
      expect(second.text).toContain(`memory      ${path} (14 memories so far; the model can search them)`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a file that is not a memory store before starting anything", async () => {
    const dir = await mkdtemp(join(tmpdir(), "playground-memory-"));
    try {
      const path = join(dir, "notes.db");
      await writeFile(path, "not a database\n".repeat(50));
      await expect(session(path)).rejects.toThrow("is not a SQLite database, or it is corrupt");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
