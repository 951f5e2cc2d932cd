import type { HookEventName, ResolvedHook } from "../config/hook-config.js";

const SIMPLE = /^[A-Za-z0-9_|-]*$/;
const cache = new Map<string, (name: string) => boolean>();

/**
 * Claude Code's matcher rule: empty or `*` matches everything; a plain name
 * or `A|B` list matches those names exactly; anything else is a regular
 * expression searched for in the name, unanchored as in Claude Code
 * (`mcp__.*`, `Notebook.*`; `^Edit$` to pin it). Case-sensitive.
 */
export function matcherTest(matcher: string): (name: string) => boolean {
  let test = cache.get(matcher);
  if (test) return test;
  if (matcher === "" || matcher === "*") test = () => true;
  else if (SIMPLE.test(matcher)) {
    const names = new Set(matcher.split("|"));
    test = (name) => names.has(name);
  } else {
    const re = new RegExp(matcher);
    test = (name) => re.test(name);
  }
  cache.set(matcher, test);
  return test;
}

/** The hooks of one event whose matcher accepts any of the names (a tool's Claude Code name and its own). */
export function matchHooks(
  hooks: readonly ResolvedHook[],
  event: HookEventName,
  names: readonly string[],
): ResolvedHook[] {
  return hooks.filter((h) => h.event === event && names.some(matcherTest(h.matcher)));
}
