import { ToolError } from "@toolkit/core";

/** One line of a hunk: kept (` `), removed (`-`) or added (`+`). */
export interface HunkLine {
  readonly op: " " | "-" | "+";
  readonly text: string;
}

/** One hunk of a file change. */
export interface Hunk {
  /** 1-based line of the hunk's `@@` (or first) line in the patch. */
  readonly patchLine: number;
  /** Codex `@@ text` headers: lines found in order before the hunk's context is looked for. */
  readonly anchors: readonly string[];
  readonly lines: readonly HunkLine[];
  /** Unified diff: the old side's start line (1-based), a hint only. */
  readonly hint?: number;
  /** Codex `*** End of File`: the old lines should end the file. */
  readonly atEnd: boolean;
  /** Unified `\ No newline at end of file` after the old side's last line. */
  readonly oldNoEol: boolean;
  /** Unified `\ No newline at end of file` after the new side's last line. */
  readonly newNoEol: boolean;
}

/** What a patch does to one file. */
export type FileChange =
  | {
      readonly kind: "add";
      readonly path: string;
      readonly patchLine: number;
      /** The new file's lines. */
      readonly lines: readonly string[];
      /** The last line has no newline. */
      readonly noEol: boolean;
    }
  | {
      readonly kind: "delete";
      readonly path: string;
      readonly patchLine: number;
      /** Unified diff: the lines removed, checked against the file. Codex: none. */
      readonly hunks: readonly Hunk[];
    }
  | {
      readonly kind: "update";
      readonly path: string;
      readonly patchLine: number;
      readonly moveTo?: string;
      readonly hunks: readonly Hunk[];
    };

/** A parsed patch. */
export interface ParsedPatch {
  readonly format: "codex" | "unified";
  readonly changes: readonly FileChange[];
}

/** The old side of a hunk (context and removed lines). */
export function oldSide(hunk: Hunk): string[] {
  const old: string[] = [];
  for (const l of hunk.lines) if (l.op !== "+") old.push(l.text);
  return old;
}

/** The new side of a hunk (context and added lines). */
export function newSide(hunk: Hunk): string[] {
  return hunk.lines.filter((l) => l.op !== "-").map((l) => l.text);
}

/** The refusal of a malformed patch: which line, and what was expected. */
export function malformed(line: number, what: string, advice?: string): ToolError {
  return ToolError.invalidInput(`\`patch\` line ${line}: ${what}; nothing was written`, {
    advice:
      advice ??
      "Send a patch in the Codex format (*** Begin Patch ... *** End Patch) or as a unified diff (--- a/x, +++ b/x, @@ hunks), as the tool description shows.",
  });
}

/** A hunk line from its text (`' '`, `-` or `+` first), or `undefined` for any other line. */
export function hunkLine(raw: string): HunkLine | undefined {
  const op = raw[0];
  if (op === " " || op === "-" || op === "+") return { op, text: raw.slice(1) };
  return undefined;
}
