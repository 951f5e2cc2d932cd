import type { Diagnostic } from "./diagnostic.js";

/**
 * The diagnostics in `after` that `before` did not have. Positions move when
 * lines are added above a problem, so a diagnostic is matched by file, code
 * and message, counted: two identical errors before and three after leave one
 * new (the last one in file order).
 */
export function newDiagnostics(before: readonly Diagnostic[], after: readonly Diagnostic[]): Diagnostic[] {
  const left = new Map<string, number>();
  for (const d of before) left.set(keyOf(d), (left.get(keyOf(d)) ?? 0) + 1);
  const fresh: Diagnostic[] = [];
  for (const d of after) {
    const key = keyOf(d);
    const count = left.get(key) ?? 0;
    if (count > 0) left.set(key, count - 1);
    else fresh.push(d);
  }
  return fresh;
}

function keyOf(d: Diagnostic): string {
  return `${d.path}\u0000${d.severity}\u0000${d.code}\u0000${d.message}`;
}
