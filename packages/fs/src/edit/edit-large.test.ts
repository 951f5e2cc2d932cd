import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Edit } from "./edit.js";
import { Read } from "../read/read.js";
import { encodeText, type TextEncoding } from "../text/text-codec.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const at = (name: string) => join(ws.root, name);
async function seed(name: string, content: string | Uint8Array): Promise<void> {
  await writeFile(at(name), content);
  await new Read().call({ file_path: name }, ws.ctx);
}
/** Streams every file (the large-file path), with chunks far smaller than the text. */
const streamed = () => new Edit({ streamFromBytes: 1 });

describe("Edit of a large file (streamed)", () => {
  describe("when any edit is made", () => {
    it("writes the same bytes and replies as the in-memory edit", async () => {
      const line = fc
        .array(fc.constantFrom("a", "b", " ", "é", "😀", "{"), { maxLength: 6 })
        .map((c) => c.join(""));
      await fc.assert(
        fc.asyncProperty(
          fc.array(line, { minLength: 1, maxLength: 10 }),
          fc.constantFrom("\n", "\r\n"),
          fc.constantFrom<TextEncoding[]>("utf8", "utf8-bom"),
          fc.nat(),
          fc.nat(3),
          line,
          fc.boolean(),
          async (lines, eol, encoding, pick, span, replacement, all) => {
            const text = `${lines.join(eol)}${eol}`;
            const old = lines.slice(pick % lines.length, (pick % lines.length) + span + 1).join("\n");
            if (old === "" || old === replacement) return;
            const input = { file_path: "p.txt", old_string: old, new_string: replacement, replace_all: all };
            await seed("p.txt", encodeText(text, encoding));
            const mem = view(await new Edit().call(input, ws.ctx));
            const memBytes = await readFile(at("p.txt"));
            await seed("p.txt", encodeText(text, encoding));
            const big = view(await streamed().call(input, ws.ctx));
            expect(big.isError).toBe(mem.isError);
            expect(await readFile(at("p.txt"))).toEqual(memBytes);
            // The streamed reply diffs the region of the first replacement only; the summary line is the same.
            if (!mem.isError && !all) expect(big.text).toBe(mem.text);
            if (!mem.isError) expect(big.text.split("\n")[0]).toBe(mem.text.split("\n")[0]);
            else if (mem.text.includes("occurs")) expect(big.text).toBe(mem.text);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
  describe("when the file is one line of several MB", () => {
    it("finds the single match and writes it through", async () => {
      await seed("one.txt", `${"ab".repeat(2 * 1024 * 1024)}END`);
      const out = await new Edit().call(
        { file_path: "one.txt", old_string: "bEND", new_string: "b!" },
        ws.ctx,
      );
      expect(out.textContent().split("\n")[0]).toBe("Edited one.txt: 1 replacement at line 1.");
      const bytes = await readFile(at("one.txt"), "utf8");
      expect(bytes.length).toBe(4 * 1024 * 1024 + 1);
      expect(bytes.endsWith("ab!")).toBe(true);
    });
  });
  describe("when the call is cancelled while the file is read", () => {
    it("stops, says Cancelled and writes nothing", async () => {
      const content = "x\n".repeat(4 * 1024 * 1024);
      await seed("big.txt", content);
      const controller = new AbortController();
      setImmediate(() => controller.abort());
      const out = await new Edit().call(
        { file_path: "big.txt", old_string: "x\n", new_string: "y\n", replace_all: true },
        ws.ctx.withSignal(controller.signal),
      );
      expect(out.textContent()).toMatch(/^Cancelled/);
      expect(await readFile(at("big.txt"), "utf8")).toBe(content);
    });
  });
});
