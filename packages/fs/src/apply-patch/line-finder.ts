import { type FileLines, hashString } from "./file-lines.js";

/** How a hunk's lines were matched: exactly, ignoring trailing whitespace, or ignoring surrounding whitespace. */
export type Pass = "exact" | "trailing" | "surrounding";

const PASSES: ReadonlyArray<readonly [Pass, (line: string) => string]> = [
  ["exact", (l) => l],
  ["trailing", (l) => l.trimEnd()],
  ["surrounding", (l) => l.trim()],
];

/** Places looked at one by one from the start (or the hint) before the index is used. */
const NEAR = 256;

/**
 * Where the lines of each hash bucket occur, ascending, in one flat array
 * (a bucket may hold lines that only share a hash; each place is checked).
 */
interface LineIndex {
  readonly mask: number;
  readonly offsets: Int32Array;
  readonly positions: Int32Array;
}

/** One pass's search for one pattern: its lines as the pass sees them, the range, and the check of one place. */
interface Search {
  readonly pass: Pass;
  readonly norm: (line: string) => string;
  readonly want: readonly string[];
  readonly from: number;
  readonly last: number;
  readonly matchesAt: (i: number) => boolean;
}

/** Where to look for a pattern, and how to choose among several places. */
export interface FindOptions {
  /** Look at the last possible place first. */
  atEnd?: boolean;
  /** Among several places, the one nearest this line (0-based) wins, the earlier on a tie; else the first. */
  hint?: number;
}

/**
 * Finds runs of lines in a file's lines, trying each pass in turn (exact,
 * then trailing whitespace ignored, then surrounding whitespace ignored), the
 * first pass that matches anywhere in range deciding. Places near the start
 * (or the hint) are looked at directly; further away, an index of where each
 * line occurs (built once per pass, on first need) yields only the places
 * where the pattern's rarest line stands, so a run of hunks costs about the
 * file's length plus the patch's, not their product.
 */
export class LineFinder {
  readonly #file: FileLines;
  readonly #normalised = new Map<Pass, readonly string[]>();
  readonly #indexes = new Map<Pass, LineIndex>();

  constructor(file: FileLines) {
    this.#file = file;
  }

