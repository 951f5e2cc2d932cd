import { afterEach, describe, expect, it } from "vitest";
import { ScriptedModelServer } from "./scripted-model-server.js";

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("ScriptedModelServer", () => {
  describe("when a streamed reply waits between many events", () => {
    it("streams every event and leaves no listener behind (no MaxListenersExceededWarning)", async () => {
      const warnings: string[] = [];
      const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
      process.on("warning", onWarning);
      try {
        // 40 words stream as far more than 10 events, each after a delay.
        const text = Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ");
        server = await ScriptedModelServer.start({ script: [{ text, eventDelayMs: 1 }] });
        const res = await fetch(`${server.openaiBaseUrl}/chat/completions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            model: "scripted",
            stream: true,
            messages: [{ role: "user", content: "hi" }],
          }),
        });
        const body = await res.text();
        const events = body.split("\n\n").filter((e) => e.startsWith("data: "));
        expect(events.length).toBeGreaterThan(10);
        const streamed = events
          .map((e) => e.slice(6))
          .filter((d) => d !== "[DONE]")
          .map((d) => JSON.parse(d).choices?.[0]?.delta?.content ?? "")
          .join("");
        expect(streamed).toBe(text);
        await new Promise((resolve) => setImmediate(resolve));
        expect(warnings).toEqual([]);
      } finally {
        process.off("warning", onWarning);
      }
    });
  });
});
