import type { EngineRequest } from "./engine.js";

/**
 * The ripgrep command line for a request (pure). Paths come out relative to
 * the root (ripgrep runs there). `--debug` is on only when the request asks
 * for skip counts: ripgrep reports the binary and oversized files it skips
 * only in its debug log, which slows the whole search.
 */
export function ripgrepArgs(request: EngineRequest): string[] {
  const args = ["--no-config", "--no-require-git", "--no-ignore-global", "--no-messages"];
  // The debug log costs ripgrep some 20%; a search of chosen files needs no skip counts.
  if (countsSkipped(request)) args.push("--debug");
  args.push("--max-filesize", String(request.maxFileBytes), "--color", "never");
  if (request.mode === "files_with_matches") args.push("--files-with-matches", "--null");
  else if (request.mode === "count") args.push("--count", "--null", "--with-filename");
  else {
    if (usesJson(request)) args.push("--json");
    else args.push("--line-number", "--with-filename", "--null", "--no-heading", "--no-context-separator");
    if (request.before > 0) args.push("--before-context", String(request.before));
    if (request.after > 0) args.push("--after-context", String(request.after));
  }
  if (request.caseInsensitive) args.push("--ignore-case");
  if (request.fixedStrings) args.push("--fixed-strings");
  if (request.multiline) args.push("--multiline");
  if (request.files === undefined) {
    if (request.type !== undefined) args.push("--type", request.type);
    for (const glob of request.globs) args.push("--glob", glob);
  }
  // A negated glob never changes which files a positive glob admits; it keeps
  // ripgrep out of .git even when an ignore file whitelists every directory.
  args.push("--glob", "!.git");
  if (request.hidden) args.push("--hidden");
  args.push("--regexp", request.pattern, "--");
  if (request.files !== undefined) args.push(...request.files);
  else args.push(request.target === "" ? "." : request.target);
  return args;
}

/**
 * Whether content comes as `--json` rather than plain lines (path NUL number
 * : text), which are a fifth of the bytes to write and parse. JSON stays where
 * the two differ: a multiline match (one JSON match over its lines) and files
 * given by name (plain output shows only a note for a binary one, JSON its lines).
 */
export function usesJson(request: EngineRequest): boolean {
  return request.multiline || request.files !== undefined || !request.targetIsDir;
}

/** Whether ripgrep is run with `--debug` to count skipped files for this request. */
export function countsSkipped(request: EngineRequest): boolean {
  return request.files === undefined && request.countSkipped !== false;
}
