// Core's session tools (Todo, AskUser, Think) as a host runs them: through
// dispatch, which validates against the advertised schema and turns every
// refusal into a soft failure the model reads.
import { AskUser, createToolContext, NO_USER_TO_ASK, Think, Todo, todoList } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { dispatch } from "./dispatch.js";
import { ToolRegistry } from "../registry/tool-registry.js";

function registry(ask?: AskUser) {
  const r = new ToolRegistry();
  for (const tool of [new Think(), new Todo(), ask ?? new AskUser()]) r.register(tool);
  return r;
}

describe("session tools through dispatch", () => {
  it("keeps the plan of a Todo call in the session", async () => {
    const ctx = createToolContext();
    const [result] = await dispatch(
      registry(),
      [{ id: "c1", name: "Todo", input: { todos: [{ content: "Fix it", status: "in_progress" }] } }],
      { ctx },
    );
    expect(result?.output.isError).toBe(false);
    expect(result?.output.textContent()).toBe(
      "Todo list updated: 0 completed, 1 in progress, 0 pending.\n[>] 1. Fix it",
    );
    expect(todoList(ctx)).toEqual([{ id: "1", content: "Fix it", status: "in_progress" }]);
  });

  it("answers two items in progress with a soft failure and keeps the plan", async () => {
    const ctx = createToolContext();
    const both = [
      { content: "a", status: "in_progress" },
      { content: "b", status: "in_progress" },
    ];
    const [result] = await dispatch(registry(), [{ id: "c1", name: "Todo", input: { todos: both } }], {
      ctx,
    });
    expect(result?.output.isError).toBe(true);
    expect(result?.output.textContent()).toBe(
      'Invalid input: at most one item may be in_progress, got 2: "a", "b"\nKeep one item in_progress and mark the others pending or completed.',
    );
    expect(todoList(ctx)).toEqual([]);
  });

  it("runs two Todo calls of one reply one after the other, the last one winning", async () => {
    const ctx = createToolContext();
    await dispatch(
      registry(),
      [
        { id: "c1", name: "Todo", input: { todos: [{ content: "first", status: "pending" }] } },
        { id: "c2", name: "Todo", input: { todos: [{ content: "second", status: "pending" }] } },
      ],
      { ctx, mode: "parallel" },
    );
    expect(todoList(ctx).map((i) => i.content)).toEqual(["second"]);
  });

  it("asks the user through the host and answers with the reply", async () => {
    const ask = new AskUser({ ask: async (q, options) => `${q} -> ${options[1]}` });
    const [result] = await dispatch(
      registry(ask),
      [{ id: "c1", name: "AskUser", input: { question: "Which?", options: ["a", "b"] } }],
      { ctx: createToolContext({ isNonInteractive: false }) },
    );
    expect(result?.output.textContent()).toBe("Which? -> b");
  });

  it("tells the model to decide itself when no one can answer", async () => {
    const [result] = await dispatch(
      registry(),
      [{ id: "c1", name: "AskUser", input: { question: "Which?" } }],
      {
        ctx: createToolContext({ isNonInteractive: true }),
      },
    );
    expect(result?.output.isError).toBe(true);
    expect(result?.output.textContent()).toBe(NO_USER_TO_ASK);
  });
});
