import { ToolError } from "../errors/error.js";

/** Deepest nesting of objects and arrays accepted in a call's input (the input object itself is level 1). */
export const MAX_INPUT_DEPTH = 256;

/** Containers expanded before the walk starts remembering them (small inputs allocate nothing). */
const REMEMBER_AFTER = 16;

/**
 * The walk's stacks, kept between calls so a call allocates nothing for
 * them; each slot is cleared once read, so no input is held after a walk.
 * `pending*` are containers still to expand (value, level, key in its
 * parent); `path*` are the containers from the input down to the one being
 * expanded, with the key each sits under.
 */
interface Stacks {
  pendingValues: object[];
  pendingDepths: number[];
  pendingKeys: (string | number)[];
  pathValues: object[];
  pathKeys: (string | number)[];
}

const shared: Stacks = {
  pendingValues: [],
  pendingDepths: [],
  pendingKeys: [],
  pathValues: [],
  pathKeys: [],
};
let sharedInUse = false;

/**
 * Refuses input that cannot be walked: nested deeper than `MAX_INPUT_DEPTH`
 * levels of objects and arrays, or holding a cycle (possible when a host
 * passes objects, not JSON). Throws a ToolError of kind `InvalidInput` that
 * names the path where it happens; returns nothing for any other input. An
 * object shared by two fields, without a cycle, is accepted.
 *
 * Iterative (no recursion, so 100,000 levels cannot overflow the stack) and
 * cheap: a flat input (no object or array among its values) is one loop
 * over its keys; otherwise it reads the enumerable keys (inherited ones
 * too) once per container, keeps its stacks between calls, and on a large
 * input with shared parts expands each part again only when it is reached
 * at a deeper level.
 *
 * @example
 * const a: Record<string, unknown> = {};
 * a.self = a;
 * checkInputShape({ a }); // throws: Invalid input: `a.self` is `a` again (the input has a cycle) ...
 */
export function checkInputShape(input: unknown): void {
  if (typeof input !== "object" || input === null || !holdsContainer(input)) return;
  if (sharedInUse) {
    // A getter of the input dispatching again: walk with stacks of its own.
    walk(input, { pendingValues: [], pendingDepths: [], pendingKeys: [], pathValues: [], pathKeys: [] });
    return;
  }
  sharedInUse = true;
  try {
    walk(input, shared);
  } finally {
    sharedInUse = false;
  }
}

/** True when a value of `value` is an object or array: the common flat input needs no walk. */
function holdsContainer(value: object): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (typeof child === "object" && child !== null) return true;
    }
    return false;
  }
  for (const key in value) {
    const child: unknown = (value as Record<string, unknown>)[key];
    if (typeof child === "object" && child !== null) return true;
  }
  return false;
}

function walk(input: object, s: Stacks): void {
  const { pendingValues, pendingDepths, pendingKeys, pathValues, pathKeys } = s;
  let top = 0;
  let deepest = 0;
  let expanded = 0;
  let seenAt: Map<object, number> | undefined;
  pendingValues[0] = input;
  pendingDepths[0] = 1;
  pendingKeys[0] = "";
  top = 1;
  try {
    while (top > 0) {
      top--;
      const value = pendingValues[top] as object;
      const depth = pendingDepths[top] as number;
      pathKeys[depth - 1] = pendingKeys[top] as string | number;
      pendingValues[top] = undefined as unknown as object;
      pathValues[depth - 1] = value;
      if (depth > deepest) deepest = depth;
      if (seenAt !== undefined) {
        const before = seenAt.get(value);
        // Expanded before at this level or deeper: whatever lies below it was, or will be, checked from there.
        if (before !== undefined && before >= depth) continue;
        seenAt.set(value, depth);
      } else if (++expanded > REMEMBER_AFTER) {
        seenAt = new Map();
      }
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) {
          const child: unknown = value[i];
          if (typeof child === "object" && child !== null) {
            top = push(s, top, child, depth, i);
          }
        }
      } else {
        // Enumerable keys, inherited ones too: what a tool reads through a prototype is walked as well.
        for (const key in value) {
          const child: unknown = (value as Record<string, unknown>)[key];
          if (typeof child === "object" && child !== null) {
            top = push(s, top, child, depth, key);
          }
        }
      }
    }
  } finally {
    for (let i = 0; i < top; i++) pendingValues[i] = undefined as unknown as object;
    for (let i = 0; i < deepest; i++) pathValues[i] = undefined as unknown as object;
  }
}

/** Checks one child of the container at `depth` (on the path) and queues it; returns the new top. */
function push(s: Stacks, top: number, child: object, depth: number, key: string | number): number {
  for (let i = 0; i < depth; i++) {
    if (s.pathValues[i] === child) {
      throw ToolError.invalidInput(
        `${describePath(s.pathKeys, depth - 1, key)} is ${describePath(s.pathKeys, i)} again (the input has a cycle); send data without references back to itself`,
      );
    }
  }
  if (depth >= MAX_INPUT_DEPTH) {
    throw ToolError.invalidInput(
      `the input is nested more than ${MAX_INPUT_DEPTH} levels deep, at ${describePath(s.pathKeys, depth - 1, key)}; send it with at most ${MAX_INPUT_DEPTH} levels of objects and arrays`,
    );
  }
  s.pendingValues[top] = child;
  s.pendingDepths[top] = depth + 1;
  s.pendingKeys[top] = key;
  return top + 1;
}

/** How many keys of a long path are shown at its start and at its end. */
const SHOWN_EACH_SIDE = 6;

/**
 * The path to the container at level `level + 1` (`keys[1..level]`; level 0
 * is the input itself), then `last` when given, written `` `a.b[0]["x y"]` ``;
 * a long path keeps its ends around `…` and says how many keys it has.
 */
function describePath(keys: readonly (string | number)[], level: number, last?: string | number): string {
  const parts = keys.slice(1, level + 1);
  if (last !== undefined) parts.push(last);
  if (parts.length === 0) return "the input itself";
  if (parts.length <= SHOWN_EACH_SIDE * 2) return `\`${render(parts, false)}\``;
  const ends = `${render(parts.slice(0, SHOWN_EACH_SIDE), false)}…${render(parts.slice(-SHOWN_EACH_SIDE), true)}`;
  return `\`${ends}\` (${parts.length} keys)`;
}

function render(parts: readonly (string | number)[], continued: boolean): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "number") out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += out === "" && !continued ? part : `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}
