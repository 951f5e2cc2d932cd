import { fnTool, registryWith, runOne } from "@toolkit/test-kit";
import { ToolError, ToolOutput } from "@toolkit/core";
import fc from "fast-check";
import { dispatch } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import { redact } from "./index.js";
import { redactSecrets } from "./secret-patterns.js";

const chars = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALNUM = `${UPPER}abcdefghijklmnopqrstuvwxyz0123456789`;
const URL_SAFE = `${ALNUM}_-`;

/** Generated secrets: [what is embedded, the part that must disappear]. */
const secret: fc.Arbitrary<[string, string]> = fc
  .oneof(
    chars(ALNUM, 32, 60).map((s) => `sk-${s}`),
    chars(URL_SAFE, 20, 120).map((s) => `sk-proj-${s}`),
    chars(URL_SAFE, 20, 100).map((s) => `sk-ant-api03-${s}`),
    chars(`${UPPER}0123456789`, 16, 16).map((s) => `AKIA${s}`),
    chars(ALNUM, 36, 40).map((s) => `ghp_${s}`),
    chars(`${ALNUM}_`, 22, 82).map((s) => `github_pat_${s}`),
    chars(`${ALNUM}-`, 10, 50).map((s) => `xoxb-${s}`),
    chars(URL_SAFE, 35, 35).map((s) => `AIza${s}`),
    chars(ALNUM, 24, 40).map((s) => `sk_live_${s}`),
  )
  .map((s): [string, string] => [s, s]);
const bearer = fc
  .tuple(chars(ALNUM, 15, 60), fc.integer({ min: 0, max: 9 }))
  .map(([s, d]): [string, string] => [`Bearer ${s}${d}`, `${s}${d}`]);
const pem = fc
  .array(chars(`${ALNUM}+/`, 64, 64), { minLength: 1, maxLength: 5 })
  .map((lines): [string, string] => {
    const body = lines.join("\n");
    return [`-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`, body];
  });
const awsSecret = chars(`${ALNUM}/+`, 40, 40).map((s): [string, string] => [
  `aws_secret_access_key = ${s}`,
  s,
]);
const separator = fc.constantFrom(" ", "\n", '"', "'", "=", ": ", "(", ",", "\t");

describe("redactSecrets", () => {
  describe("when a secret is embedded in random text", () => {
    it("removes it, whatever the kind and the surrounding text (property)", () => {
      fc.assert(
        fc.property(
          fc.string({ maxLength: 80 }),
          separator,
          fc.oneof(secret, bearer, pem, awsSecret),
          separator,
          fc.string({ maxLength: 80 }),
          (before, sep1, [embedded, core], sep2, after) => {
            const { text, count } = redactSecrets(`${before}${sep1}${embedded}${sep2}${after}`);
            expect(text).not.toContain(core);
            expect(count).toBeGreaterThanOrEqual(1);
            expect(text).toMatch(/\[REDACTED:[a-z-]+\]/);
          },
        ),
        { numRuns: 400 },
      );
    });
  });

  describe("when the text holds known secret shapes", () => {
    it.each([
      ["OPENAI_API_KEY=sk-abcdefghijklmnopqrstuvwxyz0123456789", "OPENAI_API_KEY=[REDACTED:openai-key]"],
      ["key: sk-ant-api03-AbC_dEf-0123456789abcdefghij", "key: [REDACTED:anthropic-key]"],
      ["id AKIAIOSFODNN7EXAMPLE ok", "id [REDACTED:aws-access-key-id] ok"],
      ["Authorization: Bearer abc123def456ghi789", "Authorization: Bearer [REDACTED:bearer-token]"],
      ["xoxp-1234567890-abcdef", "[REDACTED:slack-token]"],
      ["-----BEGIN PRIVATE KEY-----\nMIIEv\n(truncated", "[REDACTED:private-key]"],
    ])("redacts %j", (input, expected) => {
      expect(redactSecrets(input).text).toBe(expected);
    });
  });

  describe("when the text only looks a bit like a secret", () => {
    it.each([
      "task-management-configuration-file-for-the-team",
      "the bearer responsibilities are documented",
      "AKIA is a prefix; AKIAshort",
      "ghp_tooShort",
      "desk-0123456789abcdefghijklmnopqrstuvwxyz",
      // Key prefixes inside words and identifiers (a provider error once came back as chat.completion.chun[redacted]).
      '{"object":"chat.completion.chunk","id":"chatcmpl-0123456789abcdefghijklmnop"}',
      "risk_live_0123456789abcdefghij and disk-ant-0123456789abcdefghijklmnopqrstuv",
      "mask-proj-0123456789abcdefghijklmnop",
      "xAIzaSyA-0123456789abcdefghijklmnopqrstu",
      "neyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdefghij",
    ])("leaves %j alone", (input) => {
      expect(redactSecrets(input)).toEqual({ text: input, count: 0 });
    });
  });
});

