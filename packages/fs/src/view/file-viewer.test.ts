import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Retention } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileViewer } from "./file-viewer.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
  await writeFile(join(ws.root, "f.txt"), Array.from({ length: 25 }, (_, i) => `row ${i + 1}`).join("\n"));
});
afterEach(() => ws.cleanup());

describe("FileViewer", () => {
  describe("when the file is not text", () => {
    it("refuses binary content as Read does", async () => {
      await writeFile(join(ws.root, "b.bin"), Uint8Array.from([0, 0, 1]));
      expect((await new FileViewer().call({ file_path: "b.bin" }, ws.ctx)).textContent()).toBe(
        "Invalid input: b.bin is a binary file (3 bytes), not text; it cannot be shown\nOnly text files and PNG, JPEG, GIF or WebP images can be read; choose another file.",
      );
    });
    it("sends images to Read", async () => {
      const gif = Buffer.alloc(16);
      gif.write("GIF87a", 0, "latin1");
      await writeFile(join(ws.root, "i.gif"), gif);
      expect((await new FileViewer().call({ file_path: "i.gif" }, ws.ctx)).textContent()).toBe(
        "Invalid input: i.gif is a GIF image, not text\nUse Read to see an image.",
      );
    });
  });
  describe("when the file is too large to hash", () => {
    it("reads only up to the page and says more pages follow", async () => {
      const viewer = new FileViewer({ maxHashBytes: 64, defaultPageSize: 10 });
      expect((await viewer.call({ file_path: "f.txt", page: 2 }, ws.ctx)).textContent()).toBe(
        [
          "File: f.txt (Page 2; more pages follow)",
          "Lines 11-20; more lines follow",
          ...Array.from({ length: 10 }, (_, i) => `${i + 11}\trow ${i + 11}`),
          "Next page: call FileViewer with page 3.",
        ].join("\n"),
      );
      expect((await viewer.call({ file_path: "f.txt", page: 3 }, ws.ctx)).textContent()).toMatch(
        /^File: f\.txt \(Page 3\/3\)\nLines 21-25 of 25\n/,
      );
    });
  });
  describe("when a page is larger than maxBytes", () => {
    it("cuts it and names the Read offset for the rest", async () => {
      const wide = "y".repeat(200);
      await writeFile(join(ws.root, "w.txt"), `${wide}\n`.repeat(20));
      const text = (
        await new FileViewer({ maxBytes: 1024 }).call({ file_path: "w.txt", page_size: 10 }, ws.ctx)
      ).textContent();
      expect(text).toBe(
        `File: w.txt (Page 1/2)\nLines 1-3 of 20\n1\t${wide}\n2\t${wide}\n3\t${wide}\n[This page was cut at 1,024 bytes; call Read with offset 4 for the rest of it.]\nNext page: call FileViewer with page 2.`,
      );
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1024);
    });
  });
  describe("when a page is asked for", () => {
    it("shows the header, numbered rows and the next page", async () => {
      const out = await new FileViewer().call({ file_path: "f.txt", page: 2, page_size: 10 }, ws.ctx);
      const rows = Array.from({ length: 10 }, (_, i) => `${i + 11}\trow ${i + 11}`).join("\n");
      expect(view(out)).toEqual({
        isError: false,
        text: `File: f.txt (Page 2/3)\nLines 11-20 of 25\n${rows}\nNext page: call FileViewer with page 3.`,
      });
      expect(out.retention).toBe(Retention.Requery);
    });
    it("ends the last page with End of file.", async () => {
      const text = (
        await new FileViewer().call({ file_path: "f.txt", page: 3, page_size: 10 }, ws.ctx)
      ).textContent();
      expect(text.startsWith("File: f.txt (Page 3/3)\nLines 21-25 of 25\n21\trow 21\n")).toBe(true);
      expect(text.endsWith("25\trow 25\nEnd of file.")).toBe(true);
    });
    it("uses 100 lines per page by default", async () => {
      const text = (await new FileViewer().call({ file_path: "f.txt" }, ws.ctx)).textContent();
      expect(text.startsWith("File: f.txt (Page 1/1)\nLines 1-25 of 25\n")).toBe(true);
    });
  });
  describe("when the page does not exist", () => {
    it("names the page count", async () => {
      expect(
        view(await new FileViewer().call({ file_path: "f.txt", page: 4, page_size: 10 }, ws.ctx)),
      ).toEqual({
        isError: true,
        text: "Invalid input: `page` 4 is past the end of f.txt, which has 3 pages of 10 lines\nCall FileViewer with a page from 1 to 3.",
      });
    });
    it("refuses a page_size over 500", async () => {
      expect(
        (await new FileViewer().call({ file_path: "f.txt", page_size: 501 }, ws.ctx)).textContent(),
      ).toMatch(/^Invalid input: `page_size` must be <= 500, got integer \(501\)/);
    });
  });
  describe("when the file is empty", () => {
    it("says so on one page", async () => {
      await writeFile(join(ws.root, "e.txt"), "");
      expect((await new FileViewer().call({ file_path: "e.txt" }, ws.ctx)).textContent()).toBe(
        "File: e.txt (Page 1/1)\nThe file is empty.",
      );
    });
  });
});
