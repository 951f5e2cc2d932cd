import { type ToolContext, ToolError } from "@toolkit/core";
import type { ResolvedFsOptions } from "../tool/fs-options.js";
import { toCrlf } from "../text/line-endings.js";
import { formatBytes } from "../text/line-format.js";
import { loadTextFile } from "../edit/load-text-file.js";
import { openTarget } from "../target/open-target.js";
import { loadPrevious } from "../write/previous-content.js";
import type { StaleGuard } from "../tool/stale-guard.js";
import { resolveTarget, type Target } from "../target/target.js";
import { encodeText } from "../text/text-codec.js";
import { knowDigest } from "./digest.js";
import { type FileLines, joinLines } from "./file-lines.js";
import { type AppliedHunk, applyHunks } from "./locate.js";
import type { FileChange } from "./patch.js";

/** A file as it was read: what to put back if the patch has to be undone. */
export interface Original {
  readonly target: Target;
  readonly raw: Uint8Array;
  readonly mode: number;
  readonly version: string;
}

/** One file change, located and computed, not yet written. */
export interface PlannedChange {
  readonly change: FileChange;
  /** The reply's letter: Added, Modified, Deleted, Renamed. */
  readonly letter: "A" | "M" | "D" | "R";
  /** The file read (update, delete, the source of a move). */
  readonly from?: Original;
  /** Where the new content goes (add, update, move), and the bytes; absent when nothing changes there. */
  readonly to?: { readonly target: Target; readonly bytes: Uint8Array };
  /** An added file's text with `\n` line ends, for the diff. */
  readonly after?: string;
  /** An updated or moved file's old lines and its hunks as applied, for the diff. */
  readonly edits?: { readonly before: FileLines; readonly applied: readonly AppliedHunk[] };
  /** Hunks (1-based) that matched only with whitespace ignored. */
  readonly loose: readonly number[];
}

/** What planning needs. */
export interface PlanOptions {
  ctx: ToolContext;
  fs: ResolvedFsOptions;
  guard: StaleGuard;
  /** Larger files are refused. */
  maxFileBytes: number;
}

/**
 * Locates every hunk of every file and computes each file's new bytes,
 * reading each file once behind the stale guard. Writes nothing: any
 * failure here leaves every file as it was.
 */
export async function planChanges(changes: readonly FileChange[], o: PlanOptions): Promise<PlannedChange[]> {
  const planned: PlannedChange[] = [];
  const touched = new Map<string, number>();
  const claim = (target: Target, change: FileChange) => {
    const earlier = touched.get(target.path.real);
    if (earlier !== undefined) {
      throw ToolError.invalidInput(
        `\`patch\` changes ${target.shown} twice (patch lines ${earlier} and ${change.patchLine}); nothing was written`,
        { advice: "Put all the hunks of one file under one file header." },
      );
    }
    touched.set(target.path.real, change.patchLine);
  };
  for (const change of changes) {
    const p = await planOne(change, o).catch((error: unknown) => {
      throw locatedIn(error, change);
    });
    if (p.from) claim(p.from.target, change);
    if (p.to && p.to.target.path.real !== p.from?.target.path.real) claim(p.to.target, change);
    planned.push(p);
  }
  if (!o.fs.source.remove && planned.some((p) => p.letter === "D" || p.letter === "R")) {
    throw ToolError.invalidInput(
      "this file source cannot remove files, so the patch's deletes and moves cannot be made; nothing was written",
      {
        advice: "Change files without deleting or moving them, or use Shell to delete or move them.",
      },
    );
  }
  return planned;
}

