import { type ToolContext, ToolError } from "@toolkit/core";
import { type AppliedEdit, applyEdits, type EditSpec, type Matching } from "./edit-apply.js";
import { editFailureError, type EditFailureNames } from "./edit-failure.js";
import type { ResolvedFsOptions } from "./fs-options.js";
import { isCrlf, toCrlf, toLf } from "./line-endings.js";
import { formatBytes } from "./line-format.js";
import { hashBytes, StaleGuard } from "./stale-guard.js";
import { requireFile, resolveTarget, type Target } from "./target.js";
import { decodeText, encodeText, type TextEncoding } from "./text-codec.js";

/** Options for `editFile`. */
export interface EditFileOptions {
  ctx: ToolContext;
  fs: ResolvedFsOptions;
  /** The path as the model sent it, and its field name. */
  path: string;
  pathField: string;
  edits: readonly EditSpec[];
  matching: Matching;
  /** `refuse` (Edit, MultiEdit: an empty old text only creates a file) or `append` (Loom). */
  emptyOld: "refuse" | "append";
  /** Refuse files not read in this session or changed since (off for Loom). */
  staleGuard: boolean;
  /** Larger files are refused. */
  maxFileBytes: number;
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
}

/**
 * Loads a file, checks the stale guard, applies the edits in memory (CRLF
 * and BOM kept, invalid text refused) and writes the result once,
 * atomically. Any failure leaves the file untouched.
 */
export async function editFile(o: EditFileOptions): Promise<EditFileResult> {
  const target = await resolveTarget(o.ctx, o.fs, o.path, o.pathField);
  const guard = StaleGuard.of(o.ctx);
  const loaded = target.stat ? await load(o, target, guard) : undefined;
  let edits = o.edits.map((e) => ({ ...e, oldString: toLf(e.oldString), newString: toLf(e.newString) }));
  let text = loaded?.text ?? "";
  const first = edits[0];
  const creating =
    (!loaded || text === "") && first !== undefined && first.oldString === "" && o.emptyOld === "refuse";
  const appending = o.emptyOld === "append" && first?.oldString === "";
  if (!loaded && !creating && !appending) {
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
    emptyOld: o.emptyOld,
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
  if (loaded) await assertUnchanged(o, target, loaded.version);
  await o.fs.source.writeFile(target.path.real, bytes, { realRoot: target.realRoot });
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

interface Loaded {
  text: string;
  crlf: boolean;
  encoding: TextEncoding;
  bytes: number;
  version: string;
}

async function load(o: EditFileOptions, target: Target, guard: StaleGuard): Promise<Loaded> {
  const stat = requireFile(target, o.pathField, "Edit");
  if (stat.size > o.maxFileBytes) {
    throw ToolError.invalidInput(
      `${target.shown} is ${formatBytes(stat.size)}, over the ${formatBytes(o.maxFileBytes)} edit limit`,
      {
        advice: "Edit a smaller file, or change this one with a shell command.",
      },
    );
  }
  const bytes = await o.fs.source.readFile(target.path.real);
  if (o.staleGuard)
    await guard.assertFresh(target.path.real, target.shown, {
      version: stat.version,
      bytes: async () => bytes,
    });
  const decoded = decodeText(bytes);
  if (!decoded) {
    throw ToolError.invalidInput(
      `${target.shown} is not valid text (binary, or not UTF-8/UTF-16); it was not changed`,
      {
        advice: "Only text files can be edited; choose another file.",
      },
    );
  }
  const crlf = isCrlf(decoded.text);
  return {
    text: crlf ? toLf(decoded.text) : decoded.text,
    crlf,
    encoding: decoded.encoding,
    bytes: bytes.length,
    version: stat.version,
  };
}

/** Refuses when the file changed between our read and our write. */
async function assertUnchanged(o: EditFileOptions, target: Target, version: string): Promise<void> {
  const now = await o.fs.source.stat(target.path.real);
  if (now?.version !== version) {
    throw ToolError.execution(
      `${target.shown} changed while the edit was being prepared; nothing was written`,
      {
        advice: "Call Read on the file again, then redo the change against its current content.",
      },
    );
  }
}
