import { createToolContext, Workspace } from "@toolkit/core";
import { createTwoFilesPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemoryFileSource } from "@toolkit/core";
import { Read } from "../read/read.js";
import { ApplyPatch } from "./apply-patch.js";

/** Lines from a small alphabet, so that files repeat lines and context is often ambiguous. */
const line = fc.constantFrom("", "a", "b", "  a", "a  ", "}", "return x;", "\tif (y) {");
const lines = fc.array(line, { maxLength: 30 });

/** One edit of a line list: replace, insert or delete a run of lines at a position. */
const edit = fc.record({
  at: fc.nat(),
  remove: fc.nat({ max: 3 }),
  insert: fc.array(line, { maxLength: 3 }),
});

function applyEdits(
  from: readonly string[],
  edits: readonly { at: number; remove: number; insert: string[] }[],
): string[] {
  const out = [...from];
  for (const e of edits) out.splice(e.at % (out.length + 1), e.remove, ...e.insert);
  return out;
}

const toText = (ls: readonly string[], finalNewline: boolean) =>
  ls.length === 0 ? "" : ls.join("\n") + (finalNewline ? "\n" : "");

describe("ApplyPatch", () => {
  describe("when a unified diff made by the `diff` library is applied", () => {
    it("turns each file into the edited text exactly", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              before: lines,
              beforeEol: fc.boolean(),
              edits: fc.array(edit, { minLength: 1, maxLength: 4 }),
              afterEol: fc.boolean(),
            }),
            { minLength: 1, maxLength: 3 },
          ),
          fc.constantFrom(0, 1, 3),
          async (files, context) => {
            const source = new MemoryFileSource();
            const workspace = new Workspace({ root: "/ws" });
            const ctx = createToolContext({ cwd: "/ws", isNonInteractive: true });
            const patches: string[] = [];
            const want: Record<string, string> = {};
            for (const [i, f] of files.entries()) {
              const name = `f${i}.txt`;
              const before = toText(f.before, f.beforeEol);
              const after = toText(applyEdits(f.before, f.edits), f.afterEol);
              source.set(`/ws/${name}`, before);
              await new Read({ source, workspace }).call({ file_path: name }, ctx);
              want[`/ws/${name}`] = after;
              if (before !== after)
                patches.push(createTwoFilesPatch(name, name, before, after, "", "", { context }));
            }
            fc.pre(patches.length > 0);
            const out = await new ApplyPatch({ source, workspace }).call({ patch: patches.join("") }, ctx);
            expect(out.textContent()).not.toMatch(/^(Invalid input|Execution error)/);
            expect(out.isError).toBe(false);
            for (const [path, text] of Object.entries(want)) expect(source.text(path)).toBe(text);
          },
        ),
        { numRuns: 300 },
      );
    });
  });
});
