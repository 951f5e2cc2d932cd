import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, type ToolOutput, Workspace } from "@toolkit/core";
import { EditFile, ReadFile } from "@toolkit/fs/loom";
import { BareLoop, manualClock, openaiChat } from "@toolkit/loop";
import { type Dialect, type RecordedRequest, ScriptedModelServer, type ScriptStep } from "@toolkit/loop/test";
import { ToolRegistry } from "@toolkit/registry";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type OracleProvider, oracleModel } from "./oracle-model.js";
import { oracleTool } from "./oracle-tool.js";

const servers: ScriptedModelServer[] = [];
let base: string;
let root: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "loom-oracle-")));
  root = join(base, "ws");
  await import("node:fs/promises").then((fs) => fs.mkdir(root));
  await writeFile(join(root, "a.txt"), "alpha contents\n");
  await writeFile(join(root, "b.txt"), "bravo contents\n");
  await writeFile(join(base, "secret.txt"), "outside\n");
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await rm(base, { recursive: true, force: true });
});

async function serve(script: ScriptStep[]): Promise<ScriptedModelServer> {
  const server = await ScriptedModelServer.start({ script });
  servers.push(server);
  return server;
}

const BASE_URL: Record<OracleProvider, (s: ScriptedModelServer) => string> = {
  "openai-chat": (s) => s.openaiBaseUrl,
  "openai-responses": (s) => s.openaiBaseUrl,
  "anthropic-messages": (s) => s.anthropicBaseUrl,
  "gemini-generate-content": (s) => s.geminiBaseUrl,
};

/** Where each wire format carries the reasoning request. */
const REASONING: Record<OracleProvider, (json: Record<string, unknown>) => unknown> = {
  "openai-chat": (j) => j.reasoning_effort,
  "openai-responses": (j) => (j.reasoning as { effort?: unknown } | undefined)?.effort,
  "anthropic-messages": (j) => (j.thinking as { budget_tokens?: unknown } | undefined)?.budget_tokens,
  "gemini-generate-content": (j) =>
    (j.generationConfig as { thinkingConfig?: { thinkingBudget?: unknown } } | undefined)?.thinkingConfig
      ?.thinkingBudget,
};
const EXPECTED_REASONING: Record<OracleProvider, unknown> = {
  "openai-chat": "high",
  "openai-responses": "high",
  "anthropic-messages": 8192,
  "gemini-generate-content": 8192,
};

function oracleOn(server: ScriptedModelServer, provider: OracleProvider, extra = {}, stream = false) {
  return oracleTool({
    model: oracleModel({
      provider,
      model: "oracle-model",
      baseUrl: BASE_URL[provider](server),
      apiKey: "test-key",
      clock: manualClock(),
      stream,
    }),
    workspace: new Workspace({ root }),
    ...extra,
  });
}

const firstUserText = (request: RecordedRequest) => JSON.stringify(request.json);

const DIALECTS: readonly Dialect[] = [
  "openai-chat",
  "openai-responses",
  "anthropic-messages",
  "gemini-generate-content",
];
describe.each(DIALECTS.flatMap((provider) => [false, true].map((stream) => ({ provider, stream }))))(
  "oracleTool ($provider, stream $stream)",
  ({ provider, stream }) => {
    describe("when the working model asks it with an attached file", () => {
      it("runs a read-only loop with reasoning on, and the caller's run sees the answer and pays its tokens", async () => {
        const oracleServer = await serve([
          { toolCalls: [{ name: "read_file", input: { path: "b.txt" } }] },
          { text: "Rename alpha to bravo." },
        ]);
        const workServer = await serve([
          {
            toolCalls: [
              {
                name: "oracle",
                input: { task: "How do I fix it?", context: "tests fail", files: ["a.txt"] },
              },
            ],
          },
          { text: "done" },
        ]);
        const registry = new ToolRegistry();
        registry.register(oracleOn(oracleServer, provider, {}, stream));
        const working: number[] = [];
        const outputs: ToolOutput[] = [];
        const loop = new BareLoop({
          model: openaiChat({ baseUrl: workServer.openaiBaseUrl, model: "worker", clock: manualClock() }),
          registry,
          isNonInteractive: true,
          observers: [
            {
              onReply: (e) => working.push(e.reply.usage.inputTokens),
              onToolPost: (e) => outputs.push(e.output),
            },
          ],
        });
        try {
          const result = await loop.run("fix it");
          expect(workServer.requests[1]?.toolResults).toEqual([
            { callId: expect.any(String), text: "Rename alpha to bravo.", isError: false },
          ]);
          const [first, second] = oracleServer.requests;
          expect(first?.toolNames).toEqual(["read_file", "list_files"]);
          expect(first?.stream).toBe(stream);
          expect(REASONING[provider](first?.json as Record<string, unknown>)).toBe(
            EXPECTED_REASONING[provider],
          );
          const prompt = firstUserText(first as RecordedRequest);
          expect(prompt).toContain("How do I fix it?");
          expect(prompt).toContain("tests fail");
          expect(prompt).toContain(`<file path=\\"${join(root, "a.txt")}\\">\\nalpha contents\\n\\n</file>`);
          expect(second?.toolResults[0]?.text).toContain("bravo contents");
          const meta = outputs[0]?.meta as {
            usage: { inputTokens: number };
            requests: number;
            model: string;
          };
          expect(meta.requests).toBe(2);
          expect(meta.model).toBe("oracle-model");
          expect(meta.usage.inputTokens).toBeGreaterThan(0);
          const workingInput = working.reduce((a, b) => a + b, 0);
          // The caller's observers see only the working model's replies; its usage holds the oracle's too.
          expect(working).toHaveLength(2);
          expect(result.usage.inputTokens).toBe(workingInput + meta.usage.inputTokens);
        } finally {
          await loop.dispose();
        }
      });
    });

    describe("when the caller's signal fires while the oracle thinks", () => {
      it("answers Cancelled without waiting for the model", async () => {
        const oracleServer = await serve([{ text: "late", delayMs: 10_000 }]);
        const controller = new AbortController();
        const ctx = createToolContext({ cwd: root, signal: controller.signal, isNonInteractive: true });
        setTimeout(() => controller.abort(), 20);
        const output = await oracleOn(oracleServer, provider, {}, stream).call({ task: "think" }, ctx);
        expect(output.isError).toBe(true);
        expect(output.textContent()).toMatch(/^Execution error: the oracle stopped with Cancelled/);
        await ctx.dispose();
      });
    });
  },
);

