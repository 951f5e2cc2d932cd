import { type TempWorkspace, tempWorkspace } from "@toolkit/test-kit";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoomTools } from "./create-loom-tools.js";

let ws: TempWorkspace;
beforeAll(async () => {
  ws = await tempWorkspace();
});
afterAll(() => ws.cleanup());

describe("edit_file then read_file", () => {
  describe("when any text is written with an empty old_str", () => {
    it("reads it back unchanged, with truncated: false (the document's roundtrip property)", async () => {
      const [read, edit] = createLoomTools();
      let n = 0;
      await fc.assert(
        // unit "binary": every code point, astral ones, U+FEFF, CR and NUL included (fast-check 3's fullUnicodeString).
        fc.asyncProperty(fc.string({ unit: "binary", maxLength: 300 }), async (content) => {
          const path = `t${n++}.txt`;
          const written = await edit.call({ path, edits: [{ old_str: "", new_str: content }] }, ws.ctx);
          expect(written.structuredValue()).toEqual({
            path: join(ws.root, path),
            edits_applied: 1,
            original_bytes: 0,
            new_bytes: Buffer.byteLength(content, "utf8"),
          });
          const out = await read.call({ path }, ws.ctx);
          expect(out.structuredValue()).toEqual({
            path: join(ws.root, path),
            contents: content,
            truncated: false,
          });
        }),
        { numRuns: 200 },
      );
    });
  });
  describe("when text is appended in several edits", () => {
    it("reads back the concatenation", async () => {
      const [read, edit] = createLoomTools();
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.string({ unit: "binary", maxLength: 40 }), { maxLength: 5 }),
          async (parts) => {
            const path = `p${n++}.txt`;
            const edits = parts.map((new_str) => ({ old_str: "", new_str }));
            await edit.call({ path, edits }, ws.ctx);
            const out = await read.call({ path }, ws.ctx);
            expect(out.structuredValue()).toEqual({
              path: join(ws.root, path),
              contents: parts.join(""),
              truncated: false,
            });
          },
        ),
        { numRuns: 100 },
      );
    });
  });
});
