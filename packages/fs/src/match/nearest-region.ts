/** The part of a file most like a string that was not found. */
export interface NearestRegion {
  /** 1-based, inclusive. */
  readonly startLine: number;
  readonly endLine: number;
  /** The region's lines. */
  readonly lines: readonly string[];
  /** How the region differs from the string, in one sentence. */
  readonly difference: string;
}

/** Files with more lines are not searched for a near match (the error still says nothing matched). */
const MAX_LINES = 200_000;
/** Lines compared by similarity when no line matches outright. */
const MAX_FUZZY_LINES = 50_000;

/**
 * Finds the region of `text` closest to `wanted`: the window whose lines
 * most often equal `wanted`'s lines once whitespace is normalised, else the
 * line most similar to `wanted`'s first line. Pure.
 */
export function nearestRegion(text: string, wanted: string, field: string): NearestRegion | undefined {
  const want = (wanted.endsWith("\n") ? wanted.slice(0, -1) : wanted).split("\n");
  const lines = text.split("\n", MAX_LINES + 1);
  if (lines.length > MAX_LINES) return undefined;
  const start = byVotes(lines, want) ?? bySimilarity(lines, want);
  if (start === undefined) return undefined;
  const region = lines.slice(start, start + want.length);
  return {
    startLine: start + 1,
    endLine: start + region.length,
    lines: region,
    difference: describeDifference({ region, want, field, startLine: start + 1 }),
  };
}

function norm(line: string): string {
  return line.trim().replace(/\s+/g, " ");
}

function byVotes(lines: readonly string[], want: readonly string[]): number | undefined {
  const positions = new Map<string, number[]>();
  want.forEach((line, k) => {
    const key = norm(line);
    if (key.length < 2) return;
    positions.set(key, [...(positions.get(key) ?? []), k]);
  });
  const votes = new Map<number, number>();
  lines.forEach((line, j) => {
    for (const k of positions.get(norm(line)) ?? [])
      votes.set(Math.max(0, j - k), (votes.get(Math.max(0, j - k)) ?? 0) + 1);
  });
  let best: number | undefined;
  for (const [start, n] of votes) {
    const b = best === undefined ? 0 : (votes.get(best) ?? 0);
    if (best === undefined || n > b || (n === b && start < best)) best = start;
  }
  return best;
}

function bySimilarity(lines: readonly string[], want: readonly string[]): number | undefined {
  const k = want.findIndex((l) => norm(l) !== "");
  const target = norm(want[k] ?? "");
  if (target === "" || lines.length > MAX_FUZZY_LINES) return undefined;
  const grams = bigrams(target.toLowerCase());
  let best: number | undefined;
  let bestScore = 0.5;
  lines.forEach((line, j) => {
    const score = dice(grams, bigrams(norm(line).toLowerCase()));
    if (score > bestScore) {
      bestScore = score;
      best = Math.max(0, j - k);
    }
  });
  return best;
}

function bigrams(s: string): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < s.length; i++) out.set(s.slice(i, i + 2), (out.get(s.slice(i, i + 2)) ?? 0) + 1);
  return out;
}

function dice(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  let total = 0;
  for (const n of a.values()) total += n;
  for (const n of b.values()) total += n;
  for (const [g, n] of a) shared += Math.min(n, b.get(g) ?? 0);
  return total === 0 ? 0 : (2 * shared) / total;
}

/** One sentence on how the file's region differs from the wanted text. */
export function describeDifference({
  region,
  want,
  field,
  startLine,
}: {
  region: readonly string[];
  want: readonly string[];
  field: string;
  startLine: number;
}): string {
  const same = (f: (l: string) => string) =>
    region.length === want.length && region.every((l, i) => f(l) === f(want[i] ?? ""));
  if (same((l) => l.trim())) {
    if (same((l) => l.trimEnd())) return `It differs from \`${field}\` only in trailing whitespace.`;
    if (!same((l) => l.trimStart()))
      return `It differs from \`${field}\` only in leading and trailing whitespace.`;
    const fileTabs = region.some((l) => /^\t/.test(l));
    const wantTabs = want.some((l) => /^\t/.test(l));
    if (fileTabs !== wantTabs) {
      const [f, w] = fileTabs ? ["tabs", "spaces"] : ["spaces", "tabs"];
      return `It differs from \`${field}\` only in indentation: the file indents with ${f}, \`${field}\` with ${w}.`;
    }
    return `It differs from \`${field}\` only in indentation (leading whitespace).`;
  }
  if (same(norm)) return `It differs from \`${field}\` only in whitespace inside lines.`;
  if (same((l) => norm(l).toLowerCase())) return `It differs from \`${field}\` only in letter case.`;
  const i = want.findIndex((l, k) => l !== region[k]);
  const at = i === -1 ? region.length : i;
  const fileLine = region[at];
  const wantLine = want[at];
  if (fileLine === undefined) return `\`${field}\` has more lines than the file has from here on.`;
  if (wantLine === undefined) return `The region differs from \`${field}\` after its last line.`;
  return `The first difference is at line ${startLine + at}: the file has ${JSON.stringify(fileLine)} where \`${field}\` has ${JSON.stringify(wantLine)}.`;
}
