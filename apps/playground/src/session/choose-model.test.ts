import { describe, expect, it } from "vitest";
import { chooseModel } from "./choose-model.js";
import { SCRIPTED_LABEL } from "./scripted-model.js";

describe("chooseModel", () => {
  describe("when no key is set", () => {
    it("serves the scripted model on 127.0.0.1 and labels it", async () => {
      const chosen = await chooseModel({ provider: undefined, model: undefined, env: {} });
      try {
        expect(chosen.provider).toBe("scripted");
        expect(chosen.label).toMatch(
          new RegExp(
            `^${SCRIPTED_LABEL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}; served as an OpenAI-compatible endpoint at http://127\\.0\\.0\\.1:\\d+/v1$`,
          ),
        );
        expect(chosen.client.provider).toBe("openai-chat");
      } finally {
        await chosen.close();
      }
    });
  });

  describe("when keys are in the environment", () => {
    it.each([
      [
        { OPENAI_API_KEY: "sk-1" },
        "openai",
        "OpenAI Chat Completions at https://api.openai.com/v1, model gpt-4.1-mini",
      ],
      [
        { OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", MODEL: "llama3.2" },
        "openai",
        "OpenAI Chat Completions at http://127.0.0.1:11434/v1, model llama3.2",
      ],
      [
        { ANTHROPIC_API_KEY: "sk-ant-1" },
        "anthropic",
        "Anthropic Messages at https://api.anthropic.com, model claude-sonnet-4-5",
      ],
    ])("picks the provider from %o without showing the key", async (env, provider, label) => {
      const chosen = await chooseModel({ provider: undefined, model: undefined, env });
      expect(chosen.provider).toBe(provider);
      expect(chosen.label).toBe(label);
      expect(chosen.label).not.toMatch(/sk-/);
    });

    it("lets --provider and --model win", async () => {
      const chosen = await chooseModel({
        provider: "openai-responses",
        model: "gpt-x",
        env: { OPENAI_API_KEY: "sk-1", ANTHROPIC_API_KEY: "sk-ant" },
      });
      expect(chosen.client.provider).toBe("openai-responses");
      expect(chosen.client.model).toBe("gpt-x");
    });
  });

  describe("when a required setting is missing", () => {
    it("says which", async () => {
      await expect(chooseModel({ provider: "anthropic", model: undefined, env: {} })).rejects.toThrow(
        "--provider anthropic needs ANTHROPIC_API_KEY",
      );
      await expect(
        chooseModel({
          provider: undefined,
          model: undefined,
          env: { OPENAI_BASE_URL: "http://127.0.0.1:1/v1" },
        }),
      ).rejects.toThrow("set MODEL (or --model) to the model your OPENAI_BASE_URL serves");
    });
  });
});
