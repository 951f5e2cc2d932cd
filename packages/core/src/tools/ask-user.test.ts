import { describe, expect, it } from "vitest";
import { createToolContext } from "../context/context.js";
import { ToolError } from "../errors/error.js";
import { toolTraits } from "../tool/tool.js";
import { AskUser, NO_USER_TO_ASK } from "./ask-user.js";

const interactive = () => createToolContext({ isNonInteractive: false });

describe("AskUser", () => {
  describe("when the host can ask", () => {
    it("passes the question, the options and the signal, and answers with the reply", async () => {
      const seen: unknown[] = [];
      const ask = new AskUser({
        ask: async (question, options, signal) => {
          seen.push(question, options, signal instanceof AbortSignal);
          return "Use Postgres";
        },
      });
      const out = await ask.call(
        { question: "Which database?", options: ["Use Postgres", "Use SQLite"] },
        interactive(),
      );
      expect(out.isError).toBe(false);
      expect(out.textContent()).toBe("Use Postgres");
      expect(seen).toEqual(["Which database?", ["Use Postgres", "Use SQLite"], true]);
    });

    it("passes no options as an empty list and says so when the answer is empty", async () => {
      const ask = new AskUser({ ask: async (_q, options) => (options.length === 0 ? "  " : "x") });
      expect((await ask.call({ question: "Anything else?" }, interactive())).textContent()).toBe(
        "(the user gave an empty answer)",
      );
    });

    it("is cancelled when the call's signal fires while the user thinks", async () => {
      const controller = new AbortController();
      const ask = new AskUser({
        ask: (_q, _o, signal) =>
          new Promise((_resolve, reject) =>
            signal.addEventListener("abort", () => reject(new Error("closed"))),
          ),
      });
      const pending = ask.call({ question: "Go on?" }, interactive().withSignal(controller.signal));
      controller.abort();
      const out = await pending;
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(ToolError.cancelled().modelText());
    });

    it("names the host's failure", async () => {
      const ask = new AskUser({
        ask: async () => {
          throw new Error("the terminal is gone");
        },
      });
      const out = await ask.call({ question: "?" }, interactive());
      expect(out.isError).toBe(true);
      expect(out.textContent()).toContain("the host could not ask the user: the terminal is gone");
    });

    it.each([
      [{}, "question"],
      [{ question: "" }, "question"],
      [{ question: "?", options: ["a", "a"] }, "`options` lists the same answer twice"],
      [{ question: "?", options: [""] }, "options"],
      [{ question: "?", extra: 1 }, "extra"],
    ])("refuses %j", async (input, message) => {
      const out = await new AskUser({ ask: async () => "x" }).call(input, interactive());
      expect(out.isError).toBe(true);
      expect(out.textContent()).toContain(message);
    });
  });

  describe("when there is no user", () => {
    it.each([
      ["no ask function", new AskUser(), interactive()],
      [
        "a non-interactive session",
        new AskUser({ ask: async () => "never" }),
        createToolContext({ isNonInteractive: true }),
      ],
    ])("with %s it tells the model to decide itself", async (_what, tool, ctx) => {
      const out = await tool.call({ question: "Which one?" }, ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(NO_USER_TO_ASK);
    });
  });

  describe("when stdin is not a TTY and the host gave ask", () => {
    it("asks: a guessed isNonInteractive does not stop a host with its own way to the user", async () => {
      // vitest runs tests without a TTY on stdin, like a web server or a worker.
      expect(process.stdin.isTTY).not.toBe(true);
      const ctx = createToolContext();
      expect([ctx.isNonInteractive, ctx.isNonInteractiveGuessed]).toEqual([true, true]);
      const out = await new AskUser({ ask: async () => "blue" }).call({ question: "Which colour?" }, ctx);
      expect(out.isError).toBe(false);
      expect(out.textContent()).toContain("blue");
      // The guess survives a derived context.
      expect(ctx.withSignal(new AbortController().signal).isNonInteractiveGuessed).toBe(true);
    });

    it("does not ask when the context was created with isNonInteractive: true", async () => {
      const ctx = createToolContext({ isNonInteractive: true });
      expect(ctx.isNonInteractiveGuessed).toBe(false);
      const out = await new AskUser({ ask: async () => "blue" }).call({ question: "Which colour?" }, ctx);
      expect(out.textContent()).toBe(NO_USER_TO_ASK);
    });
  });

  it("refuses an ask option that is not a function", () => {
    expect(() => new AskUser({ ask: "yes" as never })).toThrow("AskUser: `ask` must be a function");
  });

  it("asks one question at a time", () => {
    const traits = toolTraits(new AskUser());
    expect([traits.isReadOnly, traits.isConcurrencySafe]).toEqual([true, false]);
    expect(new AskUser().schema().tool).toBe("AskUser");
  });
});