describe("oracleTool", () => {
  const ctx = () => createToolContext({ cwd: root, isNonInteractive: true });

  describe("when it runs out of turns", () => {
    it("says so in its own words, naming its limit", async () => {
      const server = await serve([
        { toolCalls: [{ name: "list_files", input: { path: "." } }] },
        { toolCalls: [{ name: "read_file", input: { path: "a.txt" } }] },
      ]);
      const output = await oracleOn(server, "openai-chat", { maxTurns: 2 }).call({ task: "think" }, ctx());
      expect(output.isError).toBe(true);
      const [message, advice] = output.textContent().split("\n");
      expect(message).toMatch(/^Execution error: the oracle stopped with MaxTurns: /);
      expect(advice).toBe(
        "Work it out yourself, or ask the oracle again with a narrower `task` (it may make 2 model requests).",
      );
    });
  });

  describe("when a file is outside the workspace", () => {
    it.each(["../secret.txt", "/etc/passwd", "missing.txt"])(
      "refuses %s before asking the model",
      async (path) => {
        const server = await serve([{ text: "never" }]);
        const output = await oracleOn(server, "openai-chat").call(
          { task: "t", files: ["a.txt", path] },
          ctx(),
        );
        expect(output.isError).toBe(true);
        expect(output.textContent()).toContain(`\`files[1]\` (${JSON.stringify(path)})`);
        expect(server.requests).toHaveLength(0);
      },
    );
  });

  describe("when the attached files pass the byte budget", () => {
    it("cuts the file that crosses it and leaves the rest out, saying which", async () => {
      const server = await serve([{ text: "ok" }]);
      await oracleOn(server, "openai-chat", { maxFileBytes: 5 }).call(
        { task: "t", files: ["a.txt", "b.txt"] },
        ctx(),
      );
      const prompt = firstUserText(server.requests[0] as RecordedRequest);
      expect(prompt).toContain(
        `<file path=\\"${join(root, "a.txt")}\\" truncated=\\"true\\">\\nalpha\\n</file>`,
      );
      expect(prompt).toContain("Not attached (the 5-byte budget for files was spent): b.txt.");
      expect(prompt).not.toContain("bravo");
    });
  });

  describe("when given a tool that writes", () => {
    it("refuses it at construction", () => {
      expect(() =>
        oracleTool({
          model: openaiChat({ baseUrl: "http://127.0.0.1:9", model: "m" }),
          tools: [new EditFile()],
        }),
      ).toThrow(
        'oracleTool: `tools[0]` ("edit_file") is not read-only; the oracle never writes files or runs commands',
      );
    });
  });

  describe("when reasoning is turned off", () => {
    it("sends no reasoning field", async () => {
      const server = await serve([{ text: "ok" }]);
      const tool = oracleTool({
        model: oracleModel({
          provider: "openai-responses",
          model: "m",
          baseUrl: server.openaiBaseUrl,
          reasoning: false,
        }),
        workspace: new Workspace({ root }),
      });
      await tool.call({ task: "t" }, ctx());
      expect(server.requests[0]?.json).not.toHaveProperty("reasoning");
      expect(server.requests[0]?.json).toHaveProperty("model", "m");
    });
  });

  describe("when given bad options", () => {
    it.each<[string, () => unknown, string]>([
      [
        "an unknown provider",
        // @ts-expect-error a provider the loop does not speak
        () => oracleModel({ provider: "openai", model: "m" }),
        'oracleModel: `provider` must be one of openai-chat, openai-responses, anthropic-messages, gemini-generate-content, got "openai"',
      ],
      [
        "Anthropic without a key",
        () => oracleModel({ provider: "anthropic-messages", model: "m" }),
        "oracleModel: provider anthropic-messages needs `apiKey`, got undefined",
      ],
      [
        "two tools of one name",
        () =>
          oracleTool({
            model: openaiChat({ baseUrl: "http://127.0.0.1:9", model: "m" }),
            tools: [new ReadFile(), new ReadFile()],
          }),
        'oracleTool: `tools[1]` repeats the name "read_file"',
      ],
      [
        "a zero maxTurns",
        () => oracleTool({ model: openaiChat({ baseUrl: "http://127.0.0.1:9", model: "m" }), maxTurns: 0 }),
        "oracleTool: `maxTurns` must be a positive integer, got 0",
      ],
    ])("throws for %s", (_, build, message) => {
      expect(build).toThrow(message);
    });
  });
});
