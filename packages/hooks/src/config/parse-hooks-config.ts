import {
  HOOK_EVENTS,
  UNSUPPORTED_EVENTS,
  type HookEventName,
  type HookFunction,
  type HookHandler,
  type ResolvedHook,
} from "./hook-config.js";
import { HooksConfigError } from "./hooks-config-error.js";

const EVENTS: ReadonlySet<string> = new Set(HOOK_EVENTS);
const GROUP_KEYS: ReadonlySet<string> = new Set(["matcher", "hooks"]);
const KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  command: new Set(["type", "command", "timeout", "onFailure"]),
  http: new Set(["type", "url", "timeout", "headers", "onFailure"]),
  function: new Set(["type", "fn", "timeout", "onFailure"]),
};

/**
 * Checks a `hooks` value (a settings file's key, or code) and flattens it to
 * one entry per handler, in file order. Anything it does not understand is
 * refused with a `HooksConfigError` naming the field and what arrived: an
 * unknown event, handler type or key, a matcher that is not a valid regular
 * expression, a timeout that is not a positive number of seconds.
 */
export function parseHooksConfig(value: unknown, source: string): ResolvedHook[] {
  if (!isRecord(value)) throw fail(source, "hooks", "an object of event names", value);
  const out: ResolvedHook[] = [];
  for (const [event, groups] of Object.entries(value)) {
    if (UNSUPPORTED_EVENTS.has(event)) {
      throw new HooksConfigError(
        `${source}: \`hooks.${event}\` is a Claude Code event Toolkit does not fire yet; remove it, or run those hooks elsewhere. Events Toolkit runs: ${HOOK_EVENTS.join(", ")}`,
        { source, field: `hooks.${event}` },
      );
    }
    if (!EVENTS.has(event)) {
      throw new HooksConfigError(
        `${source}: \`hooks.${event}\` is not an event Toolkit runs hooks for. Valid events: ${HOOK_EVENTS.join(", ")}`,
        { source, field: `hooks.${event}` },
      );
    }
    if (!Array.isArray(groups)) throw fail(source, `hooks.${event}`, "an array of matcher groups", groups);
    groups.forEach((group: unknown, i) => {
      const at = `hooks.${event}[${i}]`;
      if (!isRecord(group)) throw fail(source, at, "an object { matcher, hooks }", group);
      for (const key of Object.keys(group)) {
        if (!GROUP_KEYS.has(key)) throw unknownKey(source, `${at}.${key}`, [...GROUP_KEYS]);
      }
      const matcher = group.matcher ?? "";
      if (typeof matcher !== "string") throw fail(source, `${at}.matcher`, "a string", matcher);
      checkMatcher(source, `${at}.matcher`, matcher);
      if (!Array.isArray(group.hooks)) throw fail(source, `${at}.hooks`, "an array of hooks", group.hooks);
      group.hooks.forEach((raw: unknown, j) => {
        const handler = parseHandler(source, `${at}.hooks[${j}]`, raw);
        out.push({ event: event as HookEventName, matcher, handler, source });
      });
    });
  }
  return out;
}

function parseHandler(source: string, at: string, raw: unknown): HookHandler {
  if (typeof raw === "function") return { type: "function", fn: raw as HookFunction };
  if (!isRecord(raw)) throw fail(source, at, "a hook object { type, ... } or a function", raw);
  const type = raw.type;
  const keys = typeof type === "string" ? KEYS[type] : undefined;
  if (!keys) throw fail(source, `${at}.type`, '"command", "http" or "function"', type);
  for (const key of Object.keys(raw)) {
    if (!keys.has(key)) throw unknownKey(source, `${at}.${key}`, [...keys]);
  }
  if (raw.timeout !== undefined && !(typeof raw.timeout === "number" && raw.timeout > 0)) {
    throw fail(source, `${at}.timeout`, "a positive number of seconds", raw.timeout);
  }
  if (raw.onFailure !== undefined && raw.onFailure !== "continue" && raw.onFailure !== "block") {
    throw fail(source, `${at}.onFailure`, '"continue" or "block"', raw.onFailure);
  }
  if (type === "command") {
    if (typeof raw.command !== "string" || raw.command.trim() === "") {
      throw fail(source, `${at}.command`, "a non-empty command line", raw.command);
    }
  } else if (type === "http") {
    let url: URL | undefined;
    try {
      url = typeof raw.url === "string" ? new URL(raw.url) : undefined;
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      throw fail(source, `${at}.url`, "an http(s) URL", raw.url);
    }
    const headers = raw.headers;
    if (
      headers !== undefined &&
      (!isRecord(headers) || Object.values(headers).some((v) => typeof v !== "string"))
    ) {
      throw fail(source, `${at}.headers`, "an object of string values", headers);
    }
  } else if (typeof raw.fn !== "function") {
    throw fail(source, `${at}.fn`, "a function", raw.fn);
  }
  return raw as unknown as HookHandler;
}

function checkMatcher(source: string, field: string, matcher: string): void {
  try {
    new RegExp(matcher);
  } catch (error) {
    throw new HooksConfigError(
      `${source}: \`${field}\` is not a valid regular expression: ${JSON.stringify(matcher)} (${(error as Error).message})`,
      { source, field, cause: error },
    );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "function") return "a function";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}...` : text;
}

function fail(source: string, field: string, expected: string, got: unknown): HooksConfigError {
  return new HooksConfigError(`${source}: \`${field}\` must be ${expected}, got ${show(got)}`, {
    source,
    field,
  });
}

function unknownKey(source: string, field: string, valid: readonly string[]): HooksConfigError {
  return new HooksConfigError(
    `${source}: \`${field}\` is not a field Toolkit understands. Valid fields: ${valid.join(", ")}`,
    { source, field },
  );
}
