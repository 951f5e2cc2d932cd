import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { chmod, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DisplayHint, Retention } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Read } from "../read/read.js";
import { encodeText } from "../text/text-codec.js";
import { Write } from "./write.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const at = (name: string) => join(ws.root, name);

describe("Write", () => {
  describe("when the file does not exist", () => {
    it("creates it and its parents, replying with a diff", async () => {
      const out = await new Write().call({ file_path: "deep/er/new.txt", content: "one\ntwo\n" }, ws.ctx);
      expect(view(out)).toEqual({
        isError: false,
        text: "Created deep/er/new.txt (2 lines).\n\n--- /dev/null\n+++ b/deep/er/new.txt\n@@ -0,0 +1,2 @@\n+one\n+two",
      });
      expect(out.hint).toBe(DisplayHint.Diff);
      expect(out.retention).toBe(Retention.Durable);
      expect(await readFile(at("deep/er/new.txt"), "utf8")).toBe("one\ntwo\n");
    });
    it("leaves no temp file behind", async () => {
      await new Write().call({ file_path: "x.txt", content: "x" }, ws.ctx);
      const { readdir } = await import("node:fs/promises");
      expect(await readdir(ws.root)).toEqual(["x.txt"]);
    });
  });
  describe("when the file exists", () => {
    it("refuses a file not read in this session and writes nothing", async () => {
      await writeFile(at("a.txt"), "old\n");
      expect(view(await new Write().call({ file_path: "a.txt", content: "new\n" }, ws.ctx))).toEqual({
        isError: true,
        text: "Execution error: a.txt exists but has not been read in this session; nothing was written\nCall Read on the file first, then retry the change.",
      });
      expect(await readFile(at("a.txt"), "utf8")).toBe("old\n");
    });
    it("refuses a file changed since it was read", async () => {
      await writeFile(at("a.txt"), "old\n");
      await new Read().call({ file_path: "a.txt" }, ws.ctx);
      await writeFile(at("a.txt"), "changed by someone else\n");
      expect(view(await new Write().call({ file_path: "a.txt", content: "new\n" }, ws.ctx))).toEqual({
        isError: true,
        text: "Execution error: a.txt has changed since it was last read (another process or an editor wrote to it); nothing was written\nCall Read on the file again, then redo the change against its current content.",
      });
      expect(await readFile(at("a.txt"), "utf8")).toBe("changed by someone else\n");
    });
    it("replaces a file that was read, keeping its mode, and diffs the change", async () => {
      await writeFile(at("run.sh"), "echo hi\n");
      await chmod(at("run.sh"), 0o750);
      await new Read().call({ file_path: "run.sh" }, ws.ctx);
      const out = await new Write().call({ file_path: "run.sh", content: "echo bye\n" }, ws.ctx);
      expect(out.textContent()).toBe(
        "Updated run.sh (1 line).\n\n--- a/run.sh\n+++ b/run.sh\n@@ -1,1 +1,1 @@\n-echo hi\n+echo bye",
      );
      expect((await stat(at("run.sh"))).mode & 0o777).toBe(0o750);
    });
    it("lets the session write again after its own write", async () => {
      await new Write().call({ file_path: "a.txt", content: "1\n" }, ws.ctx);
      expect((await new Write().call({ file_path: "a.txt", content: "2\n" }, ws.ctx)).isError).toBe(false);
      expect(await readFile(at("a.txt"), "utf8")).toBe("2\n");
    });
    it("says when nothing changes", async () => {
      await writeFile(at("a.txt"), "same\n");
      await new Read().call({ file_path: "a.txt" }, ws.ctx);
      expect((await new Write().call({ file_path: "a.txt", content: "same\n" }, ws.ctx)).textContent()).toBe(
        "No change: a.txt already has this content.",
      );
    });
    it("keeps a UTF-16 file's encoding and BOM", async () => {
      await writeFile(at("u.txt"), encodeText("old\n", "utf16le"));
      await new Read().call({ file_path: "u.txt" }, ws.ctx);
      await new Write().call({ file_path: "u.txt", content: "néw\n" }, ws.ctx);
      expect(Buffer.from(await readFile(at("u.txt")))).toEqual(Buffer.from(encodeText("néw\n", "utf16le")));
    });
  });
  describe("when the existing file is larger than maxHashBytes", () => {
    it("checks its fingerprint, keeps its encoding and skips the diff without loading it", async () => {
      await writeFile(at("big.txt"), encodeText("x\n".repeat(600), "utf8-bom"));
      const write = new Write({ maxHashBytes: 1000 });
      expect((await write.call({ file_path: "big.txt", content: "new\n" }, ws.ctx)).isError).toBe(true);
      await new Read({ maxHashBytes: 1000 }).call({ file_path: "big.txt" }, ws.ctx);
      const out = await write.call({ file_path: "big.txt", content: "new\n" }, ws.ctx);
      expect(view(out)).toEqual({
        isError: false,
        text: "Updated big.txt (1 line).\n\n(No diff: the previous content, 1,203 bytes, is too large to compare.)",
      });
      expect(Buffer.from(await readFile(at("big.txt")))).toEqual(
        Buffer.from(encodeText("new\n", "utf8-bom")),
      );
    });
  });
  describe("when the path is not writable", () => {
    it("refuses a directory", async () => {
      await mkdir(at("dir"));
      expect((await new Write().call({ file_path: "dir", content: "x" }, ws.ctx)).textContent()).toBe(
        'Invalid input: `file_path` "dir" is a directory, not a file\nWrite works on files; use Tree or Glob to list a directory.',
      );
    });
    it("refuses a path outside the workspace and creates nothing", async () => {
      const out = await new Write().call({ file_path: "../escape/x.txt", content: "x" }, ws.ctx);
      expect(out.textContent()).toBe(
        `Permission denied: \`file_path\` "../escape/x.txt" is outside the workspace ${ws.root}\nUse a path inside the workspace (relative to its root, or absolute under it).`,
      );
      await expect(stat(join(ws.root, "..", "escape"))).rejects.toThrow();
    });
    it("names what arrived for a missing field", async () => {
      expect((await new Write().call({ path: "a.txt" }, ws.ctx)).textContent()).toBe(
        "Invalid input: missing required field `content` (expected string)\nFix the arguments so they match the tool's input schema, then call it again.",
      );
    });
  });
});
