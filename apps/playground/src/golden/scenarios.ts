import { FnTool, type JsonSchema, Think, type Tool, ToolOutput } from "@toolkit/core";
import type { BareLoopOptions } from "@toolkit/loop";
import type { ScriptStep } from "@toolkit/loop/test";
import { selectByNames, ToolRegistry } from "@toolkit/registry";
import { type ZodType, z } from "zod";

/** One golden scenario: the tools, the loop options and the scripted replies. */
export interface Scenario {
  readonly name: string;
  readonly task: string;
  readonly script: readonly ScriptStep[];
  /** Builds the registry afresh for each replay (tools may mutate it). */
  registry(options?: { readDescription?: string; reverse?: boolean }): ToolRegistry;
  readonly options?: Omit<BareLoopOptions, "model" | "registry">;
  /** What `run(task, runOptions)` gets besides the task: a typed final answer's schema. */
  readonly runOptions?: { readonly output?: ZodType };
}

const PATH_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    path: { type: "string", description: "File path relative to the workspace." },
    limit: { type: "integer", description: "Most lines to return." },
  },
  required: ["path"],
};

const FILES: Readonly<Record<string, string>> = { "notes.txt": "alpha\nbeta\n", "todo.txt": "ship it\n" };

/** A fixed read-only tool over an in-memory map, so the bytes never depend on the machine. */
function readNote(description = "Reads a note by path and returns its text.") {
  return new FnTool<{ path: string }>("ReadNote", description, PATH_SCHEMA, ({ path }) => {
    const text = FILES[path];
    if (text === undefined) throw new Error(`no note at ${path}`);
    return text;
  })
    .readOnly()
    .concurrencySafe()
    .withSystemPrompt("Notes are plain text; read them before answering.");
}

