import { describe, expect, it } from "vitest";
import { createToolContext } from "../context/context.js";
import { toolTraits } from "../tool/tool.js";
import { MAX_TODO_ITEMS, renderTodoList, Todo, todoList } from "./todo.js";

describe("Todo", () => {
  describe("when the model sends a list", () => {
    it("keeps it in the session and renders it with its counts", async () => {
      const ctx = createToolContext();
      const out = await new Todo().call(
        {
          todos: [
            { content: "Read the failing test", status: "completed" },
            { content: "Fix the parser", status: "in_progress" },
            { content: "Run the tests", status: "pending", id: "tests" },
          ],
        },
        ctx,
      );
      expect(out.isError).toBe(false);
      expect(out.textContent()).toBe(
        [
          "Todo list updated: 1 completed, 1 in progress, 1 pending.",
          "[x] 1. Read the failing test",
          "[>] 2. Fix the parser",
          "[ ] tests. Run the tests",
        ].join("\n"),
      );
      expect(todoList(ctx)).toEqual([
        { id: "1", content: "Read the failing test", status: "completed" },
        { id: "2", content: "Fix the parser", status: "in_progress" },
        { id: "tests", content: "Run the tests", status: "pending" },
      ]);
    });

    it("replaces the whole list on each call, and derived contexts see the same list", async () => {
      const ctx = createToolContext();
      const todo = new Todo();
      await todo.call(
        {
          todos: [
            { content: "a", status: "pending" },
            { content: "b", status: "pending" },
          ],
        },
        ctx,
      );
      const child = ctx.withSignal(new AbortController().signal);
      await todo.call({ todos: [{ content: "b", status: "in_progress" }] }, child);
      expect(todoList(ctx)).toEqual([{ id: "1", content: "b", status: "in_progress" }]);
    });

    it("clears the list with an empty one", async () => {
      const ctx = createToolContext();
      await new Todo().call({ todos: [{ content: "a", status: "pending" }] }, ctx);
      const out = await new Todo().call({ todos: [] }, ctx);
      expect(out.textContent()).toBe("Todo list cleared (0 items).");
      expect(todoList(ctx)).toEqual([]);
    });

    it("keeps sessions apart", async () => {
      const a = createToolContext();
      const b = createToolContext();
      await new Todo().call({ todos: [{ content: "only a", status: "pending" }] }, a);
      expect(todoList(b)).toEqual([]);
    });
  });

  describe("when the list is wrong", () => {
    it.each([
      [
        "two items in progress",
        {
          todos: [
            { content: "a", status: "in_progress" },
            { content: "b", status: "in_progress" },
          ],
        },
        'Invalid input: at most one item may be in_progress, got 2: "a", "b"',
      ],
      ["an unknown status", { todos: [{ content: "a", status: "doing" }] }, "status"],
      ["a missing content", { todos: [{ status: "pending" }] }, "content"],
      ["an empty content", { todos: [{ content: "", status: "pending" }] }, "content"],
      ["a blank content", { todos: [{ content: "   ", status: "pending" }] }, "item `1` has empty `content`"],
      [
        "a repeated id",
        {
          todos: [
            { content: "a", status: "pending", id: "x" },
            { content: "b", status: "pending", id: "x" },
          ],
        },
        "two items have the id `x`",
      ],
      ["no list", {}, "todos"],
      [
        "too many items",
        { todos: Array.from({ length: MAX_TODO_ITEMS + 1 }, () => ({ content: "a", status: "pending" })) },
        "todos",
      ],
    ])("refuses %s and keeps the previous list", async (_what, input, message) => {
      const ctx = createToolContext();
      await new Todo().call({ todos: [{ content: "kept", status: "pending" }] }, ctx);
      const out = await new Todo().call(input, ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toMatch(message);
      expect(todoList(ctx).map((i) => i.content)).toEqual(["kept"]);
    });
  });

  it("is a read-only, idempotent tool that does not run beside another Todo", () => {
    const traits = toolTraits(new Todo());
    expect([traits.isReadOnly, traits.isConcurrencySafe, traits.isIdempotent]).toEqual([true, false, true]);
    expect(new Todo().schema().tool).toBe("Todo");
  });

  it("tells the model when to plan and to keep one item in progress", () => {
    const { description } = new Todo();
    expect(description).toContain("three or more");
    expect(description).toContain("exactly one item in_progress");
  });

  it("renders an empty list", () => {
    expect(renderTodoList([])).toBe("Todo list cleared (0 items).");
  });
});