async function planOne(change: FileChange, o: PlanOptions): Promise<PlannedChange> {
  const field = `patch line ${change.patchLine}`;
  const target = await resolveTarget(o.ctx, o.fs, change.path, field);
  if (change.kind === "add") {
    if (target.stat) {
      throw ToolError.execution(
        `${target.shown} already exists, so it cannot be added; nothing was written`,
        {
          advice:
            "Change an existing file with `*** Update File:` (or a diff from `--- a/path`), after reading it.",
        },
      );
    }
    const after = joinLines(change.lines, !change.noEol);
    return { change, letter: "A", to: { target, bytes: encodeText(after, "utf8") }, after, loose: [] };
  }
  if (change.kind === "delete") {
    const from = await readOriginal(target, field, o);
    let loose: readonly number[] = [];
    if (change.hunks.length > 0) {
      const left = applyHunks(from.text ?? "", change.hunks, target.shown);
      loose = left.loose;
      if (left.text !== "") {
        throw ToolError.execution(
          `the patch deletes ${target.shown}, but the file has lines its hunks do not remove; nothing was written`,
          {
            advice: `Read ${target.shown} again and remove every line in the diff, or use \`*** Delete File:\`.`,
          },
        );
      }
    }
    return { change, letter: "D", from, loose };
  }
  const loaded = await loadTextFile({
    fs: o.fs,
    target,
    pathField: field,
    tool: "ApplyPatch",
    maxFileBytes: o.maxFileBytes,
    guard: o.guard,
  });
  const from: Original = { target, raw: loaded.raw, mode: loaded.mode, version: loaded.version };
  if (loaded.sha256 !== undefined) knowDigest(loaded.raw, loaded.sha256);
  const patched = applyHunks(loaded.crlf ? toCrlf(loaded.text) : loaded.text, change.hunks, target.shown);
  const { loose } = patched;
  const edits = { before: patched.before, applied: patched.applied };
  const bytes = encodeText(patched.text, loaded.encoding);
  const dest =
    change.moveTo === undefined ? undefined : await resolveTarget(o.ctx, o.fs, change.moveTo, field);
  if (dest && dest.path.real !== target.path.real) {
    if (dest.stat) {
      throw ToolError.execution(
        `${dest.shown} already exists, so ${target.shown} cannot be moved there; nothing was written`,
        {
          advice:
            "Move the file to a path that does not exist yet, or delete the other file first (in an earlier call).",
        },
      );
    }
    return { change, letter: "R", from, to: { target: dest, bytes }, edits, loose };
  }
  // Compared in place: `Buffer.from` of a Uint8Array would copy both files first.
  const changed = Buffer.compare(bytes, loaded.raw) !== 0;
  return {
    change,
    letter: "M",
    from,
    ...(changed ? { to: { target, bytes } } : {}),
    edits,
    loose,
  };
}

/** A file to delete: read whole (to put back if needed), behind the stale guard; text or not. */
async function readOriginal(
  target: Target,
  field: string,
  o: PlanOptions,
): Promise<Original & { text?: string }> {
  const file = await openTarget(o.fs, target, field, "ApplyPatch");
  try {
    if (file.stat.size > o.maxFileBytes) {
      throw ToolError.invalidInput(
        `${target.shown} is ${formatBytes(file.stat.size)}, over the ${formatBytes(o.maxFileBytes)} limit of files ApplyPatch changes`,
        { advice: "Delete it with a shell command instead." },
      );
    }
    const previous = await loadPrevious({
      file,
      path: target.path.real,
      shown: target.shown,
      guard: o.guard,
      maxLoadBytes: o.maxFileBytes,
    });
    return {
      target,
      raw: previous.bytes ?? new Uint8Array(0),
      mode: file.stat.mode,
      version: previous.version,
      ...(previous.text === undefined ? {} : { text: previous.text }),
    };
  } finally {
    await file.close();
  }
}

/** A ToolError from one file change, with the patch line of that change added when the message lacks it. */
function locatedIn(error: unknown, change: FileChange): unknown {
  if (!ToolError.is(error) || error.message.includes("patch line")) return error;
  const header = { add: "Add File", delete: "Delete File", update: "Update File" }[change.kind];
  return new ToolError(
    error.kind,
    `${error.message} (the ${header} of ${change.path} at patch line ${change.patchLine})`,
    {
      advice: error.advice,
      cause: error,
    },
  );
}
