import { type ToolContext, ToolError } from "@toolkit/core";
import { type AppliedEdit, applyEdits, type EditSpec, type Matching } from "../match/edit-apply.js";
import { editFailureError, type EditFailureNames } from "./edit-failure.js";
import type { ResolvedFsOptions } from "../tool/fs-options.js";
import { toCrlf, toLf } from "../text/line-endings.js";
import { editLarge } from "./edit-large.js";
import { loadTextFile } from "./load-text-file.js";
import { hashBytes, StaleGuard } from "../tool/stale-guard.js";
import { resolveTarget, type Target } from "../target/target.js";
import { encodeText, type TextEncoding } from "../text/text-codec.js";

/** Options for `editFile`. */
export interface EditFileOptions {
  ctx: ToolContext;
  fs: ResolvedFsOptions;
  /** The tool's wire name, for messages. */
  tool: string;
  /** The path as the model sent it, and its field name. */
  path: string;
  pathField: string;
  edits: readonly EditSpec[];
  matching: Matching;
  /** Larger files are refused (unless streamed). */
  maxFileBytes: number;
  /** A single edit of a UTF-8 file larger than this is streamed (bounded memory, no size limit). */
  streamFromBytes: number;
  /** Field names for edit `i`'s error messages. */
  names: (index: number) => Omit<EditFailureNames, "shown" | "afterEarlierEdits">;
}

/** What `editFile` did. */
export interface EditFileResult {
  readonly target: Target;
  readonly created: boolean;
  /** Old and new text with `\n` line ends, for the diff (`undefined` before: created). */
  readonly before: string | undefined;
  readonly after: string;
  readonly applied: readonly AppliedEdit[];
  readonly originalBytes: number;
  readonly newBytes: number;
  /** The line number of the first line of `before`/`after` when they are a region of a large file. @default 1 */
  readonly firstLine?: number;
}

/**
 * Loads a file, checks the stale guard, applies the edits in memory (CRLF
 * and BOM kept, invalid text refused) and writes the result once,
 * atomically. Any failure leaves the file untouched.
 */
export async function editFile(o: EditFileOptions): Promise<EditFileResult> {
  const target = await resolveTarget(o.ctx, o.fs, o.path, o.pathField);
  const guard = StaleGuard.of(o.ctx);
  if (target.stat?.kind === "file" && target.stat.size > o.streamFromBytes) {
    const large = await editLarge(o, target, guard);
    if (large) return large;
  }
  const loaded = target.stat
    ? await loadTextFile({
        fs: o.fs,
        target,
        pathField: o.pathField,
        tool: o.tool,
        maxFileBytes: o.maxFileBytes,
        guard,
      })
    : undefined;
  let edits = o.edits.map((e) => ({ ...e, oldString: toLf(e.oldString), newString: toLf(e.newString) }));
  let text = loaded?.text ?? "";
  const first = edits[0];
  const creating = (!loaded || text === "") && first !== undefined && first.oldString === "";
  if (!loaded && !creating) {
    throw ToolError.fileNotFound(target.shown, {
      advice: `To create the file, use Write, or Edit with an empty \`${o.names(0).oldField}\`.`,
    });
  }
  const prior: AppliedEdit[] = [];
  if (creating && first) {
    text = first.newString;
    prior.push({ index: 0, replacements: 1, line: 1, tolerant: false });
    edits = edits.slice(1);
  }
  const outcome = applyEdits({
    text,
    edits,
    matching: o.matching,
    field: (i) => o.names(i + prior.length).oldField,
  });
  if (!outcome.ok) {
    const index = outcome.index + prior.length;
    throw editFailureError(outcome.failure, {
      ...o.names(index),
      shown: target.shown,
      afterEarlierEdits: index > 0,
    });
  }
  const encoding: TextEncoding = loaded?.encoding ?? "utf8";
  const bytes = encodeText(loaded?.crlf ? toCrlf(outcome.text) : outcome.text, encoding);
  await o.fs.source.writeFile(target.path.real, bytes, {
    realRoot: target.realRoot,
    shown: target.shown,
    signal: o.ctx.signal,
    ...(loaded ? { expectVersion: loaded.version } : {}),
  });
  const after = await o.fs.source.stat(target.path.real);
  guard.record(target.path.real, {
    ...(bytes.length <= o.fs.maxHashBytes ? { hash: hashBytes(bytes) } : {}),
    version: after?.version ?? "",
  });
  return {
    target,
    created: !loaded,
    before: loaded ? loaded.text : undefined,
    after: outcome.text,
    applied: [...prior, ...outcome.applied.map((a) => ({ ...a, index: a.index + prior.length }))],
    originalBytes: loaded?.bytes ?? 0,
    newBytes: bytes.length,
  };
}
