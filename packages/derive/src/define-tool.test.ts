import {
  adviceFor,
  ToolError,
  ToolOutput,
  createToolContext,
  descriptorDigest,
  restoreAbsent,
  strictSchema,
  toolTraits,
  validateInput,
} from "@toolkit/core";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import { DefineToolError } from "./definition/define-tool-error.js";
import { defineTool } from "./define-tool.js";

const ctx = createToolContext({ cwd: "/tmp" });

const FetchPage = z
  .object({
    url: z.url().describe("The page to fetch"),
    count: z.int().min(1).max(10).default(3),
    mode: z.enum(["text", "html"]).optional(),
    tags: z.array(z.string().min(2)).max(2).optional(),
    even: z
      .number()
      .refine((n) => n % 2 === 0, "must be even")
      .optional(),
    nested: z.object({ deep: z.boolean() }).optional(),
    prefix: z.string().startsWith("x").optional(),
  })
  .meta({ title: "FetchPage", description: "Fetches a page and returns its text." });

/** The soft failure a call answers, as its message and its advice line; fails when the call succeeds or rejects. */
async function callError(
  fn: () => Promise<ToolOutput>,
): Promise<{ message: string; advice: string; text: string }> {
  const output = await fn();
  if (!output.isError) throw new Error(`expected a soft failure, got ${output.textContent()}`);
  const text = output.textContent();
  const cut = text.lastIndexOf("\n");
  return { text, message: text.slice(0, cut), advice: text.slice(cut + 1) };
}

