import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { link, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFsTools } from "../create-fs-tools.js";
import { createLoomTools } from "../loom/create-loom-tools.js";

let ws: TempWorkspace;
let other: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
  other = await tempWorkspace("toolkit-fs-outside-");
  await writeFile(join(other.root, "secret.txt"), "TOP-SECRET\n");
  await link(join(other.root, "secret.txt"), join(ws.root, "twin.txt"));
});
afterEach(async () => {
  await ws.cleanup();
  await other.cleanup();
});

const REFUSED = {
  isError: true,
  text: 'Permission denied: twin.txt has 2 hard links; another of its names may lie outside the workspace, so it is not opened\nWork on a copy inside the workspace (cp twin.txt twin.txt.copy), or ask the user to allow hard-linked files (the tools\' hardLinks: "allow" option).',
};

describe("hard-linked files", () => {
  describe("when a file inside has another name outside", () => {
    it.each([
      ["Read", { file_path: "twin.txt" }],
      ["FileViewer", { file_path: "twin.txt" }],
      ["Write", { file_path: "twin.txt", content: "x" }],
      ["Edit", { file_path: "twin.txt", old_string: "TOP", new_string: "x" }],
      ["MultiEdit", { file_path: "twin.txt", edits: [{ old_string: "TOP", new_string: "x" }] }],
      ["read_file", { path: "twin.txt" }],
      ["edit_file", { path: "twin.txt", edits: [{ old_str: "TOP", new_str: "x" }] }],
    ])("%s refuses it and says why", async (name, input) => {
      const tool = [...createFsTools(), ...createLoomTools()].find((t) => t.name === name);
      const out = await tool?.call(input, ws.ctx);
      // The Loom tools answer in Loom's form: `Error: ` first.
      const text = name.includes("_") ? `Error: ${REFUSED.text}` : REFUSED.text;
      expect(out && view(out)).toEqual({ ...REFUSED, text });
      expect(await readFile(join(other.root, "secret.txt"), "utf8")).toBe("TOP-SECRET\n");
    });
  });
  describe("when the host allows hard links", () => {
    it("reads and edits them", async () => {
      const [read, , edit] = createFsTools({ hardLinks: "allow" });
      expect((await read.call({ file_path: "twin.txt" }, ws.ctx)).textContent()).toBe("1\tTOP-SECRET");
      const out = await edit.call({ file_path: "twin.txt", old_string: "TOP", new_string: "LOW" }, ws.ctx);
      expect(out.isError).toBe(false);
      expect(await readFile(join(ws.root, "twin.txt"), "utf8")).toBe("LOW-SECRET\n");
      // The atomic write replaced this name only; the other name keeps its bytes.
      expect(await readFile(join(other.root, "secret.txt"), "utf8")).toBe("TOP-SECRET\n");
    });
    it("refuses an unknown hardLinks value at construction", () => {
      expect(() => createFsTools({ hardLinks: "maybe" as "allow" })).toThrow(
        '`hardLinks` must be "refuse" or "allow", got "maybe"',
      );
    });
  });
});
