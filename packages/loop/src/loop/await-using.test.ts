import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { openaiChat } from "../providers/openai-chat.js";
import { ScriptedModelServer } from "../test/scripted-model-server.js";
import { BareLoop } from "./bare-loop.js";
import { registryOf } from "./test-kit.js";

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
});

describe("BareLoop", () => {
  describe("when held with `await using`", () => {
    it("removes the session temp dir at the end of the block", async () => {
      server = await ScriptedModelServer.start({ script: [{ text: "ok" }] });
      let dir = "";
      {
        await using loop = new BareLoop({
          model: openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted" }),
          registry: registryOf(),
        });
        await loop.run("go");
        dir = loop.tempDir ?? "";
        expect(existsSync(dir)).toBe(true);
      }
      expect(dir).not.toBe("");
      expect(existsSync(dir)).toBe(false);
    });
  });
});
