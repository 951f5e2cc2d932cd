// The two FileSources this package ships are one seam: the same calls on the local disk
// and in memory give the same answers (contents, listings, kinds and sizes of files, and
// the kind of each failure), so a tool that works on one works on the other.
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolError } from "../errors/error.js";
import type { FileSource } from "./file-source.js";
import { LocalFileSource } from "./local-file-source.js";
import { MemoryFileSource } from "./memory-file-source.js";

type Op =
  | { op: "write"; path: string; text: string }
  | { op: "rename"; from: string; to: string }
  | { op: "read"; path: string }
  | { op: "list"; path: string }
  | { op: "stat"; path: string };

const segment = fc.constantFrom("a", "b", "c");
const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/"));
const dir = fc.oneof(fc.constant(""), path);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ op: fc.constant("write" as const), path, text: fc.string({ maxLength: 8 }) }),
    weight: 4,
  },
  { arbitrary: fc.record({ op: fc.constant("rename" as const), from: path, to: path }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant("read" as const), path }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("list" as const), path: dir }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("stat" as const), path }), weight: 1 },
);

/** What a call gave, in a form both sources can be compared by. */
async function outcome(source: FileSource, root: string, o: Op): Promise<unknown> {
  const at = (p: string) => (p === "" ? root : `${root}/${p}`);
  const opts = { realRoot: root };
  try {
    switch (o.op) {
      case "write":
        await source.writeFile(at(o.path), new TextEncoder().encode(o.text), opts);
        return "ok";
      case "rename":
        await source.rename(at(o.from), at(o.to), opts);
        return "ok";
      case "read":
        return new TextDecoder().decode(await source.read(at(o.path), opts));
      case "list":
        return await source.list(at(o.path), { ...opts, sizes: true });
      case "stat": {
        const s = await source.stat(at(o.path));
        return s && { kind: s.kind, size: s.kind === "file" ? s.size : undefined };
      }
    }
  } catch (error) {
    if (ToolError.is(error)) return `${error.kind} error`;
    throw error;
  }
}

/** Every path below `dir` with its kind and, for files, content. */
async function tree(source: FileSource, root: string, dir = root): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await source.list(dir, { realRoot: root })) {
    const path = `${dir}/${entry.name}`;
    if (entry.kind === "directory")
      out.push(`${path.slice(root.length)}/`, ...(await tree(source, root, path)));
    else
      out.push(
        `${path.slice(root.length)} = ${new TextDecoder().decode(await source.read(path, { realRoot: root }))}`,
      );
  }
  return out;
}

describe("LocalFileSource and MemoryFileSource", () => {
  describe("when the same calls are made on both", () => {
    it("give the same answers and leave the same tree", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
          const root = await realpath(await mkdtemp(join(tmpdir(), "toolkit-agree-")));
          try {
            const local = new LocalFileSource({ fsync: false });
            const memory = new MemoryFileSource();
            await memory.writeFile(`${root}/.keep`, new Uint8Array(0), { realRoot: root });
            await local.writeFile(`${root}/.keep`, new Uint8Array(0), { realRoot: root });
            for (const o of ops) {
              const [fromLocal, fromMemory] = [await outcome(local, root, o), await outcome(memory, root, o)];
              expect({ o, answer: fromMemory }).toEqual({ o, answer: fromLocal });
            }
            expect(await tree(memory, root)).toEqual(await tree(local, root));
          } finally {
            await rm(root, { recursive: true, force: true });
          }
        }),
        { numRuns: 60 },
      );
    });
  });
});