  /** The first (or nearest the hint) place at or after `from` where `pattern` matches, and the pass. */
  find(
    pattern: readonly string[],
    from: number,
    options: FindOptions = {},
  ): { at: number; pass: Pass } | undefined {
    const file = this.#file;
    const last = file.length - pattern.length;
    if (last < from) return undefined;
    // The usual case, a hunk exactly where the previous one left off, found without making anything.
    if (options.hint === undefined && !this.#indexes.has("exact")) {
      const near = Math.min(last, from + NEAR);
      if (options.atEnd && this.#exactAt(pattern, last)) return { at: last, pass: "exact" };
      for (let i = from; i <= near; i++) if (this.#exactAt(pattern, i)) return { at: i, pass: "exact" };
    }
    for (const [pass, norm] of PASSES) {
      const want = pass === "exact" ? pattern : pattern.map(norm);
      // The exact pass compares in place; the loose ones compare lines normalised once.
      const lines = pass === "exact" ? undefined : this.#lines_(pass, norm);
      const matchesAt = lines
        ? (i: number) => want.every((w, k) => lines[i + k] === w)
        : (i: number) => want.every((w, k) => file.is(i + k, w));
      if (options.atEnd && matchesAt(last)) return { at: last, pass };
      const search: Search = { pass, norm, want, from, last, matchesAt };
      const at = options.hint === undefined ? this.#first(search) : this.#nearest(search, options.hint);
      if (at !== undefined) return { at, pass };
    }
    return undefined;
  }

  #exactAt(pattern: readonly string[], i: number): boolean {
    for (let k = 0; k < pattern.length; k++) if (!this.#file.is(i + k, pattern[k] as string)) return false;
    return true;
  }

  #first({ pass, norm, want, from, last, matchesAt }: Search): number | undefined {
    let start = from;
    // Once a pass has its index, a lookup beats the scan, found or not.
    if (!this.#indexes.has(pass)) {
      const near = Math.min(last, from + NEAR);
      for (let i = from; i <= near; i++) if (matchesAt(i)) return i;
      if (near === last) return undefined;
      start = near + 1;
    }
    const c = this.#candidates(pass, norm, want);
    if (!c) return undefined;
    for (let j = lowerBound(c.positions, c.lo, c.hi, start + c.k); j < c.hi; j++) {
      const i = (c.positions[j] ?? 0) - c.k;
      if (i > last) return undefined;
      if (matchesAt(i)) return i;
    }
    return undefined;
  }

  #nearest({ pass, norm, want, from, last, matchesAt }: Search, hint: number): number | undefined {
    const h = Math.min(Math.max(hint, from), last);
    for (let d = 0; d <= (this.#indexes.has(pass) ? -1 : NEAR); d++) {
      if (h - d < from && h + d > last) return undefined;
      if (h - d >= from && matchesAt(h - d)) return h - d;
      if (d > 0 && h + d <= last && matchesAt(h + d)) return h + d;
    }
    const c = this.#candidates(pass, norm, want);
    if (!c) return undefined;
    // Outward from the hint in both directions, the nearer candidate first, the earlier on a tie.
    const split = lowerBound(c.positions, c.lo, c.hi, h + c.k);
    let left = split - 1;
    let right = split;
    for (;;) {
      const li = left >= c.lo ? (c.positions[left] ?? 0) - c.k : -1;
      const ri = right < c.hi ? (c.positions[right] ?? 0) - c.k : Number.POSITIVE_INFINITY;
      const leftOk = li >= from;
      const rightOk = ri <= last;
      if (!leftOk && !rightOk) return undefined;
      if (leftOk && (!rightOk || h - li <= ri - h)) {
        if (matchesAt(li)) return li;
        left--;
      } else {
        if (matchesAt(ri)) return ri;
        right++;
      }
    }
  }

  /** The places of the pattern's rarest line (its bucket), or undefined when one of its lines occurs nowhere. */
  #candidates(pass: Pass, norm: (l: string) => string, want: readonly string[]) {
    const index = this.#index(pass, norm);
    let best: { k: number; lo: number; hi: number } | undefined;
    for (const [k, w] of want.entries()) {
      const bucket = hashString(w) & index.mask;
      const lo = index.offsets[bucket] ?? 0;
      const hi = index.offsets[bucket + 1] ?? 0;
      if (lo === hi) return undefined;
      if (!best || hi - lo < best.hi - best.lo) best = { k, lo, hi };
    }
    return best && { ...best, positions: index.positions };
  }

  #lines_(pass: Pass, norm: (l: string) => string): readonly string[] {
    let lines = this.#normalised.get(pass);
    if (!lines) {
      lines = pass === "exact" ? this.#file.all() : this.#file.all().map(norm);
      this.#normalised.set(pass, lines);
    }
    return lines;
  }

  #index(pass: Pass, norm: (l: string) => string): LineIndex {
    const known = this.#indexes.get(pass);
    if (known) return known;
    const file = this.#file;
    const n = file.length;
    // Exact lines are hashed in place in the file's text; loose ones from their normalised strings.
    const lines = pass === "exact" ? undefined : this.#lines_(pass, norm);
    let size = 16;
    while (size < 2 * n) size *= 2;
    const mask = size - 1;
    const buckets = new Int32Array(n);
    const offsets = new Int32Array(size + 1);
    for (let i = 0; i < n; i++) {
      const b = (lines ? hashString(lines[i] ?? "") : file.hash(i)) & mask;
      buckets[i] = b;
      offsets[b + 1] = (offsets[b + 1] ?? 0) + 1;
    }
    for (let b = 0; b < size; b++) offsets[b + 1] = (offsets[b + 1] ?? 0) + (offsets[b] ?? 0);
    const fill = offsets.slice(0, size);
    const positions = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const b = buckets[i] ?? 0;
      positions[fill[b] ?? 0] = i;
      fill[b] = (fill[b] ?? 0) + 1;
    }
    const index = { mask, offsets, positions };
    this.#indexes.set(pass, index);
    return index;
  }
}

/** The first j in [lo, hi) with positions[j] >= value (positions ascending there). */
function lowerBound(positions: Int32Array, lo: number, hi: number, value: number): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if ((positions[mid] ?? 0) < value) a = mid + 1;
    else b = mid;
  }
  return a;
}
