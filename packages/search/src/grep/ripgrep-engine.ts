import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { ToolError } from "@toolkit/core";
import type { ScanLine } from "../js-engine/scan-text.js";
import type { EngineRequest, EngineResult, FileMatch, GrepEngine } from "./engine.js";
import { countsSkipped, ripgrepArgs, usesJson } from "./rg-args.js";
import { cleanPath, errorText, parseJsonLine, parseSkipLine, RgPlainParser } from "./rg-output.js";

/** The lines of a file in a mode other than content (never added to). */
const NO_LINES: ScanLine[] = [];

/** Kept of ripgrep's non-debug stderr, for error messages. */
const MAX_STDERR_BYTES = 16 * 1024;

/**
 * Grep through a ripgrep binary: streamed (`--json` for content, NUL-separated
 * paths for the other modes), stopped once `maxRows` rows are held, killed
 * at once when the signal fires.
 */
export class RipgrepEngine implements GrepEngine {
  readonly name = "ripgrep";
  readonly #binary: string;

  constructor(options: { binary: string }) {
    this.#binary = options.binary;
  }

  search(request: EngineRequest, signal: AbortSignal): Promise<EngineResult> {
    if (signal.aborted) return Promise.reject(ToolError.cancelled());
    return new Promise<EngineResult>((resolve, reject) => {
      const child = spawn(this.#binary, ripgrepArgs(request), {
        cwd: request.root,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const files = new Map<string, { path: string; count: number; lines: ScanLine[] }>();
      // Only content mode keeps lines: the other modes share one empty list.
      const content = request.mode === "content";
      let rows = 0;
      let truncated = false;
      let skippedBinary = 0;
      let skippedLarge = 0;
      let stderr = "";
      const stop = (): void => {
        child.kill("SIGKILL");
      };
      const onAbort = (): void => stop();
      signal.addEventListener("abort", onAbort, { once: true });

      // Lines of one file arrive together: the last entry is kept at hand.
      let lastPath: string | undefined;
      let last = { path: "", count: 0, lines: NO_LINES };
      const add = (path: string, count: number, lines: readonly ScanLine[]): void => {
        if (path !== lastPath) {
          const known = files.get(path);
          last = known ?? { path, count: 0, lines: content ? [] : NO_LINES };
          if (!known) files.set(path, last);
          lastPath = path;
        }
        last.count += count;
        for (const line of lines) last.lines.push(line);
        rows += content ? lines.length : 1;
        if (rows >= request.maxRows && !truncated) {
          truncated = true;
          stop();
        }
      };

      if (request.mode === "content" && !usesJson(request)) {
        const parser = new RgPlainParser();
        child.stdout.on("data", (chunk: Buffer) => {
          if (truncated) return;
          parser.push(chunk, (path, line) => {
            add(path, line[2] ? 1 : 0, [line]);
            return !truncated;
          });
        });
      } else if (request.mode === "content") {
        createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
          if (truncated) return;
          const parsed = parseJsonLine(line);
          if (parsed) add(parsed.path, parsed.isMatch ? 1 : 0, parsed.lines);
        });
      } else {
        let pending = "";
        const separator = request.mode === "count" ? "\n" : "\0";
        child.stdout.setEncoding("utf8");
        child.stdout.on("data", (chunk: string) => {
          if (truncated) return;
          const text = pending + chunk;
          let from = 0;
          for (
            let at = text.indexOf(separator);
            at !== -1 && !truncated;
            at = text.indexOf(separator, from)
          ) {
            const record = text.slice(from, at);
            from = at + 1;
            if (request.mode === "count") {
              const nul = record.lastIndexOf("\0");
              add(cleanPath(record.slice(0, nul)), Number(record.slice(nul + 1)), []);
            } else add(cleanPath(record), 1, []);
          }
          pending = text.slice(from);
        });
      }
      createInterface({ input: child.stderr, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
        const skip = parseSkipLine(line);
        if (skip === "binary") skippedBinary++;
        else if (skip === "large") skippedLarge++;
        else if (!line.startsWith("rg: DEBUG|") && stderr.length < MAX_STDERR_BYTES) stderr += `${line}\n`;
      });
      child.on("error", (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(ToolError.execution(`ripgrep could not start (${error.message})`, { cause: error }));
      });
      child.on("close", (code) => {
        signal.removeEventListener("abort", onAbort);
        if (signal.aborted) return reject(ToolError.cancelled());
        if (code === 2 && files.size === 0 && !truncated) return reject(rgError(request.pattern, stderr));
        const result: FileMatch[] = [...files.values()];
        resolve({
          files: result,
          skippedBinary,
          skippedLarge,
          skipsCounted: countsSkipped(request),
          truncated,
        });
      });
    });
  }
}

function rgError(pattern: string, stderr: string): ToolError {
  // Drop ripgrep's advice about its own flags (--pcre2, -U): the model cannot pass them.
  const full = errorText(stderr);
  const advice = full.search(/^Consider /m);
  const text = (advice === -1 ? full : full.slice(0, advice)).trim();
  if (/regex parse error|error parsing|not allowed in a regex|literal/.test(text)) {
    return ToolError.invalidInput(`\`pattern\` "${pattern}" is not a valid regular expression: ${text}`, {
      advice:
        "Fix the pattern (escape special characters, or pass `fixed_strings: true` for a literal search).",
    });
  }
  return ToolError.execution(`ripgrep failed: ${text || "exit code 2"}`);
}
