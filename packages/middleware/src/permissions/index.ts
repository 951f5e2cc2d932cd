import { ToolError, type ToolOutput } from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import { badOption } from "../shared/options.js";
import { isRealCall } from "../shared/real-call.js";
import { coverCompound, type MatchContext, ruleMatches, type ShellAnalysis } from "./match-rule.js";
import { type ParsedRule, parseRule } from "./parse-rule.js";
import { splitCommand } from "./shell-words.js";
import { describeSubject, type EvaluableCall, type Subject, subjectOf } from "./subject.js";

/** Rules by decision; each rule is `Tool` or `Tool(pattern)`, e.g. `Shell(git status*)`, `Edit(src/**)`. */
export interface PermissionRules {
  /** Calls that run without asking. @default [] */
  allow?: readonly string[];
  /** Calls that need the host's `ask` callback to say yes. @default [] */
  ask?: readonly string[];
  /** Calls that are refused. @default [] */
  deny?: readonly string[];
}

/** What happens to a call. */
export type PermissionDecisionKind = "allow" | "ask" | "deny";

/** The outcome of `evaluate()`: the decision, the rule that decided it (if any) and why. */
export interface PermissionDecision {
  /** `"allow"` runs the call, `"ask"` asks the host first, `"deny"` refuses it. */
  readonly decision: PermissionDecisionKind;
  /** The rule as written (for a compound shell command, the allow rules that cover it, joined by ", "), or undefined when the mode decided. */
  readonly rule: string | undefined;
  /** One sentence for logs and prompts. */
  readonly reason: string;
}

/** What the host's `ask` callback receives. */
export interface PermissionAskRequest {
  /** The call waiting for an answer. */
  readonly call: DispatchCall;
  /** The ask rule that matched, or undefined when `mode: "ask"` decided. */
  readonly rule: string | undefined;
  /** Why the host is asked, e.g. ``Edit on "src/a.ts" matches the ask rule `Edit(src/**)` ``. */
  readonly reason: string;
}

/** Options for `permissions()`. */
export interface PermissionsOptions {
  /** The rules. Deny beats ask beats allow, whatever their order. */
  rules: PermissionRules;
  /** The decision for a call no rule matches. @default "allow" */
  mode?: PermissionDecisionKind;
  /** Asks the host for an `ask` decision; true runs the call. Required when an ask rule exists or `mode` is "ask". */
  ask?: (request: PermissionAskRequest) => boolean | Promise<boolean>;
  /**
   * The shell read-only analysis (`analyzeCommand` from `@toolkit/shell`). With it, a compound shell
   * command is allowed when every simple command matches an allow rule and the analysis finds the
   * whole command read-only; without it, compound commands never match an allow rule. @default undefined
   */
  analyzeCommand?: (command: string) => ShellAnalysis;
}

/** The permissions layer, with a dry run. */
export interface PermissionsMiddleware extends Middleware {
  /** What would happen to a call, without asking anyone or running anything. */
  evaluate(call: EvaluableCall): PermissionDecision;
}

const KINDS: readonly PermissionDecisionKind[] = ["deny", "ask", "allow"];
const COMPOUND_NOTE =
  "a compound shell command is allowed only when every simple command matches an allow rule and the shell analysis finds the command read-only";

/**
 * Allows, asks about or refuses each call by rules on the tool name and its
 * arguments. Deny beats ask beats allow; a call no rule matches gets `mode`.
 * A refusal is a soft `Permission` error naming the rule, e.g.
 * ``Permission denied: Read on ".env" matches the deny rule `Read(**\/*.env)`.``
 * Rejected calls pass straight through. See the README for the matching rules.
 *
 * @example
 * permissions({
 *   rules: { allow: ["Read", "Shell(git status*)"], deny: ["Read(**\/*.env)"], ask: ["Edit(src/**)"] },
 *   mode: "deny",
 *   ask: async ({ call }) => confirm(`Allow ${call.name}?`),
 * })
 */
