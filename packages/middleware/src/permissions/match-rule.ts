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
 * Whether one rule covers a call. Allow rules need every part of the call to
 * match (every path; a shell command only when it is plain — compound
 * commands are covered by `coverCompound`); deny and ask rules need one part.
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
    return split.plain && split.pieces.length === 1 && text(split.pieces[0] as string);
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

/**
 * The allow rules covering a compound shell command: each simple command
 * must match one of them (not necessarily the same one), and the shell
 * analysis must find the whole command read-only. Undefined when not covered.
 */
export function coverCompound(rules: readonly ParsedRule[], m: MatchContext): ParsedRule[] | undefined {
  const subject = m.subject();
  if (subject.kind !== "command" || subject.command === undefined) return undefined;
  const split = splitCommand(subject.command);
  if (split.plain || !split.balanced || split.pieces.length === 0) return undefined;
  const used: ParsedRule[] = [];
  for (const piece of split.pieces) {
    const rule = rules.find((r) => r.tool(m.name) && r.text?.(piece) === true);
    if (!rule) return undefined;
    if (!used.includes(rule)) used.push(rule);
  }
  return m.readOnly() ? used : undefined;
}
