import { readFile, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
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

  describe("when --lsp is given", () => {
    it("starts language servers on the workspace, says so, and offers the LSP tools", async () => {
      const { output, text } = capture();
      const outcome = await run({
        provider: "scripted",
        lsp: true,
        yes: true,
        output,
        input: new PassThrough(),
        env: {},
      });
      expect(outcome.error).toBeUndefined();
      expect(text()).toContain(
        "  lsp         language servers on the workspace: edits report the errors they introduce; Diagnostics, Definition, References, Hover, Symbols, Rename\n",
      );
      expect(outcome.result?.finishReason).toBe("stop");
    });
  });

  describe("when --json is given", () => {
    it("writes only the result and usage as JSON, streams nothing, and removes the throwaway workspace", async () => {
      const { output, text } = capture();
      const outcome = await run({
        provider: "scripted",
        json: true,
        yes: true,
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

  describe("when --oracle-model is given", () => {
    it("registers the oracle on the session's provider and says so in the banner", async () => {
      const { output, text } = capture();
      const outcome = await run({
        provider: "scripted",
        oracleModel: "oracle-x",
        keepTrajectory: true,
        yes: true,
        output,
        input: new PassThrough(),
        env: { NO_COLOR: "1" },
      });
      expect(outcome.error).toBeUndefined();
      expect(text()).toContain("  oracle      oracle-x on openai-chat: read-only advice, reasoning on\n");
      const first = (await readFile(outcome.trajectoryPath, "utf8"))
        .split("\n")
        .map((line) => (line ? JSON.parse(line) : undefined))
        .find((event) => event?.event === "request");
      expect(first?.tools).toContain("oracle");
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

    it("still reports the usage and turns of the failed run in --json", async () => {
      const { output, text } = capture();
      await run({ provider: "scripted", maxTurns: 2, json: true, output, input: new PassThrough(), env: {} });
      const doc = JSON.parse(text());
      expect(doc.outcome).toBe("failed");
      expect(doc.turns).toBe(2);
      expect(doc.usage.inputTokens).toBeGreaterThan(0);
      expect(doc.usage.outputTokens).toBeGreaterThan(0);
    });
  });

  describe("when stdin and stdout are pipes, not a terminal", () => {
    it("refuses tools that write instead of running them unasked, and says how to allow them", async () => {
      const { output, text } = capture();
      const outcome = await run({
        provider: "scripted",
        keep: true,
        output,
        input: new PassThrough(),
        env: {},
      });
      runDirs.push(outcome.workspace);
      const refused = outcome.result?.toolCalls.filter((c) => c.name === "Edit" || c.name === "ApplyPatch");
      expect(refused?.length).toBeGreaterThan(0);
      expect(refused?.every((c) => c.isError)).toBe(true);
      expect(text()).toContain("writing tools refused (no terminal to ask on; --yes allows them)");
      expect(await readFile(join(outcome.workspace, "src", "discount.js"), "utf8")).toContain(
        "Math.round((cents * percent) / 100)",
      );
    });
  });

  describe("when the session ends", () => {
    it("removes the trajectory file unless --keep-trajectory is given", async () => {
      const { output, text } = capture();
      const gone = await run({
        provider: "scripted",
        yes: true,
        output,
        input: new PassThrough(),
        env: { NO_COLOR: "1" },
      });
      expect(gone.trajectoryKept).toBe(false);
      expect(await stat(dirname(gone.trajectoryPath)).catch(() => undefined)).toBeUndefined();
      expect(text()).toContain("(removed; --keep-trajectory keeps it)");
      const kept = await run({
        provider: "scripted",
        yes: true,
        keepTrajectory: true,
        output: capture().output,
        input: new PassThrough(),
        env: {},
      });
      expect((await readFile(kept.trajectoryPath, "utf8")).split("\n").length).toBeGreaterThan(10);
    });
  });
});
