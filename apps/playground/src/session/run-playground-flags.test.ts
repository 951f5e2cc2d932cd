import { rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runPlayground } from "./run-playground.js";

function capture() {
  const output = new PassThrough();
  let text = "";
  output.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  return { output, text: () => text };
}

const runDirs: string[] = [];
afterEach(async () => {
  await Promise.all(runDirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** Runs a session and removes its run directory (trajectory) after the test. */
async function run(options: Parameters<typeof runPlayground>[0]) {
  const outcome = await runPlayground(options);
  runDirs.push(dirname(outcome.trajectoryPath));
  return outcome;
}

describe("runPlayground", () => {
  describe("when --provider openai has no key", () => {
    it("fails at once with a clear message, before copying anything", async () => {
      const { output, text } = capture();
      await expect(
        runPlayground({ provider: "openai", output, input: new PassThrough(), env: {} }),
      ).rejects.toThrow(
        "--provider openai needs OPENAI_API_KEY (or OPENAI_BASE_URL / --base-url for a local server that takes none)",
      );
      expect(text()).toBe("");
    });
  });

  describe("when --json is given", () => {
    it("writes only the result and usage as JSON, streams nothing, and removes the throwaway workspace", async () => {
      const { output, text } = capture();
      const outcome = await run({
        provider: "scripted",
        json: true,
        output,
        input: new PassThrough(),
        env: {},
      });
      const doc = JSON.parse(text());
      expect(doc).toMatchObject({ outcome: "finished", finishReason: "stop", turns: 13 });
      expect(doc.text).toMatch(/^Fixed\./);
      expect(Object.keys(doc.usage).sort()).toEqual([
        "cacheWriteTokens",
        "cachedInputTokens",
        "inputTokens",
        "outputTokens",
        "reasoningTokens",
      ]);
      expect(await stat(outcome.workspace).catch(() => undefined)).toBeUndefined();
    });
  });

  describe("when the scripted session streams", () => {
    it("shows each reply's text once, and the summary counts cached and reasoning tokens", async () => {
      const { output, text } = capture();
      await run({
        provider: "scripted",
        maxTurns: 30,
        output,
        input: new PassThrough(),
        env: { NO_COLOR: "1" },
      });
      const shown = text();
      const line = "model I'll look at the project layout and find where discounts are computed.\n";
      expect(shown.split(line)).toHaveLength(2);
      expect(shown).toMatch(/tokens {9}\d+ in \(0 cached\), \d+ out \(0 reasoning\)/);
      expect(shown).toContain("(removed; --keep keeps it)");
    });
  });

  describe("when --max-turns is smaller than the session", () => {
    it("stops there with MaxTurns", async () => {
      const { output } = capture();
      const outcome = await run({
        provider: "scripted",
        maxTurns: 2,
        output,
        input: new PassThrough(),
        env: {},
      });
      expect(outcome.error?.message).toBe("The run reached maxTurns (2) before a final answer");
    });
  });
});
