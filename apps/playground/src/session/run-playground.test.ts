import { spawnSync } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { dirname } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runPlayground } from "./run-playground.js";
import { SCRIPTED_LABEL } from "./scripted-model.js";

function capture() {
  const output = new PassThrough();
  let text = "";
  output.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  return { output, text: () => text };
}

function sampleTests(root: string) {
  return spawnSync(process.execPath, ["--test"], { cwd: root, encoding: "utf8" });
}

describe("runPlayground", () => {
  describe.each([false, true])("when the scripted session runs (parallel: %s)", (parallel) => {
    it("uses every family, fixes the sample, and the sample's tests pass at the end", async () => {
      const { output, text } = capture();
      const outcome = await runPlayground({
        keep: true,
        keepTrajectory: true,
        yes: true,
        provider: "scripted",
        parallel,
        output,
        input: new PassThrough(),
        env: {},
      });
      try {
        expect(outcome.error).toBeUndefined();
        expect(outcome.result?.text).toMatch(/^Fixed\. applyDiscount in src\/discount\.js/);
        expect(outcome.result?.toolCalls.map((c) => c.name)).toEqual([
          "Todo",
          "Tree",
          "Grep",
          "Shell",
          "Read",
          "WebSearch",
          "WebFetch",
          "Think",
          "Edit",
          "Shell",
          "Read",
          "ApplyPatch",
          "Shell",
        ]);
        expect(outcome.result?.toolCalls.map((c) => c.isError)).toEqual([
          false,
          false,
          false,
          true, // the first test run fails: that is the bug
          false,
          false,
          false,
          false,
          false,
          true, // one test still fails: the second bug, fixed with a patch
          false,
          false,
          false,
        ]);
        const after = sampleTests(outcome.workspace);
        expect(after.status).toBe(0);
        expect(await readFile(`${outcome.workspace}/src/discount.js`, "utf8")).toContain(
          "return Math.round((cents * (100 - percent)) / 100);",
        );
        const format = await readFile(`${outcome.workspace}/src/format.js`, "utf8");
        expect(format).toContain('  const sign = cents < 0 ? "-" : "";\n  return `');
        expect(format).toContain("(Math.abs(cents) / 100).toFixed(2)}`;\n");
        expect(outcome.result?.text).toContain("formatPrice in src/format.js showed refunds as $-2.50");

        const shown = text();
        expect(shown).toContain(SCRIPTED_LABEL);
        expect(shown).toContain("(a throwaway copy of the sample)");
        expect(shown).toContain("+  return Math.round((cents * (100 - percent)) / 100);");
        expect(shown).toContain("── summary");
        expect(shown).toContain("  turns          13\n");
        expect(shown).toContain("M src/format.js");
        expect(shown).toContain('+  const sign = cents < 0 ? "-" : "";');
        expect(shown).toContain("[>] 1. Find where discounts are computed");
        // The page behind the first search result was read through WebFetch's guard, from the stand-in site.
        const fetched = (await readFile(outcome.trajectoryPath, "utf8"))
          .split("\n")
          .filter((line) => line.includes('"event":"tool_result"') && line.includes('"name":"WebFetch"'));
        expect(fetched).toHaveLength(1);
        expect(fetched[0]).toContain("Percentage discounts: computing the sale price");
        expect(fetched[0]).toContain("| $10.00 | 25% | $2.50 | $7.50 |");
        expect(fetched[0]).not.toContain("We use cookies");
        expect(shown).toContain("  soft failures  2\n");
        expect(shown).toContain(`  trajectory     ${outcome.trajectoryPath}\n`);
        expect(shown).not.toContain("\u001b["); // not a TTY: no colour, no spinner

        const events = (await readFile(outcome.trajectoryPath, "utf8"))
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as { event: string; name?: string });
        expect(events.filter((e) => e.event === "tool_result").map((e) => e.name)).toHaveLength(13);
        // Tree and Grep come in one reply (after the Todo call): in parallel both start before either ends.
        const firstTwo = events
          .filter((e) => e.event === "tool_call" || e.event === "tool_result")
          .slice(2, 6);
        expect(firstTwo.map((e) => e.event)).toEqual(
          parallel
            ? ["tool_call", "tool_call", "tool_result", "tool_result"]
            : ["tool_call", "tool_result", "tool_call", "tool_result"],
        );
        expect(events.at(-1)?.event).toBe("finish");
      } finally {
        await rm(dirname(outcome.workspace), { recursive: true, force: true });
      }
    });
  });

  describe("when the sample is untouched", () => {
    it("ships a failing test (so the session has something to fix)", async () => {
      const { sampleWorkspace } = await import("./package-root.js");
      expect(sampleTests(sampleWorkspace()).status).not.toBe(0);
    });
  });
});