export function permissions(options: PermissionsOptions): PermissionsMiddleware {
  const { rules, mode = "allow", ask, analyzeCommand } = options ?? ({} as Partial<PermissionsOptions>);
  const parsed = parseRules(rules);
  if (!KINDS.includes(mode)) throw badOption("permissions", "mode", '"allow", "ask" or "deny"', mode);
  if (ask !== undefined && typeof ask !== "function")
    throw badOption("permissions", "ask", "a function", ask);
  if (ask === undefined && (mode === "ask" || parsed.ask.length > 0)) {
    throw new TypeError(
      `permissions: \`ask\` is required when ${mode === "ask" ? 'mode is "ask"' : "ask rules exist"}; pass a callback that asks the user`,
    );
  }
  if (analyzeCommand !== undefined && typeof analyzeCommand !== "function") {
    throw badOption(
      "permissions",
      "analyzeCommand",
      "a function (analyzeCommand from @toolkit/shell)",
      analyzeCommand,
    );
  }

  const all = [...parsed.deny, ...parsed.ask, ...parsed.allow];
  const nameOnly = new Map<string, { decision: PermissionDecisionKind; rule: string | undefined } | null>();
  const firstMatch = (m: MatchContext): { decision: PermissionDecisionKind; rule: string | undefined } => {
    for (const kind of KINDS) {
      const rule = parsed[kind].find((r) => ruleMatches(r, m, kind === "allow"));
      if (rule) return { decision: kind, rule: rule.source };
    }
    const covering = parsed.allow.length > 0 ? coverCompound(parsed.allow, m) : undefined;
    if (covering) return { decision: "allow", rule: covering.map((r) => r.source).join(", ") };
    return { decision: mode, rule: undefined };
  };

  // Construction checked that `ask` exists whenever a decision can be "ask".
  const askHost = ask ?? (() => false);

  /** The decision and the rule, with the reason left to build only when someone needs it. */
  const decide = (call: EvaluableCall) => {
    let subject: Subject | undefined;
    let analysis: boolean | undefined;
    const m: MatchContext = {
      name: call.name,
      subject: () => {
        subject ??= subjectOf(call);
        return subject;
      },
      readOnly: () => {
        if (analysis === undefined) {
          const s = m.subject();
          analysis =
            s.kind === "command" && s.command !== undefined && analyzeCommand !== undefined
              ? analyzeCommand(s.command).readOnly === true
              : false;
        }
        return analysis;
      },
    };
    let byName = nameOnly.get(call.name);
    if (byName === undefined) {
      // When no rule with a pattern names this tool, the outcome depends on the name alone: remember it.
      const patterned = all.some((r) => r.pattern !== undefined && r.tool(call.name));
      byName = patterned ? null : firstMatch(m);
      if (nameOnly.size < 1024) nameOnly.set(call.name, byName);
    }
    const found = byName ?? firstMatch(m);
    return { decision: found.decision, rule: found.rule, subject: m.subject };
  };

  const reasonFor = (name: string, d: ReturnType<typeof decide>): string => {
    const subject = d.subject();
    const what = describeSubject(name, subject);
    if (d.rule !== undefined) return `${what} matches the ${d.decision} rule \`${d.rule}\``;
    const compound =
      subject.kind === "command" && subject.command !== undefined && !splitCommand(subject.command).plain;
    const note = compound && mode !== "allow" && parsed.allow.length > 0 ? `; ${COMPOUND_NOTE}` : "";
    return `no rule matches ${what} (mode "${mode}")${note}`;
  };

  const evaluate = (call: EvaluableCall): PermissionDecision => {
    const d = decide(call);
    return { decision: d.decision, rule: d.rule, reason: reasonFor(call.name, d) };
  };

  const layer = async function permissionsMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    if (!isRealCall(call)) return next(call);
    const verdict = decide(call);
    if (verdict.decision === "allow") return next(call);
    const reason = reasonFor(call.name, verdict);
    if (verdict.decision === "deny") throw ToolError.permission(`${reason}.`);
    const approved = await askHost({ call, rule: verdict.rule, reason });
    if (approved === true) return next(call);
    throw ToolError.permission(`the user refused: ${reason}.`);
  };
  return Object.assign(layer, { evaluate });
}

function parseRules(rules: unknown): Record<PermissionDecisionKind, ParsedRule[]> {
  if (rules === null || typeof rules !== "object" || Array.isArray(rules)) {
    throw badOption("permissions", "rules", "an object { allow?, ask?, deny? }", rules);
  }
  const out: Record<PermissionDecisionKind, ParsedRule[]> = { allow: [], ask: [], deny: [] };
  for (const key of Object.keys(rules)) {
    if (!(KINDS as readonly string[]).includes(key)) {
      throw badOption("permissions", `rules.${key}`, "one of allow, ask, deny (unknown key)", key);
    }
  }
  for (const kind of KINDS) {
    const list: unknown = (rules as PermissionRules)[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw badOption("permissions", `rules.${kind}`, "an array of rules", list);
    list.forEach((source: unknown, i) => {
      const rule = typeof source === "string" ? parseRule(source) : undefined;
      if (!rule) {
        throw badOption(
          "permissions",
          `rules.${kind}[${i}]`,
          'a rule such as "Read" or "Shell(git status*)"',
          source,
        );
      }
      out[kind].push(rule);
    });
  }
  return out;
}
