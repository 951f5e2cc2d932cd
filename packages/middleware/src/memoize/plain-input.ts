/**
 * True when every object in `input` is plain data: arrays, and objects whose
 * prototype is `Object.prototype` or `null`. Only then does
 * `canonicalJson(input)`, which sees own fields, say everything the tool
 * reads: an object with another prototype (a normalizer's `Object.assign`
 * of a parsed `{"__proto__": {...}}`, a class instance, a `Date`) has
 * fields it does not show. Iterative; the input is acyclic and at most 256
 * levels deep by the time middleware sees it (dispatch refuses the rest),
 * and a cycle here only makes the walk visit each object once.
 */
export function isPlainInput(input: unknown): boolean {
  const pending: unknown[] = [input];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      if (Object.getPrototypeOf(value) !== Array.prototype) return false;
      for (const item of value) pending.push(item);
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return false;
    for (const key in value) pending.push((value as Record<string, unknown>)[key]);
  }
  return true;
}
