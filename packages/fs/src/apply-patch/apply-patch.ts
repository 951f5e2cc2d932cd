import {
  type JsonSchema,
  Retention,
  type ToolContext,
  ToolError,
  type ToolOutput,
  Workspace,
} from "@toolkit/core";
import type { AliasTable } from "../tool/field-aliases.js";
import {
  type FsToolOptions,
  positiveInteger,
  type ResolvedFsOptions,
  resolveFsOptions,
} from "../tool/fs-options.js";
import { FsTool } from "../tool/fs-tool.js";
import { formatBytes } from "../text/line-format.js";
import { StaleGuard } from "../tool/stale-guard.js";
import { commitChanges, recordCommitted } from "./commit.js";
import { commitJournaled } from "./journal/journaled-commit.js";
import { recoverIn } from "./journal/recover.js";
import { recoveryNotes } from "./journal/recovery-notes.js";
import { parsePatch } from "./parse-patch.js";
import { planChanges } from "./plan.js";
import { patchReply } from "./reply.js";

/** Options for `ApplyPatch`. */
export interface ApplyPatchOptions extends FsToolOptions {
  /** Longer patches (UTF-8 bytes) are refused. @default 1 MiB */
  maxPatchBytes?: number;
  /** Larger files are refused (each is held in memory, with its new content). @default 64 MiB */
  maxFileBytes?: number;
}

interface ApplyPatchInput {
  patch: string;
}

const DESCRIPTION = [
  [
    "Changes several files in one step from a patch: adds, updates, deletes and moves files. All or nothing:",
    "every hunk of every file is located first, and if one cannot be found nothing is written.",
    "Use this format (a unified diff, `--- a/x` / `+++ b/x` with `@@ -l,n +l,n @@` hunks, is accepted too):",
  ].join(" "),
  "",
  "*** Begin Patch",
  "*** Add File: path/new.py",
  "+line of the new file",
  "*** Update File: path/old.py",
  "*** Move to: path/renamed.py",
  "@@ def greet():",
  "-    print('hi')",
  "+    print('hello')",
  "*** Delete File: path/gone.py",
  "*** End Patch",
  "",
  [
    "In an Update, each hunk lists a few unchanged lines (` ` first) around the lines to remove (`-`) and add",
    "(`+`); `@@ text` names a line above the hunk (a function or class) when the context alone is not unique;",
    "`*** End of File` ends a hunk that reaches the end of the file; `*** Move to:` is optional. Paths are",
    "relative to the workspace. Files to update or delete must have been read in this session and not changed",
    "since. Replies with one line per file (A, M, D, R old -> new) and the diff.",
  ].join(" "),
].join("\n");

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    patch: {
      type: "string",
      description: "The patch text: `*** Begin Patch` ... `*** End Patch` (Codex format), or a unified diff.",
    },
  },
  required: ["patch"],
  additionalProperties: false,
};

/** `input` is the field of Codex's own apply_patch tool; `diff` a common guess. */
const ALIASES: AliasTable = new Map([
  ["input", "patch"],
  ["diff", "patch"],
]);

/**
 * ApplyPatch: applies a Codex-format patch or a unified diff to the
 * workspace, all or nothing, each file written atomically, behind the same
 * containment and stale guard as Edit. Retention `durable`.
 *
 * @example
 * await new ApplyPatch().call({ patch: "*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch" }, ctx);
 */
export class ApplyPatch extends FsTool<ApplyPatchInput> {
  readonly #o: ResolvedFsOptions;
  readonly #maxPatchBytes: number;
  readonly #maxFileBytes: number;

  constructor(options: ApplyPatchOptions = {}) {
    super({
      name: "ApplyPatch",
      description: DESCRIPTION,
      inputSchema: SCHEMA,
      aliases: ALIASES,
      retention: Retention.Durable,
    });
    const { maxPatchBytes = 1024 * 1024, maxFileBytes = 64 * 1024 * 1024, ...fs } = options;
    positiveInteger("maxPatchBytes", maxPatchBytes);
    positiveInteger("maxFileBytes", maxFileBytes);
    this.#o = resolveFsOptions(fs);
    this.#maxPatchBytes = maxPatchBytes;
    this.#maxFileBytes = maxFileBytes;
  }

  protected async run(input: ApplyPatchInput, ctx: ToolContext): Promise<ToolOutput> {
    const size = Buffer.byteLength(input.patch, "utf8");
    if (size > this.#maxPatchBytes) {
      throw ToolError.invalidInput(
        `\`patch\` is ${formatBytes(size)}, over the ${formatBytes(this.#maxPatchBytes)} limit; nothing was written`,
        { advice: "Split the change into several smaller patches (a few files each)." },
      );
    }
    const { changes } = parsePatch(input.patch);
    const { source } = this.#o;
    const realRoot = source.local ? await source.realRoot(Workspace.from(ctx, this.#o.workspace)) : undefined;
    const recovered = realRoot === undefined ? [] : await recoverIn({ source, realRoot });
    const stuck = recovered.find((r) => r.outcome === "unrecoverable");
    if (stuck) {
      throw ToolError.execution(
        `an interrupted patch in this workspace could not be settled (${stuck.journal}: ${stuck.reason}); nothing was written`,
        {
          advice: `Check ${stuck.files.join(", ") || "the files it names"} by hand, then delete ${stuck.journal} (and its staged .<name>.<id>.old/.new copies) before patching again.`,
        },
      );
    }
    const guard = StaleGuard.of(ctx);
    const planned = await planChanges(changes, {
      ctx,
      fs: this.#o,
      guard,
      maxFileBytes: this.#maxFileBytes,
    });
    if (realRoot === undefined) await commitChanges(planned, { ctx, fs: this.#o, guard });
    else {
      await commitJournaled(planned, { source, realRoot, ...(ctx.signal ? { signal: ctx.signal } : {}) });
      await recordCommitted(planned, { ctx, fs: this.#o, guard });
    }
    return patchReply(planned, recoveryNotes(recovered));
  }
}
