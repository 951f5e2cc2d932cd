import { describe, expect, it } from "vitest";
import { findRuleSetSecrets, RULE_SET_NAMES, UNANCHORED_RULES } from "./rule-set.js";

describe("findRuleSetSecrets", () => {
  it("runs secretlint's recommended rules, every one behind an anchor", () => {
    expect(RULE_SET_NAMES).toContain("huggingface");
    expect(RULE_SET_NAMES).toContain("database-connection-string");
    expect(RULE_SET_NAMES).not.toContain("filter-comments");
    // A rule a newer preset adds runs on every text until it is given an anchor: slow, never blind.
    expect(UNANCHORED_RULES).toEqual([]);
  });

  it("answers where each secret stands and which rule found it", () => {
    const text = "x glpat-Qx7LmN2pR8sT4vW6yZ1a y";
    expect(findRuleSetSecrets(text)).toEqual([{ start: 2, end: 28, name: "gitlab" }]);
  });

  it("cannot be switched off by a secretlint-disable comment in the text", () => {
    const text = "// secretlint-disable\nglpat-Qx7LmN2pR8sT4vW6yZ1a";
    expect(findRuleSetSecrets(text).map((f) => f.name)).toEqual(["gitlab"]);
  });
});
