import { arrived } from "@toolkit/core";
import type { z } from "zod";

/** Options for `describeIssues`. */
export interface DescribeIssuesOptions {
  /** The issues zod reported. */
  issues: readonly z.core.$ZodIssue[];
  /** The input zod parsed, to show what arrived at each field. */
  input: unknown;
}

/** How many problems one message lists, as core's validateInput. */
const MAX_LISTED = 5;

/**
 * Turns zod issues into the sentences core's `validateInput` writes: one per
 * problem, naming the field in backticks, what it must be and what arrived.
 *
 * @example describeIssues({ issues, input: { n: "1" } }) // '`n` must be number, got string ("1")'
 */
export function describeIssues({ issues, input }: DescribeIssuesOptions): string[] {
  const lines: string[] = [];
  for (const issue of issues) {
    for (const line of describeIssue(issue, input)) {
      if (!lines.includes(line)) lines.push(line);
    }
  }
  return lines;
}

/** Joins problem sentences into one message, listing at most five. */
export function joinProblems(lines: readonly string[]): string {
  if (lines.length === 0) return "the arguments do not match the schema";
  const shown = lines.slice(0, MAX_LISTED);
  if (lines.length > MAX_LISTED) shown.push(`(and ${lines.length - MAX_LISTED} more problems)`);
  return shown.join("; ");
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string[] {
  const path = issue.path;
  const at = fieldName(path);
  const value = valueAt(input, path);
  const got = arrived(value);
  switch (issue.code) {
    case "invalid_type":
      if (path.length === 0) return [`expected an object of arguments, got ${got}`];
      if (value === undefined)
        return [`missing required field \`${at}\` (expected ${typeName(issue.expected)})`];
      break;
    case "unrecognized_keys":
      return issue.keys.map((key) => `unexpected field \`${path.length === 0 ? key : `${at}.${key}`}\``);
    case "invalid_union":
      return [`\`${at}\` does not match any allowed shape, got ${got}`];
    case "invalid_key": {
      const key = String(path[path.length - 1]);
      const rule = issue.issues[0] ? requirement(issue.issues[0]) : undefined;
      return [
        `key ${JSON.stringify(key)} of \`${fieldName(path.slice(0, -1))}\` is not allowed${rule ? `: it ${rule}` : ""}`,
      ];
    }
    case "custom":
      if (issue.message === "Invalid input") return [`\`${at}\` is invalid, got ${got}`];
      return [`\`${at}\`${/^[a-z]/.test(issue.message) ? " " : ": "}${issue.message}, got ${got}`];
  }
  const rule = requirement(issue);
  return [rule ? `\`${at}\` ${rule}, got ${got}` : `\`${at}\`: ${issue.message}, got ${got}`];
}

/** What a value must be to pass the check behind an issue, e.g. `must be >= 1`. */
function requirement(issue: z.core.$ZodIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return `must be ${typeName(issue.expected)}`;
    case "invalid_value": {
      const values = issue.values.map((v) => JSON.stringify(v) ?? String(v));
      return `must be ${values.length === 1 ? values[0] : `one of ${values.join(", ")}`}`;
    }
    case "too_small":
      return `must ${bound(issue, "at least", "more than")}`;
    case "too_big":
      return `must ${bound(issue, "at most", "fewer than")}`;
    case "invalid_format":
      return `must ${format(issue)}`;
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    default:
      return undefined;
  }
}

function bound(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  inclusiveWord: string,
  exclusiveWord: string,
): string {
  const limit = "minimum" in issue ? issue.minimum : issue.maximum;
  const small = "minimum" in issue;
  const word = issue.exact ? "exactly" : issue.inclusive === false ? exclusiveWord : inclusiveWord;
  switch (issue.origin) {
    case "string":
      return `have ${word} ${limit} characters`;
    case "array":
    case "set":
      return `have ${word} ${limit} items`;
    default: {
      const op = issue.exact
        ? "="
        : small
          ? issue.inclusive === false
            ? ">"
            : ">="
          : issue.inclusive === false
            ? "<"
            : "<=";
      return `be ${op} ${limit}`;
    }
  }
}

function format(issue: z.core.$ZodIssueInvalidStringFormat): string {
  const detail = issue as z.core.$ZodStringFormatIssues;
  switch (detail.format) {
    case "starts_with":
      return `start with ${JSON.stringify(detail.prefix)}`;
    case "ends_with":
      return `end with ${JSON.stringify(detail.suffix)}`;
    case "includes":
      return `include ${JSON.stringify(detail.includes)}`;
    case "regex":
      return `match the pattern ${detail.pattern}`;
    default:
      return `be a valid ${detail.format}`;
  }
}

/** zod's expected-type words in core's wording. */
function typeName(expected: string): string {
  if (expected === "int") return "an integer";
  if (expected === "array" || expected === "tuple") return "an array";
  if (expected === "object" || expected === "record") return "an object";
  return expected;
}

/** `["a", 0, "b"]` → `a[0].b`, as core names fields. */
function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "input";
  return path
    .map((seg, i) => (typeof seg === "number" ? `[${seg}]` : i === 0 ? String(seg) : `.${String(seg)}`))
    .join("");
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const seg of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, seg)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[seg];
  }
  return value;
}
