import { rules } from "@secretlint/secretlint-rule-preset-recommend";
import type { Finding } from "./finding.js";

/**
 * The rule set the built-in detection rests on: secretlint's recommended
 * preset (`@secretlint/secretlint-rule-preset-recommend`, MIT, bundled at
 * build time), driven directly and synchronously over one text. Two rules
 * are left out: `filter-comments` (it reads `secretlint-disable` comments,
 * which a tool's output must not be able to use to switch redaction off) and
 * `gcp` (it judges whole `.json`/`.p12` files by name; a service account's
 * key is found by the private-key rules).
 */
const LEFT_OUT = new Set(["@secretlint/secretlint-rule-filter-comments", "@secretlint/secretlint-rule-gcp"]);

/**
 * What a text must hold for each rule to find anything in it (a literal
 * every pattern of that rule starts with or contains), so that a rule runs
 * only on texts it could match. A rule missing here (one a newer preset
 * adds) runs on every text.
 */
const ANCHORS = new Map<string, RegExp>([
  ["aws", /secret_?access_?key|A3T|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA|account_?id/i],
  ["privatekey", /PRIVATE KEY/],
  ["npm", /npm_|_authToken|x-oauth-basic/],
  ["basicauth", /:\/\//],
  ["slack", /xox|xapp|hooks\.slack/i],
  ["sendgrid", /SG\./],
  ["shopify", /shp/],
  ["stripe", /[sr]k_/],
  ["github", /gh[pousr]_|github_pat_/],
  ["gitlab", /glpat-/],
  ["grafana", /gl(?:c|sa)_/],
  ["openai", /sk-/],
  ["anthropic", /sk-ant-/],
  ["groq", /gsk_/],
  ["huggingface", /hf_/],
  ["linear", /lin_api_/],
  ["notion", /ntn_/],
  ["1password", /ops_/],
  ["database-connection-string", /:\/\//],
  ["hashicorp-vault", /hv[sbr]\./],
  ["vercel", /vc[pikar]_/],
  ["databricks", /dapi/],
  ["docker", /dckr_pat_/],
  ["figma", /figd_/],
  ["cloudflare", /cf(?:k|ut|at)_/],
  ["tailscale", /tskey-/],
]);

/** What the rules are handed of a text. */
interface LintSource {
  readonly content: string;
  readonly filePath: undefined;
  readonly ext: string;
  readonly contentType: "text";
}

/** The part of secretlint's rule context the preset's rules use. */
interface LintContext {
  report(descriptor: { range: readonly number[] }): void;
  ignore(descriptor: unknown): void;
  registerRule(rule: unknown): void;
  createTranslator(messages: unknown): (...args: unknown[]) => string;
}

interface LintRule {
  readonly meta: { readonly id: string };
  create(context: LintContext, options: Record<string, never>): { file?(source: LintSource): unknown };
}

function isLintRule(value: unknown): value is LintRule {
  if (value === null || typeof value !== "object") return false;
  const meta: unknown = Reflect.get(value, "meta");
  return (
    typeof Reflect.get(value, "create") === "function" &&
    meta !== null &&
    typeof meta === "object" &&
    typeof Reflect.get(meta, "id") === "string"
  );
}

/** The findings of the text being scanned; the rules report into it synchronously. */
let sink: Finding[] | undefined;

interface Handler {
  readonly name: string;
  readonly anchor: RegExp | undefined;
  readonly file: (source: LintSource) => unknown;
}

function handlersOf(rule: LintRule): Handler {
  const name = rule.meta.id.replace("@secretlint/secretlint-rule-", "");
  const context: LintContext = {
    report({ range }) {
      const [start, end] = range;
      if (!sink || typeof start !== "number" || typeof end !== "number" || end <= start) return;
      sink.push({ start, end, name });
    },
    ignore() {},
    registerRule() {},
    createTranslator: () => () => "",
  };
  const handlers = rule.create(context, {});
  const file = handlers.file;
  if (typeof file !== "function") {
    throw new TypeError(
      `secret rule set: rule \`${rule.meta.id}\` has no file handler; check the preset's version`,
    );
  }
  return { name, anchor: ANCHORS.get(name), file: (source) => file.call(handlers, source) };
}

const HANDLERS = (rules as readonly unknown[]).flatMap((rule) => {
  if (!isLintRule(rule)) throw new TypeError("secret rule set: the preset holds a rule of an unknown shape");
  return LEFT_OUT.has(rule.meta.id) ? [] : [handlersOf(rule)];
});

/** The rules' names, as used in `[REDACTED:<name>]` (e.g. `github`, `database-connection-string`). */
export const RULE_SET_NAMES: readonly string[] = Object.freeze(HANDLERS.map((h) => h.name));

/** The rules that have no anchor and so run on every text (none with the pinned preset). */
export const UNANCHORED_RULES: readonly string[] = Object.freeze(
  HANDLERS.filter((h) => h.anchor === undefined).map((h) => h.name),
);

/** Any rule's anchor, in one scan; case-sensitive where the anchors allow, for speed. */
const ANY_ANCHOR =
  /(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)|(?:ACCOUNT|account|Account)_?(?:ID|id|Id)|A3T|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA|PRIVATE KEY|npm_|_authToken|x-oauth-basic|:\/\/|xox|xapp|[Hh][Oo][Oo][Kk][Ss]\.[Ss][Ll][Aa][Cc][Kk]|SG\.|shp|[sr]k_|gh[pousr]_|github_pat_|glpat-|gl(?:c|sa)_|sk-|gsk_|hf_|lin_api_|ntn_|ops_|hv[sbr]\.|vc[pikar]_|dapi|dckr_pat_|figd_|cf(?:k|ut|at)_|tskey-/;

/** True when some rule could find something in `text` (always, while a rule has no anchor). */
export function ruleSetMayMatch(text: string): boolean {
  return UNANCHORED_RULES.length > 0 || ANY_ANCHOR.test(text);
}

/**
 * Every secret the rule set finds in `text`, in the rules' order. A rule
 * that throws (none of the preset's does on plain text) fails closed: the
 * whole text is the finding, named `<rule>-unscanned`. None of the rules
 * run answers a promise on plain text (only `gcp`'s `.p12` path, left out).
 */
export function findRuleSetSecrets(text: string): Finding[] {
  const found: Finding[] = [];
  const source: LintSource = { content: text, filePath: undefined, ext: "", contentType: "text" };
  sink = found;
  try {
    for (const handler of HANDLERS) {
      if (handler.anchor && !handler.anchor.test(text)) continue;
      try {
        const result: unknown = handler.file(source);
        if (result instanceof Promise) result.catch(() => undefined);
      } catch {
        // Fail closed: a text a rule could not scan may hold what that rule finds.
        found.push({ start: 0, end: text.length, name: `${handler.name}-unscanned` });
      }
    }
  } finally {
    sink = undefined;
  }
  return found.filter((f) => f.end <= text.length);
}
