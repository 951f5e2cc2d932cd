import { type ContextKey, createContextKey, type ToolContext } from "../context/context.js";
import { ToolError } from "../errors/error.js";
import type { JsonSchema } from "../json/json.js";
import { ToolOutput } from "../output/output.js";
import { ToolBase } from "../tool-base/tool-base.js";

/** Where an item of the plan stands. */
export type TodoStatus = "pending" | "in_progress" | "completed";

/** One item of the session's plan, as the last Todo call left it. */
export interface TodoItem {
  /** The id the model gave, or its position from 1 when it gave none. */
  readonly id: string;
  readonly content: string;
  readonly status: TodoStatus;
}

/** The most items one list may hold. */
export const MAX_TODO_ITEMS = 100;
/** The longest `content` of one item, in characters. */
export const MAX_TODO_CONTENT = 1_000;

const DESCRIPTION = [
  "Keep a short plan for this session and show your progress. Use it when the task has three or more",
  "distinct steps, when the user gives several requests at once, or when new steps turn up while you work;",
  "skip it for a single small change or a question. Each call replaces the whole list: send every item with",
  "its status (pending, in_progress, completed). Keep exactly one item in_progress while you work: mark it",
  "in_progress before you start it and completed as soon as it is done, then move to the next. Never mark an",
  "item completed while its tests fail or its work is partial; add a new item for what remains instead.",
].join(" ");

const INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    todos: {
      type: "array",
      description: "The whole list, in order; it replaces the previous one.",
      maxItems: MAX_TODO_ITEMS,
      items: {
        type: "object",
        properties: {
          content: {
            type: "string",
            minLength: 1,
            maxLength: MAX_TODO_CONTENT,
            description: "What to do, as an imperative.",
          },
          status: { type: "string", enum: ["pending", "in_progress", "completed"] },
          id: { type: "string", minLength: 1, maxLength: 64, description: "A stable id, if you want one." },
        },
        required: ["content", "status"],
        additionalProperties: false,
      },
    },
  },
  required: ["todos"],
  additionalProperties: false,
};

interface TodoInput {
  todos: Array<{ content: string; status: TodoStatus; id?: string }>;
}

const TODO_LIST: ContextKey<readonly TodoItem[]> = createContextKey("the session's Todo list");

/**
 * The session's plan as the last Todo call left it (empty before the first
 * call). The list is kept in the context's shared extensions, so every context
 * derived from the session's sees the same list: a host or UI reads it here.
 */
export function todoList(ctx: ToolContext): readonly TodoItem[] {
  return ctx.get(TODO_LIST) ?? [];
}

const MARK: Readonly<Record<TodoStatus, string>> = { completed: "[x]", in_progress: "[>]", pending: "[ ]" };

/** The list as the model reads it back: counts, then one line per item. */
export function renderTodoList(items: readonly TodoItem[]): string {
  if (items.length === 0) return "Todo list cleared (0 items).";
  const count = (s: TodoStatus) => items.filter((i) => i.status === s).length;
  const head = `Todo list updated: ${count("completed")} completed, ${count("in_progress")} in progress, ${count("pending")} pending.`;
  return [head, ...items.map((i) => `${MARK[i.status]} ${i.id}. ${i.content}`)].join("\n");
}

/**
 * The model's plan for the session: a whole-list replace each call, at most
 * one item in progress. No I/O; the list lives in the session (`todoList`).
 * Not concurrency-safe: two lists sent in one reply would race for the slot.
 */
export class Todo extends ToolBase<TodoInput> {
  readonly name = "Todo";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = INPUT_SCHEMA;

  protected run({ todos }: TodoInput, ctx: ToolContext): ToolOutput {
    const active = todos.filter((t) => t.status === "in_progress");
    if (active.length > 1) {
      throw ToolError.invalidInput(
        `at most one item may be in_progress, got ${active.length}: ${active.map((t) => JSON.stringify(t.content.slice(0, 60))).join(", ")}`,
        { advice: "Keep one item in_progress and mark the others pending or completed." },
      );
    }
    const items = todos.map((t, i) =>
      Object.freeze({ id: t.id ?? String(i + 1), content: t.content.trim(), status: t.status }),
    );
    const seen = new Set<string>();
    for (const item of items) {
      if (item.content === "") throw ToolError.invalidInput(`item \`${item.id}\` has empty \`content\``);
      if (seen.has(item.id)) {
        throw ToolError.invalidInput(`two items have the id \`${item.id}\``, {
          advice: "Give each item its own id, or leave ids out.",
        });
      }
      seen.add(item.id);
    }
    const list = Object.freeze(items);
    ctx.set(TODO_LIST, list);
    return ToolOutput.text(renderTodoList(list));
  }

  isConcurrencySafe(): boolean {
    return false;
  }
  isReadOnly(): boolean {
    return true;
  }
  isIdempotent(): boolean {
    return true;
  }
}
