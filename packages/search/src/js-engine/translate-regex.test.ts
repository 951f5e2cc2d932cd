import { describe, expect, it } from "vitest";
import { translateRegex } from "./translate-regex.js";

const matches = (
  pattern: string,
  text: string,
  options: { caseInsensitive?: boolean; multiline?: boolean } = {},
) => {
  const { source, flags } = translateRegex({ pattern, ...options });
  return [...text.matchAll(new RegExp(source, flags))].map((m) => m[0]);
};

describe("translateRegex", () => {
  describe("when the pattern uses the common syntax", () => {
    it.each([
      ["\\w+", "naïve Straße_1", ["naïve", "Straße_1"]],
      ["\\d+", "a٣4b", ["٣4"]],
      ["\\bfoo\\b", "foo foobar éfoo", ["foo"]],
      ["o\\b", "foo oé", ["o"]],
      ["^a", "a\nba\na", ["a", "a"]],
      ["b$", "ab\nbc\nb", ["b", "b"]],
      [".+", "ab\ncd", ["ab", "cd"]],
      ["[^x]+", "ab\ncd", ["ab", "cd"]],
      ["a\\sb", "a b\na\nb", ["a b"]],
      ["(?P<n>x)|(?<m>y)", "xy", ["x", "y"]],
      ["\\x41\\u{42}", "AB", ["AB"]],
      ["a]}", "a]}", ["a]}"]],
      ["\\-\\#", "-#", ["-#"]],
      ["foo[\\s]+bar", "foo\nbar\nfoo \tbar", ["foo \tbar"]],
      ["o[\\D]b", "o\nb o-b", ["o-b"]],
      ["o[\\S\\s]b", "o\nb o b", ["o b"]],
      ["o[^\\S]b", "o\nb o b", ["o b"]],
      ["o[\\s\\d]+b", "o\n1b o 1b", ["o 1b"]],
      ["o[\\x00-\\x7f]b", "o\nb o-b", ["o-b"]],
    ])("%s finds what ripgrep finds in %j", (pattern, text, found) => {
      expect(matches(pattern, text)).toEqual(found);
    });

    it("lets \\s and classes cross lines only in multiline mode", () => {
      expect(matches("a\\sb", "a\nb", { multiline: true })).toEqual(["a\nb"]);
      expect(matches("a\\nb", "a\nb", { multiline: true })).toEqual(["a\nb"]);
      expect(matches("foo[\\s]+bar", "foo\nbar", { multiline: true })).toEqual(["foo\nbar"]);
      expect(matches("o[\\S\\s]b", "o\nb", { multiline: true })).toEqual(["o\nb"]);
    });

    it("folds case like ripgrep", () => {
      expect(matches("straße", "STRASSE Straße", { caseInsensitive: true })).toEqual(["Straße"]);
      expect(matches("k", "K", { caseInsensitive: true })).toEqual(["K"]);
    });

    it("escapes fixed strings", () => {
      const { source } = translateRegex({ pattern: "a.b(c)", fixedStrings: true });
      expect(new RegExp(source, "u").test("a.b(c)")).toBe(true);
      expect(new RegExp(source, "u").test("axb(c)")).toBe(false);
    });
  });

  describe("when ripgrep itself rejects the pattern", () => {
    it.each([
      ["a(?=b)", "look-around, including look-ahead and look-behind, is not supported"],
      ["(a)\\1", "backreferences are not supported"],
      ["a{", "repetition quantifier expects a valid decimal"],
      ["\\q", "unrecognized escape sequence \\q"],
      ["[abc", "unclosed character class"],
    ])("%s is InvalidInput (%s)", (pattern, reason) => {
      expect(() => translateRegex({ pattern })).toThrow(reason);
      expect(() => translateRegex({ pattern })).toThrow(
        /^Invalid input: `pattern` ".*" is not a valid regular expression: /,
      );
    });

    it("refuses a newline outside multiline mode", () => {
      expect(() => translateRegex({ pattern: "a\\nb" })).toThrow(
        'Invalid input: `pattern` contains a newline ("\\n"), which only matches in multiline mode. Pass `multiline: true` to match across lines.',
      );
    });
  });

  describe("when the JS engine cannot honour the pattern identically", () => {
    it.each([
      ["(?i)abc", "inline flags (such as (?i) or (?s:...))"],
      ["\\p{Greek}", "a Unicode property class (\\p{...})"],
      ["[[:alpha:]]", "a nested or POSIX character class ([[...]] or [[:alpha:]])"],
      ["[a-z&&[^aeiou]]", "a class set operation (&&)"],
      ["[a-z--b]", "a class set operation (--)"],
      ["[\\W]", "\\W inside a character class"],
    ])("%s is refused with a clear InvalidInput", (pattern, what) => {
      expect(() => translateRegex({ pattern })).toThrow(
        `Invalid input: \`pattern\` "${pattern}" uses ${what}`,
      );
    });
  });
});
