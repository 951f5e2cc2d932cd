/** A run of text in an encoding, and what it says decoded once. */
export interface EncodedSegment {
  readonly start: number;
  readonly end: number;
  readonly encoding: "base64" | "url" | "json";
  readonly decoded: string;
}

/** The shortest base64 run looked at (16 bytes encode to 24 characters). */
const MIN_RUN = 24;
/** Every run of MIN_RUN characters holds one of the positions this far apart. */
const STRIDE = MIN_RUN / 2;
/** The longest run decoded: a larger one is a file, not a key. */
const MAX_RUN = 64 * 1024;

function table(chars: string): Uint8Array {
  const t = new Uint8Array(128);
  for (const c of chars) t[c.charCodeAt(0)] = 1;
  return t;
}

/** The characters of base64 and base64url. */
const BASE64_CHAR = table("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_");
/** What ends a run of URL or JSON string text: white space, quotes and brackets. */
const RUN_END = table(" \t\r\n\"'`<>");

function isIn(set: Uint8Array, text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c < 128 && set[c] === 1;
}

/** The run of base64 characters around `i`, as [start, end). */
function base64RunAt(text: string, i: number): [number, number] {
  let start = i;
  while (start > 0 && isIn(BASE64_CHAR, text, start - 1)) start--;
  let end = i;
  while (end < text.length && isIn(BASE64_CHAR, text, end)) end++;
  return [start, end];
}

/**
 * Each run of at least MIN_RUN base64 characters, as [start, end) with its
 * `=` padding. Looks only at every STRIDE-th character and measures the run
 * around it: ordinary text (short words) costs about one look per STRIDE / 2
 * characters, far less than a regular expression trying every position.
 */
function base64Runs(text: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let i = STRIDE - 1;
  while (i < text.length) {
    if (!isIn(BASE64_CHAR, text, i)) {
      i += STRIDE;
      continue;
    }
    const [start, bare] = base64RunAt(text, i);
    let end = bare;
    while (end < text.length && end - bare < 2 && text[end] === "=") end++;
    if (bare - start >= MIN_RUN) runs.push([start, end]);
    // The next looked-at position at or after the run's end.
    i = Math.max(i + STRIDE, bare + ((((STRIDE - 1 - bare) % STRIDE) + STRIDE) % STRIDE));
  }
  return runs;
}

/** True when `text` holds a run of at least MIN_RUN base64 characters. */
function hasBase64Run(text: string): boolean {
  return base64Runs(text).length > 0;
}

/** Each run of text between RUN_END characters that holds `mark`, as [start, end), once each. */
function runsAround(text: string, mark: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let from = 0;
  for (let at = text.indexOf(mark, from); at !== -1; at = text.indexOf(mark, from)) {
    let start = at;
    while (start > 0 && !isIn(RUN_END, text, start - 1)) start--;
    let end = at + mark.length;
    while (end < text.length && !isIn(RUN_END, text, end)) end++;
    runs.push([start, end]);
    from = end;
  }
  return runs;
}

/** True when `text` may hold a run `encodedSegments` decodes; false means it holds none. */
export function mayHoldEncoded(text: string): boolean {
  return text.includes("%") || text.includes("\\") || hasBase64Run(text);
}

/** True for text a person or a program wrote: printable, not binary. */
function printable(text: string): boolean {
  if (text.length === 0) return false;
  let ok = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x0d || c === 0x09) ok++;
  }
  return ok / text.length >= 0.95;
}

function fromBase64(run: string): string | undefined {
  const body = run.replace(/=+$/, "");
  // Mixed alphabets are not one encoding.
  if (/[+/]/.test(body) && /[-_]/.test(body)) return undefined;
  if (body.length % 4 === 1) return undefined;
  const text = Buffer.from(body, /[-_]/.test(body) ? "base64url" : "base64").toString("utf8");
  return printable(text) ? text : undefined;
}

function fromJson(run: string): string | undefined {
  if (!/\\(?:u[0-9A-Fa-f]{4}|\/)/.test(run)) return undefined;
  try {
    const value: unknown = JSON.parse(`"${run}"`);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

function fromUrl(run: string): string | undefined {
  if (!/%[0-9A-Fa-f]{2}/.test(run)) return undefined;
  try {
    const text = decodeURIComponent(run.replaceAll("+", " "));
    return text === run ? undefined : text;
  } catch {
    return undefined;
  }
}

/**
 * The runs of `text` that are base64 (standard or URL-safe) of printable
 * text, percent-encoded or JSON-escaped (`\uXXXX`, `\/`), each with its
 * decoded form, so that a secret can be looked for once decoded. Decoded
 * once only: what a decoded run holds in turn is not decoded again. Runs
 * are found by scanning around their marks, in time linear in the text.
 */
export function encodedSegments(text: string): EncodedSegment[] {
  const segments: EncodedSegment[] = [];
  const add = (
    runs: Array<[number, number]>,
    encoding: EncodedSegment["encoding"],
    decode: (run: string) => string | undefined,
  ) => {
    for (const [start, end] of runs) {
      if (end - start > MAX_RUN) continue;
      const decoded = decode(text.slice(start, end));
      if (decoded !== undefined) segments.push({ start, end, encoding, decoded });
    }
  };
  if (text.includes("%")) add(runsAround(text, "%"), "url", fromUrl);
  if (text.includes("\\")) add(runsAround(text, "\\"), "json", fromJson);
  add(base64Runs(text), "base64", fromBase64);
  return segments;
}
