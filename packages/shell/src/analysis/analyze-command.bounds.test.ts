// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell syntax in strings, not templates
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeCommand } from "./analyze-command.js";
import { MAX_COMMAND_LENGTH, MAX_TOKENS } from "./input-bounds.js";

const repeat = (text: string, times: number) => text.repeat(times);

/** Hostile shapes: each must get a verdict (a refusal with a reason), never an exception. */
const HOSTILE: ReadonlyArray<readonly [string, string, string]> = [
  ["a 2,048-stage pipeline", Array(2048).fill("cat").join(" | "), "pipe and list operators"],
  ["a 2,048-command && list", Array(2048).fill("ls").join(" && "), "pipe and list operators"],
  ["500 nested subshells", `${repeat("(", 500)}ls${repeat(")", 500)}`, "opens"],
  ["500 nested substitutions", `echo ${repeat("$(", 500)}ls${repeat(")", 500)}`, "opens"],
  ["300 nested ifs", `${repeat("if true; then ", 300)}ls${repeat("; fi", 300)}`, "opens"],
  ["500 nested defaults", `echo ${repeat("${a:-", 500)}x${repeat("}", 500)}`, "opens"],
  ["500 negations", `[[ ${repeat("! ", 500)}x ]]`, "opens"],
  ["1 MB of one word", `echo ${repeat("a", 1_000_000)}`, "characters long"],
  ["100 KiB of statements", repeat("ls;", 34_000), "characters long"],
  ["5,000 statements", repeat("ls;", 5_000), "words and operators"],
  ["a heredoc of 2,000 lines", `cat <<E\n${repeat("line $x\n", 2_000)}E\n`, "words and operators"],
];

describe("analyzeCommand", () => {
  describe("when the input is hostile", () => {
    it.each(HOSTILE)("answers %s with a refusal", (_label, command, fragment) => {
      const result = analyzeCommand(command);
      expect(result.readOnly).toBe(false);
      expect(result.reason).toContain(fragment);
    });

    it("still reads long but reasonable commands", () => {
      expect(analyzeCommand(Array(100).fill("cat").join(" | "))).toEqual({ readOnly: true });
      expect(analyzeCommand(`${repeat("( ", 30)}ls${repeat(" )", 30)}`)).toEqual({ readOnly: true });
      expect(analyzeCommand(`cat <<E\n${repeat("line\n", MAX_TOKENS - 10)}E\n`)).toEqual({ readOnly: true });
    });

    it("refuses one character past the size limit, with the limit in the reason", () => {
      const command = `echo ${"a".repeat(MAX_COMMAND_LENGTH - 4)}`;
      expect(command.length).toBe(MAX_COMMAND_LENGTH + 1);
      expect(analyzeCommand(command)).toEqual({
        readOnly: false,
        reason: `the command is ${MAX_COMMAND_LENGTH + 1} characters long; the analysis reads at most ${MAX_COMMAND_LENGTH}`,
      });
      expect(analyzeCommand(`echo ${"a".repeat(MAX_COMMAND_LENGTH - 5)}`)).toEqual({ readOnly: true });
    });

    it("gives the same verdict when asked again (cached or not)", () => {
      const command = "git log --oneline | head -3";
      expect(analyzeCommand(command)).toEqual(analyzeCommand(command));
      expect(analyzeCommand("ls > x")).toEqual(analyzeCommand("ls > x"));
    });

    it("never throws on random nesting and pipelines", () => {
      const piece = fc.constantFrom(
        "(",
        ")",
        "{ ",
        "; }",
        "$(",
        "`",
        " | ",
        " && ",
        "ls",
        " x",
        ";",
        "\n",
        "[[ ",
        " ]]",
        "!",
        "'",
        '"',
        "${",
        "}",
        "if ",
        "then ",
        "fi",
        "<<E\n",
        "\nE\n",
      );
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 400 }), (pieces) => {
          const result = analyzeCommand(pieces.join(""));
          expect(typeof result.readOnly).toBe("boolean");
          if (!result.readOnly) expect(result.reason).toMatch(/\S/);
        }),
        { numRuns: 200 },
      );
    });
  });
});
