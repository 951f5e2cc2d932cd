import type { FileSource } from "@toolkit/core";
import { type IgnoreLevel, isIgnored } from "../walk/ignore-rules.js";
import { loadLevel } from "../walk/load-level.js";
import type { EngineResult } from "./engine.js";

/**
 * Drops from a result the files the walker would not list: under a hidden
 * entry (unless `hidden`), under `.git`, or ignored, checking each directory
 * below the explicitly named `target`. Ignore files are read once per directory.
 */
export async function onlyVisible(options: {
  result: EngineResult;
  source: FileSource;
  root: string;
  target: string;
  hidden: boolean;
}): Promise<EngineResult> {
  const { result, source, root, target, hidden } = options;
  const levels = new Map<string, Promise<IgnoreLevel | undefined>>();
  const levelOf = (base: string): Promise<IgnoreLevel | undefined> => {
    let level = levels.get(base);
    if (level === undefined) {
      level = base === "\0exclude" ? loadLevel({ source, root, base: "", exclude: true }) : listedLevel(base);
      levels.set(base, level);
    }
    return level;
  };
  // One listing of the directory tells which ignore files it has; only those are read.
  const listedLevel = async (base: string): Promise<IgnoreLevel | undefined> => {
    const dir = base === "" ? root : `${root}/${base}`;
    const entries = await source.list(dir, { realRoot: root }).catch(() => []);
    const names = entries.filter((e) => e.kind === "file").map((e) => e.name);
    return loadLevel({ source, root, base, names });
  };
  const named = target === "" ? 0 : target.split("/").length;
  const visible = async (path: string): Promise<boolean> => {
    const parts = path.split("/");
    const stack: IgnoreLevel[] = [];
    const exclude = await levelOf("\0exclude");
    if (exclude) stack.push(exclude);
    for (let i = 0; i < parts.length; i++) {
      const level = await levelOf(parts.slice(0, i).join("/"));
      if (level) stack.push(level);
      if (i < named) continue;
      const name = parts[i] as string;
      if (name === ".git" || (!hidden && name.startsWith("."))) return false;
      if (
        isIgnored({ levels: stack, relative: parts.slice(0, i + 1).join("/"), isDir: i < parts.length - 1 })
      )
        return false;
    }
    return true;
  };
  const keep = await Promise.all(result.files.map((f) => visible(f.path)));
  return { ...result, files: result.files.filter((_, i) => keep[i]) };
}
