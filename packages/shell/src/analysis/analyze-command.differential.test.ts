import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeCommand } from "./analyze-command.js";

const dir = mkdtempSync(join(tmpdir(), "shell-analysis-diff-"));
const SEED: Readonly<Record<string, string>> = { "a.txt": "alpha\nbeta\n", "b.txt": "beta\ngamma\n" };

/** The directory's files and contents, to compare before and after a command. */
function snapshot(): string {
  return readdirSync(dir)
    .sort()
    .map((name) => `${name}=${readFileSync(join(dir, name), "utf8")}`)
    .join("\n");
}

function reset(): void {
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
  for (const [name, text] of Object.entries(SEED)) writeFileSync(join(dir, name), text);
}

/** Pieces of reads, writes and shell syntax that random commands are built from. */
const PIECES = [
  "cat a.txt",
  "grep beta b.txt",
  "sort a.txt",
  "sed -n 1p a.txt",
  "wc -l a.txt",
  "echo hi",
  "ls",
  "touch M",
  "rm a.txt",
  "echo x > M",
  "sed -i s/a/b/ a.txt",
  "sort -o M a.txt",
  "sed -n 'w M' a.txt",
  "printf -v x y",
  "sort --o=M a.txt",
  "sed --in-pl=.bak s/a/b/ a.txt",
  "find -- . -name a.txt -delete",
  "command rm -v a.txt",
  " | ",
  " && ",
  " || ",
  "; ",
  "\n",
  "'",
  '"',
  "\\",
  "$(",
  ")",
  "`",
  "{ ",
  " }",
  "(",
  "#",
  " <<E\n",
  "\nE\n",
  " 2>&1",
  " >/dev/null",
  "${x:-",
  "}",
  "if true; then ",
  "; fi",
  " --",
  " -",
  "o",
  "i",
];

describe("analyzeCommand", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe("when bash runs a command the analysis calls read-only", () => {
    it("leaves every file as it was (random commands from reads, writes and syntax)", () => {
      let readOnly = 0;
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }), (pieces) => {
          const command = pieces.join("");
          if (!analyzeCommand(command).readOnly) return;
          readOnly++;
          reset();
          const before = snapshot();
          try {
            execFileSync("bash", ["-c", command], { cwd: dir, stdio: "ignore", timeout: 5000 });
          } catch {
            // A failing command is fine; only its effects matter.
          }
          expect(snapshot(), command).toBe(before);
        }),
        { numRuns: 300 },
      );
      expect(readOnly).toBeGreaterThan(10);
    });
  });
});
