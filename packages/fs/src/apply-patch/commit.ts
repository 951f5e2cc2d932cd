import { type ToolContext, ToolError } from "@toolkit/core";
import type { ResolvedFsOptions } from "../tool/fs-options.js";
import type { StaleGuard } from "../tool/stale-guard.js";
import { digestOf } from "./digest.js";
import type { Target } from "../target/target.js";
import type { PlannedChange } from "./plan.js";

/** What commit needs. */
export interface CommitOptions {
  ctx: ToolContext;
  fs: ResolvedFsOptions;
  guard: StaleGuard;
}

interface Undo {
  readonly shown: string;
  run(): Promise<void>;
}

/**
 * Writes planned changes in patch order, each file atomically (temp file and
 * rename), a moved file's old path removed after its new one is written.
 * When a write fails, everything already done is undone in reverse order
 * (old bytes put back, new files removed) and the error says so. The stale
 * guard then knows the files as they are.
 */
export async function commitChanges(planned: readonly PlannedChange[], o: CommitOptions): Promise<void> {
  const { source } = o.fs;
  const undo: Undo[] = [];
  try {
    for (const p of planned) {
      const { from, to } = p;
      if (to) {
        const overwrites = from !== undefined && from.target.path.real === to.target.path.real;
        await source.writeFile(to.target.path.real, to.bytes, {
          realRoot: to.target.realRoot,
          shown: to.target.shown,
          signal: o.ctx.signal,
          ...(overwrites ? { expectVersion: from.version } : {}),
          ...(from && !overwrites ? { mode: from.mode } : {}),
        });
        undo.push(
          overwrites
            ? { shown: from.target.shown, run: () => putBack(o, from.target, from.raw) }
            : { shown: to.target.shown, run: () => removeNew(o, to.target) },
        );
        await record(o, to.target, to.bytes);
      }
      if (from && (p.letter === "D" || p.letter === "R")) {
        await source.remove?.(from.target.path.real, {
          realRoot: from.target.realRoot,
          shown: from.target.shown,
          expectVersion: from.version,
        });
        undo.push({ shown: from.target.shown, run: () => putBack(o, from.target, from.raw, from.mode) });
        o.guard.forget(from.target.path.real);
      }
    }
  } catch (error) {
    throw await rollBack(error, undo);
  }
}

/** After a journaled commit: the guard learns each written file and forgets each removed one. */
export async function recordCommitted(planned: readonly PlannedChange[], o: CommitOptions): Promise<void> {
  for (const p of planned) {
    if (p.to) await record(o, p.to.target, p.to.bytes);
    if (p.from && (p.letter === "D" || p.letter === "R")) o.guard.forget(p.from.target.path.real);
  }
}

/** Undoes what was done, last first; the error says what was restored and what could not be. */
async function rollBack(error: unknown, undo: readonly Undo[]): Promise<unknown> {
  const failed: string[] = [];
  for (const u of [...undo].reverse()) {
    await u.run().catch(() => failed.push(u.shown));
  }
  if (!ToolError.is(error)) return error;
  const restored =
    undo.length === 0
      ? ""
      : failed.length === 0
        ? `; the ${undo.length} file change${undo.length === 1 ? "" : "s"} already made ${undo.length === 1 ? "was" : "were"} undone, so no file is changed`
        : `; undoing the changes already made failed for ${failed.join(", ")}, which may be left changed`;
  return new ToolError(error.kind, `${error.message}${restored}`, { advice: error.advice, cause: error });
}

async function putBack(o: CommitOptions, target: Target, raw: Uint8Array, mode?: number): Promise<void> {
  await o.fs.source.writeFile(target.path.real, raw, {
    realRoot: target.realRoot,
    shown: target.shown,
    ...(mode === undefined ? {} : { mode }),
  });
  await record(o, target, raw);
}

async function removeNew(o: CommitOptions, target: Target): Promise<void> {
  if (!o.fs.source.remove) throw new Error("no remove");
  await o.fs.source.remove(target.path.real, { realRoot: target.realRoot, shown: target.shown });
  o.guard.forget(target.path.real);
}

/** The guard learns a file as it now is: its hash when small enough, and its version. */
async function record(o: CommitOptions, target: Target, bytes: Uint8Array): Promise<void> {
  const real = target.path.real;
  const after = await o.fs.source.stat(real);
  o.guard.record(real, {
    ...(bytes.length <= o.fs.maxHashBytes ? { hash: digestOf(bytes) } : {}),
    version: after?.version ?? "",
  });
}