describe("redact", () => {
  describe("when an answer holds a secret", () => {
    it("replaces it and counts the replacements in meta", async () => {
      const tool = fnTool("env", () => "HOME=/root\nGITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\n");
      const r = await runOne(registryWith(tool), [redact()], { name: "env", input: {} });
      expect(r.output.textContent()).toBe("HOME=/root\nGITHUB_TOKEN=[REDACTED:github-token]\n");
      expect(r.output.meta.redacted).toBe(1);
    });

    it("redacts error outputs as well", async () => {
      const tool = fnTool("fail", () =>
        ToolOutput.errorText("401 for key AIzaSyA-abcdefghijklmnopqrstuvwxyz01234"),
      );
      const r = await runOne(registryWith(tool), [redact()], { name: "fail", input: {} });
      expect(r.output.isError).toBe(true);
      expect(r.output.textContent()).toBe("401 for key [REDACTED:google-api-key]");
    });
  });

  describe("when the tool reports progress holding a secret", () => {
    it("redacts its output and message before a listener sees them", async () => {
      const token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
      const tool = fnTool("env", (_input, ctx) => {
        ctx.progress({ output: `GITHUB_TOKEN=${token}\n`, message: `using ${token}` });
        return "done";
      });
      const seen: { output: string | undefined; message: string | undefined }[] = [];
      const [result] = await dispatch(registryWith(tool), [{ id: "c1", name: "env", input: {} }], {
        middleware: [redact()],
        onProgress: ({ output, message }) => seen.push({ output, message }),
      });
      expect(result?.output.textContent()).toBe("done");
      expect(seen).toEqual([
        { output: "GITHUB_TOKEN=[REDACTED:github-token]\n", message: "using [REDACTED:github-token]" },
      ]);
    });
  });

  describe("when the tool throws with a secret in the message", () => {
    it("removes it from a plain error", async () => {
      const tool = fnTool("boom", () => {
        throw new Error("request with sk-abcdefghijklmnopqrstuvwxyz0123456789 failed");
      });
      const r = await runOne(registryWith(tool), [redact()], { name: "boom", input: {} });
      expect(r.output.textContent()).toBe("Tool 'boom' threw: request with [REDACTED:openai-key] failed");
    });

    it("keeps a ToolError's kind", async () => {
      const tool = fnTool("auth", () => {
        throw ToolError.permission("token xoxb-1234567890-abc rejected");
      });
      const r = await runOne(registryWith(tool), [redact()], { name: "auth", input: {} });
      expect(r.output.textContent()).toBe(
        "Permission denied: token [REDACTED:slack-token] rejected\nDo not retry this call; choose an allowed action or ask the user for permission.",
      );
    });
  });

  describe("when user patterns are given", () => {
    it("applies them after the built-ins, named or not", async () => {
      const tool = fnTool("t", () => "corp-abc123 and ID-777");
      const layer = redact({ patterns: [/corp-[a-z0-9]+/, { name: "employee-id", pattern: /ID-\d+/g }] });
      const r = await runOne(registryWith(tool), [layer], { name: "t", input: {} });
      expect(r.output.textContent()).toBe("[REDACTED:custom] and [REDACTED:employee-id]");
    });

    it("replaces only a pattern's `secret` group when it has one", async () => {
      const tool = fnTool("t", () => "corp-key=abcdefghijklmnopqrstuvwx ok");
      const layer = redact({ patterns: [{ name: "corp", pattern: /corp-key=(?<secret>\w{24})/d }] });
      const r = await runOne(registryWith(tool), [layer], { name: "t", input: {} });
      expect(r.output.textContent()).toBe("corp-key=[REDACTED:corp] ok");
    });

    it("finds every match of a pattern given to redactSecrets without the g flag", () => {
      const { text, count } = redactSecrets("ID-1 and ID-2", [{ name: "id", pattern: /ID-\d/ }]);
      expect([text, count]).toEqual(["[REDACTED:id] and [REDACTED:id]", 2]);
    });

    it("can skip the built-ins", async () => {
      const tool = fnTool("t", () => "AKIAIOSFODNN7EXAMPLE");
      const r = await runOne(registryWith(tool), [redact({ builtins: false })], { name: "t", input: {} });
      expect(r.output.textContent()).toBe("AKIAIOSFODNN7EXAMPLE");
    });
  });

  describe("when there is nothing to redact", () => {
    it("returns the same output", async () => {
      const out = ToolOutput.structured({ a: 1 });
      const r = await runOne(registryWith(fnTool("t", () => out)), [redact()], { name: "t", input: {} });
      expect(r.output).toBe(out);
    });
  });

  describe("when options are wrong", () => {
    it.each([
      [{ patterns: [/x*/] }, "redact: `patterns[0]` must not match the empty string, got /x*/"],
      [{ patterns: ["sk-"] }, 'redact: `patterns[0]` must be a RegExp or { name, pattern }, got "sk-"'],
      [
        { patterns: [{ name: "", pattern: /a/ }] },
        'redact: `patterns[0].name` must be a non-empty string, got ""',
      ],
      [{ builtins: "no" }, 'redact: `builtins` must be a boolean, got "no"'],
    ])("throws a TypeError naming the option (%j)", (options, message) => {
      expect(() => redact(options as never)).toThrow(new TypeError(message));
    });
  });
});
