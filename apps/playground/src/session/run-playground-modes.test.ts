import { spawnSync } from "node:child_process";
import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import { PassThrough } from "node:stream";
import { ScriptedModelServer } from "@toolkit/loop/test";
import { afterEach, describe, expect, it } from "vitest";
import { runPlayground } from "./run-playground.js";
import { sampleScript } from "./scripted-model.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

function tty() {
  const stream = Object.assign(new PassThrough(), { isTTY: true });
  return stream;
}

describe("runPlayground", () => {
  describe("when attached to a terminal", () => {
    it("asks before tools that write, and a refusal reaches the model", async () => {
      const output = tty();
      const input = tty();
      let shown = "";
      const prompts: string[] = [];
      output.on("data", (chunk: Buffer) => {
        shown += chunk.toString("utf8");
        const plain = shown.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "");
        const asked = [...plain.matchAll(/Allow (\w+)/g)].map((m) => m[1] ?? "");
        while (prompts.length < asked.length) {
          const tool = asked[prompts.length] ?? "";
          prompts.push(tool);
          input.write(tool === "Edit" ? "n\n" : "a\n");
        }
      });
      const outcome = await runPlayground({
        keep: true,
        provider: "scripted",
        output,
        input,
        env: {},
      });
      cleanup.push(() => rm(dirname(outcome.workspace), { recursive: true, force: true }));
      expect(prompts).toEqual(["Shell", "Edit"]);
      expect(outcome.result?.text).toBe(
        "The edit was not applied (Permission denied: the user did not approve this call to 'Edit'.), so the bug is still there.",
      );
      expect(spawnSync(process.execPath, ["--test"], { cwd: outcome.workspace }).status).not.toBe(0);
      expect(shown).toContain("\u001b[32m✓\u001b[39m"); // coloured on a terminal
      expect(shown).toMatch(/\r[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Tree running…/); // the spinner
    });
  });

  describe.each([
    ["an OpenAI-compatible endpoint", "openai"],
    ["the Anthropic API", "anthropic"],
  ])("when the environment points at %s", (_label, kind) => {
    it("runs the same session against it, sending the key but never showing it", async () => {
      const key = "sk-test-do-not-print";
      const server = await ScriptedModelServer.start({ script: sampleScript(), apiKey: key });
      cleanup.push(() => server.close());
      const env =
        kind === "openai"
          ? { OPENAI_BASE_URL: server.openaiBaseUrl, OPENAI_API_KEY: key, MODEL: "local-model" }
          : { ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_API_KEY: key, MODEL: "local-model" };
      const output = new PassThrough();
      let shown = "";
      output.on("data", (chunk: Buffer) => {
        shown += chunk.toString("utf8");
      });
      const outcome = await runPlayground({
        keep: true,
        yes: true,
        output,
        input: new PassThrough(),
        env,
      });
      cleanup.push(() => rm(dirname(outcome.workspace), { recursive: true, force: true }));
      expect(outcome.error).toBeUndefined();
      expect(server.requests[0]?.dialect).toBe(kind === "openai" ? "openai-chat" : "anthropic-messages");
      expect(server.requests[0]?.toolNames).toContain("WebSearch");
      expect(shown).toContain("model local-model");
      expect(shown).not.toContain(key);
      expect(spawnSync(process.execPath, ["--test"], { cwd: outcome.workspace }).status).toBe(0);
    });
  });
});
