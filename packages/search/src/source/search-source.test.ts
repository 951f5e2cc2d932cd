import { describe, expect, it } from "vitest";
import { walk } from "../walk/walker.js";
import type { DirEntry, FileStat, SearchSource } from "./search-source.js";

/** A filesystem held in memory: paths ending in "/" are directories. */
class MemorySource implements SearchSource {
  readonly reads: string[] = [];
  constructor(readonly files: Record<string, string>) {}

  async readDir(absolute: string): Promise<DirEntry[]> {
    this.reads.push(absolute);
    const prefix = absolute.endsWith("/") ? absolute : `${absolute}/`;
    const names = new Map<string, DirEntry>();
    for (const path of Object.keys(this.files)) {
      if (!path.startsWith(prefix)) continue;
      const [name, ...rest] = path.slice(prefix.length).split("/");
      if (name) names.set(name, { name, kind: rest.length > 0 ? "dir" : "file" });
    }
    return [...names.values()];
  }

  async readText(absolute: string): Promise<string | undefined> {
    return this.files[absolute];
  }

  async stat(): Promise<FileStat> {
    return { sizeBytes: 0, mtimeMs: 0 };
  }
}

describe("SearchSource", () => {
  describe("when the walker reads through a host's source", () => {
    it("lists that world with the same ignore rules and never asks for ignored directories", async () => {
      const source = new MemorySource({
        "/w/.gitignore": "build/\n*.tmp\n",
        "/w/src/a.ts": "",
        "/w/src/b.tmp": "",
        "/w/build/out.js": "",
        "/w/src/.gitignore": "!b.tmp\n",
      });
      const found: string[] = [];
      for await (const batch of walk({ source, root: "/w" })) for (const e of batch) found.push(e.relative);
      expect(found.sort()).toEqual(["src/a.ts", "src/b.tmp"]);
      expect(source.reads).not.toContain("/w/build");
    });
  });
});
