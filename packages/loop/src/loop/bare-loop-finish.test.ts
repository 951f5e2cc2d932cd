import { describe, expect, it, vi } from "vitest";
import type { StreamDelta } from "../model/model-client.js";
import type { ScriptStep } from "../test/script.js";
import type { BareLoopOptions } from "./loop-options.js";
import { recoveryNote } from "./recovery-note.js";
import {
  type ExtraClientOptions,
  echo,
  MODES,
  registryOf,
  rejection,
  tool,
  useLoopHarness,
} from "./test-kit.js";

const setupLoop = useLoopHarness();

describe.each(MODES)("BareLoop ($dialect, stream: $stream)", ({ dialect, stream, client }) => {
  const setup = (
    script: ScriptStep[],
    options: Omit<BareLoopOptions, "model">,
    extra: ExtraClientOptions = {},
  ) => setupLoop((s) => client(s, extra), script, options);

  describe("when the model refuses", () => {
    it("ends after one request with the refusal text, unretried", async () => {
      const { server, loop } = await setup([{ refusal: "I can't help with that." }, { text: "never" }], {
        registry: registryOf(echo("echo")),
      });
      const result = await loop.run("do something bad");
      // Gemini has no refusal of its own: it stops for SAFETY.
      expect(result.finishReason).toBe(dialect === "gemini-generate-content" ? "content-filter" : "refusal");
      expect(result.text).toBe("I can't help with that.");
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.stream).toBe(stream);
    });
  });

  describe("when a reply is cut at the output limit", () => {
    it("asks for the rest and joins the pieces", async () => {
      const { server, loop } = await setup(
        [{ text: "Part one, ", finishReason: "length" }, { text: "part two." }],
        { registry: registryOf() },
      );
      const result = await loop.run("write two parts");
      expect(result.text).toBe("Part one, part two.");
      expect(result.finishReason).toBe("stop");
      expect(server.requests).toHaveLength(2);
      expect(server.requests[1]?.body).toContain(JSON.stringify(recoveryNote("length")).slice(1, -1));
    });

    it("reports length when every continuation is cut too", async () => {
      const cut = (text: string) => ({ text, finishReason: "length" as const });
      const { server, loop } = await setup([cut("a"), cut("b"), cut("c"), { text: "never" }], {
        registry: registryOf(),
        maxRecoveries: 2,
      });
      const result = await loop.run("go");
      expect(result.finishReason).toBe("length");
      expect(result.text).toBe("abc");
      expect(server.requests).toHaveLength(3);
    });

    it("answers a call whose arguments were cut off without running it", async () => {
      let ran = false;
      const { server, loop } = await setup(
        [
          {
            toolCalls: [{ id: "c1", name: "write", input: '{"v":"a very long te', raw: true }],
            finishReason: "length",
          },
          { text: "ok" },
        ],
        {
          registry: registryOf(
            tool("write", () => {
              ran = true;
              return "written";
            }),
          ),
        },
      );
      const result = await loop.run("go");
      expect(ran).toBe(false);
      expect(result.text).toBe("ok");
      expect(server.requests[1]?.toolResults[0]?.text).toMatch(
        /^Invalid input: the arguments for 'write' were cut off at the output limit after \d+ characters; the call did not run/,
      );
      expect(result.toolCalls.map((c) => [c.name, c.isError])).toEqual([["write", true]]);
    });
  });

  describe("when the model reasons before calling a tool", () => {
    it("keeps the reasoning and sends the provider's items back verbatim, in place", async () => {
      const replies: unknown[] = [];
      const { server, loop } = await setup(
        [
          {
            reasoning: [{ text: "The user wants an echo." }, { redacted: true }],
            text: "Echoing.",
            toolCalls: [{ id: "c1", name: "echo", input: { v: "x" } }],
          },
          { text: "done" },
        ],
        {
          registry: registryOf(echo("echo")),
          observers: [{ onReply: (e) => replies.push(e.reply.reasoning) }],
        },
        { includeReasoning: true },
      );
      const result = await loop.run("echo x");
      expect(result.text).toBe("done");
      const assistant = result.messages[1];
      expect(assistant?.role === "assistant" && assistant.reasoning?.[0]?.text).toBe(
        "The user wants an echo.",
      );
      expect(replies[0]).toBeDefined();
      const second = server.requests[1]?.body ?? "";
      if (dialect === "openai-responses") {
        expect(server.requests[0]?.json).toMatchObject({
          store: false,
          include: ["reasoning.encrypted_content"],
        });
        expect(second).toContain(
          '{"id":"rs_1","type":"reasoning","summary":[{"type":"summary_text","text":"The user wants an echo."}],"encrypted_content":"encrypted:rs_1"},' +
            '{"id":"rs_2","type":"reasoning","summary":[],"encrypted_content":"encrypted:rs_2"},' +
            '{"type":"message","role":"assistant","content":"Echoing."},{"type":"function_call","call_id":"c1"',
        );
      } else if (dialect === "anthropic-messages") {
        expect(second).toContain(
          '{"role":"assistant","content":[{"type":"thinking","thinking":"The user wants an echo.","signature":"signature:sig_1"},' +
            '{"type":"redacted_thinking","data":"redacted:sig_2"},{"type":"text","text":"Echoing."},{"type":"tool_use","id":"c1"',
        );
      } else if (dialect === "gemini-generate-content") {
        expect(second).toContain(
          '{"role":"model","parts":[{"text":"Echoing."},{"functionCall":{"id":"c1","name":"echo","args":{"v":"x"}},"thoughtSignature":"signature:sig_1"}]}',
        );
        expect(second).not.toContain("The user wants an echo.");
      } else {
        expect(second).not.toContain("The user wants an echo.");
      }
    });
  });

  describe("when the provider reports cached and reasoning tokens", () => {
    it("sums them per run, cached tokens inside the input count", async () => {
      const usage = { cachedInputTokens: 4, cacheWriteTokens: 2, reasoningTokens: 3 };
      const { server, loop } = await setup(
        [
          { toolCalls: [{ name: "echo", input: { v: "1" } }], usage },
          { text: "done", usage },
        ],
        { registry: registryOf(echo("echo")) },
      );
      const result = await loop.run("go");
      const sent = server.requests.reduce((n, r) => n + Math.ceil(r.body.length / 4), 0);
      expect(result.usage.inputTokens).toBe(sent);
      expect(result.usage.cachedInputTokens).toBe(8);
      expect(result.usage.cacheWriteTokens).toBe(dialect === "anthropic-messages" ? 4 : 0);
      expect(result.usage.reasoningTokens).toBe(dialect === "anthropic-messages" ? 0 : 6);
    });
  });

  if (!stream) return;

  describe("when the reply streams", () => {
    it("shows each piece once as it arrives, and the reply matches the pieces", async () => {
      const deltas: StreamDelta[] = [];
      const { loop } = await setup(
        [
          { toolCalls: [{ id: "c1", name: "echo", input: { v: "streamed input" } }] },
          { text: "All done, streamed." },
        ],
        { registry: registryOf(echo("echo")), observers: [{ onDelta: (d) => deltas.push(d) }] },
      );
      const result = await loop.run("go");
      expect(result.text).toBe("All done, streamed.");
      const joined = (kind: StreamDelta["kind"]) =>
        deltas
          .filter((d) => d.kind === kind)
          .map((d) => d.delta)
          .join("");
      expect(joined("text")).toBe("All done, streamed.");
      expect(JSON.parse(joined("tool-input"))).toEqual({ v: "streamed input" });
      expect(deltas.filter((d) => d.kind === "tool-input").every((d) => d.callId === "c1")).toBe(true);
    });

    it("retries a stream that ends early without showing its text twice", async () => {
      const deltas: string[] = [];
      const text = "Hello there, this reply arrives in pieces.";
      const { server, loop } = await setup([{ text, cutStreamAfter: 4 }, { text }], {
        registry: registryOf(),
        observers: [{ onDelta: (d) => deltas.push(d.delta) }],
      });
      const result = await loop.run("go");
      expect(result.text).toBe(text);
      expect(server.requests).toHaveLength(2);
      expect(deltas.join("")).toBe(text);
    });

    it("closes the stream at once when the run is cancelled", async () => {
      const controller = new AbortController();
      const { server, loop } = await setup([{ text: "x".repeat(400), eventDelayMs: 20 }], {
        registry: registryOf(),
        observers: [{ onDelta: () => controller.abort() }],
      });
      const error = await rejection(loop.run("go", { signal: controller.signal }));
      expect(error.kind).toBe("Cancelled");
      await vi.waitFor(() => expect(server.openStreams).toBe(0));
      expect(server.requests).toHaveLength(1);
    });
  });
});