describe("defineTool", () => {
  describe("when the schema carries a title and a description", () => {
    const tool = defineTool({ input: FetchPage, run: () => "ok" });

    it("names the tool after the snake_case title and describes it with the schema's text", () => {
      expect(tool.name).toBe("fetch_page");
      expect(tool.description).toBe("Fetches a page and returns its text.");
      expect(tool.schema().tool).toBe("fetch_page");
      expect(tool.schema().description).toBe("Fetches a page and returns its text.");
    });

    it("shows the model the closed input-side JSON Schema", () => {
      const schema = tool.schema().input_schema;
      expect(schema.required).toEqual(["url"]);
      expect(schema.additionalProperties).toBe(false);
      expect(schema.properties).toMatchObject({
        url: { type: "string", format: "uri", description: "The page to fetch" },
        count: { type: "integer", minimum: 1, maximum: 10, default: 3 },
      });
    });

    it("exposes the zod schema", () => {
      expect(tool.input).toBe(FetchPage);
    });
  });

  describe("when the schema description comes from .describe()", () => {
    it("uses it", () => {
      const tool = defineTool({
        input: z.object({ text: z.string() }).describe("Says the text back.").meta({ title: "Echo" }),
        run: ({ text }) => text,
      });
      expect([tool.name, tool.description]).toEqual(["echo", "Says the text back."]);
    });
  });

  describe("when the schema is a zod/mini schema", () => {
    it("derives and parses it the same way", async () => {
      const tool = defineTool({
        input: zm.object({ n: zm.optional(zm.number()) }),
        name: "mini",
        description: "Uses zod/mini.",
        run: ({ n }) => ({ n: n ?? 0 }),
      });
      expect(tool.schema().input_schema).toEqual({
        type: "object",
        properties: { n: { type: "number" } },
        additionalProperties: false,
      });
      expect((await tool.call({}, ctx)).structuredValue()).toEqual({ n: 0 });
      expect((await callError(() => tool.call({ n: "1" }, ctx))).message).toBe(
        'Invalid input: `n` must be number, got string ("1")',
      );
    });
  });

  describe("when name and description are passed", () => {
    it("prefers them to the schema's", () => {
      const tool = defineTool({ input: FetchPage, name: "Fetch", description: "Gets a URL.", run: () => "" });
      expect(tool.schema()).toMatchObject({ tool: "Fetch", description: "Gets a URL." });
    });
  });

  describe("when the definition cannot work", () => {
    const bare = z.object({ text: z.string() });
    it.each([
      [
        "there is no description",
        () => defineTool({ input: bare, name: "echo", run: () => "" }),
        "description",
        "defineTool: tool 'echo' has no description: pass `description`, or describe the schema with .describe(\"What the tool does.\")",
      ],
      [
        "the description is blank",
        () => defineTool({ input: FetchPage, description: "  ", run: () => "" }),
        "description",
        "defineTool: `description` of tool 'fetch_page' is empty: say what the tool does, e.g. \"Fetches a web page and returns its text.\"",
      ],
      [
        "the name is empty",
        () => defineTool({ input: FetchPage, name: "", run: () => "" }),
        "name",
        'defineTool: `name` is empty: pass a name such as "fetch_page", or leave it out to use the snake_case of the schema\'s title',
      ],
      [
        "the name breaks the MCP rule",
        () => defineTool({ input: FetchPage, name: "fetch page", run: () => "" }),
        "name",
        "defineTool: `name` must match /^[A-Za-z0-9._-]{1,128}$/ (letters, digits, '.', '_', '-'; 1-128 characters), got \"fetch page\"",
      ],
      [
        "there is neither a name nor a title",
        () => defineTool({ input: bare, description: "Echoes.", run: () => "" }),
        "name",
        'defineTool: the tool has no name: pass `name`, or give the schema a title with .meta({ title: "FetchPage" }) (it becomes "fetch_page")',
      ],
      [
        "the title has no letters or digits",
        () => defineTool({ input: bare.meta({ title: "???" }), description: "Echoes.", run: () => "" }),
        "name",
        'defineTool: the schema\'s title "???" gives no valid tool name (""); pass `name` explicitly',
      ],
      [
        "run is not a function",
        // @ts-expect-error run is required and must be a function
        () => defineTool({ input: FetchPage }),
        "run",
        "defineTool: `run` of tool 'fetch_page' must be a function (input, ctx) => result, got undefined",
      ],
      [
        "a boolean trait is not a boolean",
        // @ts-expect-error readOnly is a boolean
        () => defineTool({ input: FetchPage, readOnly: "yes", run: () => "" }),
        "readOnly",
        "defineTool: `readOnly` of tool 'fetch_page' must be true or false, got string",
      ],
      [
        "a trait callback is not a function",
        // @ts-expect-error resourceKey is a function
        () => defineTool({ input: FetchPage, resourceKey: "url", run: () => "" }),
        "resourceKey",
        "defineTool: `resourceKey` of tool 'fetch_page' must be a function of the parsed input, got string",
      ],
      [
        "the system prompt is not a string",
        // @ts-expect-error systemPrompt is a string
        () => defineTool({ input: FetchPage, systemPrompt: 1, run: () => "" }),
        "systemPrompt",
        "defineTool: `systemPrompt` of tool 'fetch_page' must be a string, got number",
      ],
      [
        "the root is not an object",
        () => defineTool({ input: z.union([bare, z.object({ n: z.number() })]), name: "x", run: () => "" }),
        "input",
        "defineTool: `input` must describe an object of named arguments, got a schema of a union. Wrap it in a field: z.object({ value: <your schema> })",
      ],
      [
        "a field cannot be sent as JSON",
        () => defineTool({ input: z.object({ at: z.date() }), name: "x", description: "d", run: () => "" }),
        "input",
        "defineTool: field `at` of `input` cannot be sent by a model as JSON (Date cannot be represented in JSON Schema): send an ISO string with z.iso.datetime(), or decode one to a Date with z.codec(z.iso.datetime(), z.date(), { decode, encode })",
      ],
    ])("throws a DefineToolError when %s", (_label, define, option, message) => {
      expect(define).toThrow(DefineToolError);
      expect(define).toThrow(expect.objectContaining({ option, message }));
    });
  });

  describe("when called with valid input", () => {
    it("passes run the parsed input with defaults applied and the context", async () => {
      const run = vi.fn(() => "done");
      const tool = defineTool({ input: FetchPage, run });
      const out = await tool.call({ url: "https://example.com", mode: "html" }, ctx);
      expect(out.textContent()).toBe("done");
      expect(run).toHaveBeenCalledWith({ url: "https://example.com", count: 3, mode: "html" }, ctx);
    });

    it("passes run the output of transforms and codecs", async () => {
      const tool = defineTool({
        input: z.object({
          n: z.string().transform((s) => s.length),
          at: z.codec(z.iso.datetime(), z.date(), {
            decode: (s) => new Date(s),
            encode: (d) => d.toISOString(),
          }),
        }),
        name: "t",
        description: "d",
        run: ({ n, at }) => ({ n, year: at.getUTCFullYear() }),
      });
      const out = await tool.call({ n: "abcd", at: "2024-05-01T00:00:00Z" }, ctx);
      expect(out.structuredValue()).toEqual({ n: 4, year: 2024 });
    });

    it.each([
      ["a string as text", () => "plain", "plain", false],
      ["JSON as structured output", () => ({ sum: 5, list: [1, null] }), '{"sum":5,"list":[1,null]}', false],
      ["a number as structured output", () => 42, "42", false],
      ["a ToolOutput unchanged", () => ToolOutput.errorText("no such page"), "no such page", true],
      ["a promise of any of them", async () => "later", "later", false],
    ])("returns %s", async (_label, run, text, isError) => {
      const tool = defineTool({ input: FetchPage, run });
      const out = await tool.call({ url: "https://example.com" }, ctx);
      expect(out.textContent()).toBe(text);
      expect(out.isError).toBe(isError);
    });

    it("answers a ToolError thrown by run as its soft failure", async () => {
      const failure = ToolError.execution("site down");
      const tool = defineTool({
        input: FetchPage,
        run: () => {
          throw failure;
        },
      });
      expect((await callError(() => tool.call({ url: "https://example.com" }, ctx))).text).toBe(
        failure.modelText(),
      );
    });

    it("throws any other error run throws: a bug", async () => {
      const tool = defineTool({
        input: FetchPage,
        run: () => {
          throw new RangeError("off by one");
        },
      });
      await expect(tool.call({ url: "https://example.com" }, ctx)).rejects.toThrow(RangeError);
    });

    it("keeps extra fields of a loose object", async () => {
      const tool = defineTool({
        input: z.looseObject({ a: z.string() }).meta({ title: "Loose", description: "d" }),
        // Values of unknown type are not JsonResult; ToolOutput.structured takes them as they are.
        run: (input) => ToolOutput.structured(input),
      });
      expect((await tool.call({ a: "x", b: 1 }, ctx)).structuredValue()).toEqual({ a: "x", b: 1 });
    });
  });

  describe("when the schema is recursive", () => {
    it("advertises a closed definition that refers to itself and parses nested input", async () => {
      const Node = z.object({
        label: z.string(),
        get children(): z.ZodOptional<z.ZodArray<typeof Node>> {
          return z.array(Node).optional();
        },
      });
      const tool = defineTool({
        input: Node.meta({ title: "Tree", description: "Counts nodes." }),
        run: function count(node): number {
          return 1 + (node.children ?? []).reduce((sum, child) => sum + count(child), 0);
        },
      });
      expect(tool.schema().input_schema).toMatchObject({
        properties: { children: { $ref: "#/$defs/__schema0" } },
        $defs: {
          __schema0: {
            type: "array",
            items: { properties: { children: { $ref: "#/$defs/__schema0" } }, additionalProperties: false },
          },
        },
      });
      const tree = { label: "a", children: [{ label: "b" }, { label: "c", children: [{ label: "d" }] }] };
      expect((await tool.call(tree, ctx)).textContent()).toBe("4");
      const error = await callError(() =>
        tool.call({ label: "a", children: [{ label: "b", children: [{}] }] }, ctx),
      );
      expect(error.message).toBe(
        "Invalid input: missing required field `children[0].children[0].label` (expected string)",
      );
    });
  });

  describe("when called with input that does not parse", () => {
    const run = vi.fn(() => "never");
    const tool = defineTool({ input: FetchPage, run });
    it.each([
      [{}, "Invalid input: missing required field `url` (expected string)"],
      ["text", 'Invalid input: expected an object of arguments, got string ("text")'],
      [null, "Invalid input: expected an object of arguments, got null"],
      [{ url: "nope" }, 'Invalid input: `url` must be a valid url, got string ("nope")'],
      [
        { url: "https://a.b", extra: 1 },
        "Invalid input: unexpected field `extra` (allowed: url, count, mode, tags, even, nested, prefix)",
      ],
      [
        { url: "https://a.b", extra: 1, count: 0 },
        "Invalid input: `count` must be >= 1, got integer (0); unexpected field `extra` (allowed: url, count, mode, tags, even, nested, prefix)",
      ],
      [
        { url: "https://a.b", nested: { deep: true, more: 2 } },
        "Invalid input: unexpected field `nested.more` (allowed: deep)",
      ],
      [
        { url: "https://a.b", nested: { deep: 1 } },
        "Invalid input: `nested.deep` must be boolean, got integer (1)",
      ],
      [{ url: "https://a.b", count: 2.5 }, "Invalid input: `count` must be an integer, got number (2.5)"],
      [
        { url: "https://a.b", tags: ["ok", "x"] },
        'Invalid input: `tags[1]` must have at least 2 characters, got string ("x")',
      ],
      [{ url: "https://a.b", prefix: "y" }, 'Invalid input: `prefix` must start with "x", got string ("y")'],
      [
        {
          url: 5,
          count: "x",
          mode: "pdf",
          tags: ["a", "bb", "cc"],
          even: 3,
          nested: { deep: 1 },
          prefix: "y",
        },
        'Invalid input: `url` must be string, got integer (5); `count` must be number, got string ("x"); `mode` must be one of "text", "html", got string ("pdf"); `tags` must have at most 2 items, got an array of 3; `even` must be even, got integer (3); (and 2 more problems)',
      ],
    ])("refuses %j naming the field, the expectation and what arrived", async (input, message) => {
      const error = await callError(() => tool.call(input, ctx));
      expect(error.advice).toBe(adviceFor("InvalidInput"));
      expect(error.message).toBe(message);
      expect(error.text).toBe(
        `${message}\nFix the arguments so they match the tool's input schema, then call it again.`,
      );
      expect(run).not.toHaveBeenCalled();
    });
  });

  describe("when traits are left out", () => {
    it("has the core defaults", () => {
      const traits = toolTraits(defineTool({ input: FetchPage, run: () => "" }));
      expect(traits).toMatchObject({
        isConcurrencySafe: false,
        isReadOnly: false,
        recordsTrajectory: true,
        isIdempotent: false,
        systemPrompt: undefined,
      });
      expect(traits.isSafeForConcurrentExecution({ url: "https://a.b" })).toBe(false);
      expect(traits.resourceKey({ url: "https://a.b" })).toBeUndefined();
    });
  });

  describe("when traits are given", () => {
    const tool = defineTool({
      input: FetchPage,
      readOnly: true,
      concurrencySafe: true,
      systemPrompt: "Prefer fetch_page over guessing.",
      recordsTrajectory: false,
      run: () => "",
    });

    it("reports them through the Tool contract", () => {
      const traits = toolTraits(tool);
      expect(traits).toMatchObject({
        isConcurrencySafe: true,
        isReadOnly: true,
        recordsTrajectory: false,
        isIdempotent: true,
        systemPrompt: "Prefer fetch_page over guessing.",
        descriptorDigest: descriptorDigest(tool),
      });
      expect(traits.isSafeForConcurrentExecution({})).toBe(true);
    });

    it("lets idempotent differ from readOnly", () => {
      const write = defineTool({ input: FetchPage, idempotent: true, run: () => "" });
      expect([write.isReadOnly(), write.isIdempotent()]).toEqual([false, true]);
    });

    it("gives concurrencyCheck and resourceKey the parsed input, and nothing for input that does not parse", () => {
      const seen: unknown[] = [];
      const keyed = defineTool({
        input: FetchPage,
        concurrencyCheck: (input) => {
          seen.push(input);
          return input.mode === "text";
        },
        resourceKey: ({ url, count }) => `${new URL(url).host}#${count}`,
        run: () => "",
      });
      expect(keyed.isSafeForConcurrentExecution({ url: "https://a.b", mode: "text" })).toBe(true);
      expect(keyed.isSafeForConcurrentExecution({ url: "https://a.b" })).toBe(false);
      expect(keyed.isSafeForConcurrentExecution({ url: 1, mode: "text" })).toBe(false);
      expect(seen).toEqual([
        { url: "https://a.b", count: 3, mode: "text" },
        { url: "https://a.b", count: 3 },
      ]);
      expect(keyed.resourceKey({ url: "https://a.b/x" })).toBe("a.b#3");
      expect(keyed.resourceKey({ url: "not a url" })).toBeUndefined();
    });

    it("treats input whose checks are asynchronous as not safe and unkeyed", () => {
      const asyncChecked = defineTool({
        input: z
          .object({ id: z.string().refine(async (s) => s.length > 0) })
          .meta({ title: "Async", description: "d" }),
        concurrencyCheck: () => true,
        resourceKey: ({ id }) => id,
        run: () => "",
      });
      expect(asyncChecked.isSafeForConcurrentExecution({ id: "a" })).toBe(false);
      expect(asyncChecked.resourceKey({ id: "a" })).toBeUndefined();
    });
  });

  describe("when an async refinement fails at call time", () => {
    it("reports it like any other problem", async () => {
      const tool = defineTool({
        input: z
          .object({ id: z.string().refine(async (s) => s.startsWith("u-"), "must start with u-") })
          .meta({ title: "Lookup", description: "Looks a user up." }),
        run: ({ id }) => id,
      });
      expect((await tool.call({ id: "u-1" }, ctx)).textContent()).toBe("u-1");
      const error = await callError(() => tool.call({ id: "x" }, ctx));
      expect(error.message).toBe('Invalid input: `id` must start with u-, got string ("x")');
    });
  });

  describe("when the host uses strict mode", () => {
    const Search = z
      .object({
        query: z.string(),
        limit: z.int().default(10),
        lang: z.enum(["en", "de"]).optional(),
        site: z.string().nullish(),
        filter: z.object({ after: z.iso.date().optional(), exact: z.boolean() }).optional(),
        pages: z.array(z.object({ n: z.int(), label: z.string().optional() })).optional(),
      })
      .meta({ title: "Search", description: "Searches." });
    const run = vi.fn((input: z.output<typeof Search>) => input);
    const tool = defineTool({ input: Search, run });
    const original = tool.schema().input_schema;
    const strict = strictSchema(original);

    it.each([
      [
        { query: "q", limit: null, lang: null, site: null, filter: null, pages: null },
        { query: "q", limit: 10, site: null },
      ],
      [
        {
          query: "q",
          limit: 3,
          lang: "de",
          site: "x.org",
          filter: { after: null, exact: true },
          pages: [
            { n: 1, label: null },
            { n: 2, label: "two" },
          ],
        },
        {
          query: "q",
          limit: 3,
          lang: "de",
          site: "x.org",
          filter: { exact: true },
          pages: [{ n: 1 }, { n: 2, label: "two" }],
        },
      ],
    ])(
      "round-trips %j through strictSchema, validateInput and restoreAbsent into run",
      async (sent, received) => {
        const valid = validateInput(strict, sent);
        const restored = restoreAbsent(original, valid);
        await tool.call(restored, ctx);
        expect(run).toHaveBeenLastCalledWith(received, ctx);
      },
    );

    it("refuses strict input that leaves a field out", () => {
      expect(() => validateInput(strict, { query: "q" })).toThrow(
        "Invalid input: missing required field `limit` (expected integer or null); missing required field `lang` (expected string or null); missing required field `site` (expected string or null); missing required field `filter` (expected object or null); missing required field `pages` (expected array or null)",
      );
    });
  });
});
