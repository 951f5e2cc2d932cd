import type { ParsedRule } from "./parse-rule.js";
import { denyFragments, normalizeCommand, splitCommand } from "./shell-words.js";
import type { Subject } from "./subject.js";

/** What a shell analysis says about a command: `analyzeCommand` from `@toolkit/shell` fits. */
export interface ShellAnalysis {
  /** True when every simple command only reads. */
  readonly readOnly: boolean;
  /** Why it is not read-only, for logs. */
  readonly reason?: string;
}

/** Context for matching one call against many rules. */
export interface MatchContext {
  /** The tool name of the call. */
  readonly name: string;
  /** The call's subject, computed on first use (rules without a pattern never need it). */
  readonly subject: () => Subject;
  /** Runs the injected shell analysis at most once per call. */
  readonly readOnly: () => boolean;
}

/**
 * Whether a rule covers a call. Allow rules need every part of the call to
 * match (every path; every simple command of a shell command, and a compound
 * command only when the shell analysis finds it read-only); deny and ask
 * rules need one.
 */
export function ruleMatches(rule: ParsedRule, m: MatchContext, forAllow: boolean): boolean {
  if (!rule.tool(m.name)) return false;
  if (rule.pattern === undefined) return true;
  const subject = m.subject();
  if (subject.kind === "command") {
    const command = subject.command;
    const text = rule.text;
    if (command === undefined || !text) return false;
    if (!forAllow) return text(normalizeCommand(command)) || denyFragments(command).some(text);
    const split = splitCommand(command);
    if (split.plain) return split.pieces.length === 1 && text(split.pieces[0] as string);
    return split.balanced && split.pieces.length > 0 && split.pieces.every(text) && m.readOnly();
  }
  if (subject.kind === "paths") {
    if (subject.paths.length === 0) return false;
    const test = (p: { absolute: string; relative: string | undefined }) => pathMatches(rule, p);
    return forAllow ? subject.paths.every(test) : subject.paths.some(test);
  }
  const text = rule.text;
  return text !== undefined && subject.values.some((v) => text(v));
}

function pathMatches(rule: ParsedRule, p: { absolute: string; relative: string | undefined }): boolean {
  const match = rule.path;
  if (!match) return false;
  if (rule.pathScope === "absolute") return match(p.absolute);
  if (rule.pathScope === "anywhere")
    return match(p.absolute) || (p.relative !== undefined && match(p.relative));
  return p.relative !== undefined && match(p.relative);
}