function countWords() {
  return new FnTool<{ text: string }>(
    "CountWords",
    "Counts the words in a text.",
    { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    ({ text }) => ({ words: text.split(/\s+/).filter(Boolean).length }),
  )
    .readOnly()
    .concurrencySafe();
}

function snapshot() {
  return new FnTool<{ label: string }>(
    "Snapshot",
    "Returns a tiny PNG image with a caption.",
    { type: "object", properties: { label: { type: "string" } }, required: ["label"] },
    ({ label }) =>
      ToolOutput.multipart([
        { type: "text", text: `snapshot ${label}` },
        {
          type: "image",
          mediaType: "image/png",
          data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
        },
      ]),
  ).readOnly();
}

function registryWith(...tools: Tool[]): ToolRegistry {
  const registry = new ToolRegistry({ logger: { warn: () => {} } });
  for (const t of tools) registry.register(t);
  return registry;
}

function standard({ readDescription, reverse = false }: { readDescription?: string; reverse?: boolean } = {}) {
  const tools: Tool[] = [readNote(readDescription), countWords(), new Think()];
  return registryWith(...(reverse ? tools.reverse() : tools));
}

/** Every scenario LOOP.md lists. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: "minimal-chat",
    task: "Say hello in one word.",
    script: [{ text: "Hello." }],
    registry: () => registryWith(),
  },
  {
    name: "system-and-tools",
    task: "What can you do?",
    script: [{ text: "I can read notes, count words and think." }],
    registry: standard,
    options: { system: "You are a terse assistant working over a notes folder." },
  },
  {
    name: "multi-turn-soft-failure",
    task: "Read notes.txt and missing.txt, then count the words of notes.txt.",
    script: [
      { text: "Reading notes.txt first.", toolCalls: [{ name: "ReadNote", input: { path: "notes.txt" } }] },
      { toolCalls: [{ name: "ReadNote", input: { path: "missing.txt" } }] },
      { toolCalls: [{ name: "CountWords", input: { text: "alpha beta" } }] },
      { text: "notes.txt has 2 words; missing.txt does not exist." },
    ],
    registry: standard,
    options: { system: "You are a terse assistant working over a notes folder." },
  },
  {
    name: "parallel-calls",
    task: "Read both notes at once.",
    script: [
      {
        toolCalls: [
          { name: "ReadNote", input: { path: "notes.txt" } },
          { name: "ReadNote", input: { path: "todo.txt" } },
          { name: "Think", input: { thought: "Both notes are short." } },
        ],
      },
      { text: "Done." },
    ],
    registry: standard,
    options: { dispatch: { mode: "parallel", maxConcurrency: 4 } },
  },
  {
    name: "strict-constraint",
    task: "Read notes.txt, at most one line.",
    script: [{ toolCalls: [{ name: "ReadNote", input: { path: "notes.txt", limit: null } }] }, { text: "alpha" }],
    registry: standard,
    options: { constraint: "strict" },
  },
  {
    name: "selector-subset",
    task: "Think, then count.",
    script: [{ text: "Only two tools are offered." }],
    registry: standard,
    options: { selector: selectByNames(["Think", "CountWords"]) },
  },
  {
    name: "image-result",
    task: "Take a snapshot labelled build.",
    script: [{ toolCalls: [{ name: "Snapshot", input: { label: "build" } }] }, { text: "The snapshot is one pixel." }],
    registry: () => registryWith(snapshot()),
  },
  {
    name: "registered-mid-run",
    task: "Enable word counting, then count 'a b c'.",
    script: [
      { toolCalls: [{ name: "EnableCounting", input: {} }] },
      { toolCalls: [{ name: "CountWords", input: { text: "a b c" } }] },
      { text: "3 words." },
    ],
    registry: () => {
      const registry = registryWith();
      registry.register(
        new FnTool("EnableCounting", "Makes the CountWords tool available.", { type: "object", properties: {} }, () => {
          registry.register(countWords());
          return "CountWords is now available.";
        }),
      );
      return registry;
    },
  },
  {
    name: "refusal",
    task: "Read the private notes of another user.",
    script: [{ refusal: "I can't help with reading another user's private notes." }],
    registry: standard,
  },
  {
    name: "length-continuation",
    task: "Summarise notes.txt.",
    script: [
      { toolCalls: [{ name: "ReadNote", input: { path: "notes.txt" } }] },
      { text: "notes.txt lists two", finishReason: "length" },
      { text: " words: alpha and beta." },
    ],
    registry: standard,
  },
  {
    // A typed final answer: each wire format's structured-output request, and the repair turn.
    name: "typed-output",
    task: "How many words are in notes.txt? Answer as JSON.",
    script: [
      { toolCalls: [{ name: "ReadNote", input: { path: "notes.txt" } }] },
      { text: '{"words":"two"}' },
      { text: '{"words":2}' },
    ],
    registry: standard,
    runOptions: { output: z.object({ words: z.number().int() }).strict() },
  },
  {
    name: "reasoning-round-trip",
    task: "Count the words of notes.txt.",
    script: [
      {
        reasoning: [{ text: "I should read the note first." }, { redacted: true }],
        toolCalls: [{ name: "ReadNote", input: { path: "notes.txt" } }],
      },
      {
        reasoning: [{ text: "Two words." }],
        text: "Counting.",
        toolCalls: [{ name: "CountWords", input: { text: "alpha beta" } }],
      },
      { text: "2 words." },
    ],
    registry: standard,
  },
];

/** Client options replayed over one scenario, each into `<scenario>.<variant>.jsonl`. */
export interface Variant {
  readonly name: string;
  readonly scenario: string;
  /** Per client name; a client without an entry is not replayed for this variant. */
  readonly options: Readonly<Record<string, import("./replay.js").VariantOptions>>;
}

const SHARED = { temperature: 0.2, maxOutputTokens: 512, extraBody: { metadata: { run: "golden" } } } as const;

/** The new request options and streaming, over the multi-turn scenario. */
export const VARIANTS: readonly Variant[] = [
  {
    name: "model-options",
    scenario: "multi-turn-soft-failure",
    options: {
      "openai-chat": {
        ...SHARED,
        toolChoice: { name: "ReadNote" },
        parallelToolCalls: false,
        reasoning: { effort: "low" },
        promptCacheKey: "golden-cache",
      },
      "openai-responses": {
        ...SHARED,
        toolChoice: "required",
        parallelToolCalls: false,
        reasoning: { effort: "low" },
        promptCacheKey: "golden-cache",
      },
      // With thinking on, the temperature is left out and the budget is added to max_tokens.
      "anthropic-messages": {
        ...SHARED,
        extraBody: { metadata: { user_id: "golden" } },
        thinking: { budgetTokens: 2048 },
        toolChoice: "auto",
        parallelToolCalls: false,
        cache: "auto",
      },
      "gemini-generate-content": {
        ...SHARED,
        extraBody: { safetySettings: [] },
        toolChoice: { name: "ReadNote" },
        thinking: { budgetTokens: 1024 },
      },
    },
  },
  {
    name: "stream",
    scenario: "multi-turn-soft-failure",
    options: {
      "openai-chat": { stream: true },
      "openai-responses": { stream: true },
      "anthropic-messages": { stream: true },
      "gemini-generate-content": { stream: true },
    },
  },
];
