import { mkdir, readFile, realpath, rename, rmdir, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { ToolContext } from "@toolkit/core";
import { nulFields, ShadowGit } from "../git/shadow-git.js";
import { forgetRestored } from "../stale/forget-restored.js";
import type { Checkpoint, CheckpointCall, CheckpointKind, CheckpointSummary } from "./checkpoint.js";
import { CheckpointError } from "./checkpoint-error.js";
import { readMetadata, writeMetadata } from "./metadata-file.js";
import { normalizeRestorePaths } from "./restore-paths.js";
import { defaultStateDir, workspaceKey } from "./state-dir.js";
import { literalPathspec, stageWorkspace } from "./stage-workspace.js";

/** The default size cap for one file: 10 MiB. */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

const REF = "refs/toolkit/checkpoints";
// The shadow repository stores bytes as they are: no attribute may convert or filter them.
const ATTRIBUTES = "* -text -filter -ident -working-tree-encoding\n";

/** Options for `CheckpointStore.open`. */
export interface CheckpointStoreOptions {
  /** The workspace whose files are checkpointed (its real path keys the shadow repository). */
  workspace: string;
  /** Where shadow repositories live. @default defaultStateDir() (`$XDG_STATE_HOME/toolkit/checkpoints`) */
  stateDir?: string;
  /** Files bigger than this are noted, not stored. @default 10 MiB */
  maxFileBytes?: number;
  /** The git binary. @default "git" on PATH */
  gitBinary?: string;
}

/** What `snapshot` records. */
export interface SnapshotOptions {
  /** @default "turn" */
  kind?: CheckpointKind;
  /** The loop's turn number. @default 0 */
  turn?: number;
  /** A few words on why. @default the kind and turn */
  label?: string;
}

/** Options for `restore` and `undo`. */
export interface RestoreOptions {
  /** Restore only these paths (files or folders, relative to the workspace or absolute inside it). @default every path */
  paths?: readonly string[];
  /** The session whose fs tools must read restored files again (their stale-guard records are cleared). */
  ctx?: ToolContext;
}

/** What a restore did. */
export interface RestoreResult {
  /** The checkpoint restored. */
  readonly target: Checkpoint;
  /** The checkpoint of the files as they were just before the restore: restoring it undoes the restore. */
  readonly before: Checkpoint;
  /** Paths written back (changed or re-created). */
  readonly restored: readonly string[];
  /** Paths removed because they did not exist at the checkpoint. */
  readonly removed: readonly string[];
  /** Paths left alone because they were over the size cap at one end (never stored). */
  readonly skipped: readonly string[];
}

/** A diff between two states of the workspace. */
export interface CheckpointDiff {
  /** `git diff --stat` text. */
  readonly stat: string;
  /** The unified diff (binary files as `Binary files ... differ`). */
  readonly patch: string;
}

/**
 * Checkpoints of one workspace in a shadow git repository: `GIT_DIR` under
 * the user's state folder, keyed by the workspace's real path, and the
 * workspace as `GIT_WORK_TREE`. The workspace's own `.git` is never read
 * for objects nor written; its `.gitignore` rules and `info/exclude` are
 * honoured. Operations run one at a time.
 *
 * @example
 * const store = await CheckpointStore.open({ workspace: process.cwd() });
 * const before = await store.snapshot({ turn: 1 });
 * // ... the agent edits files ...
 * console.log((await store.diff(before.id)).stat);
 * await store.undo();
 */
export class CheckpointStore {
  /** The workspace's real path. */
  readonly root: string;
  /** The shadow repository's folder. */
  readonly gitDir: string;
  /** The size cap for one file. */
  readonly maxFileBytes: number;
  readonly #git: ShadowGit;
  readonly #metadataFile: string;
  #checkpoints: Checkpoint[];
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(
    root: string,
    gitDir: string,
    maxFileBytes: number,
    git: ShadowGit,
    list: Checkpoint[],
  ) {
    this.root = root;
    this.gitDir = gitDir;
    this.maxFileBytes = maxFileBytes;
    this.#git = git;
    this.#metadataFile = join(gitDir, "toolkit-checkpoints.json");
    this.#checkpoints = list;
  }

  /** Opens (creating on first use) the shadow repository of a workspace. */
  static async open(options: CheckpointStoreOptions): Promise<CheckpointStore> {
    const {
      workspace,
      stateDir = defaultStateDir(),
      maxFileBytes = DEFAULT_MAX_FILE_BYTES,
      gitBinary,
    } = options ?? ({} as Partial<CheckpointStoreOptions>);
    if (typeof workspace !== "string" || workspace === "") {
      throw new CheckpointError(
        "InvalidOption",
        `CheckpointStore.open: \`workspace\` must be a folder path, got ${JSON.stringify(workspace)}`,
      );
    }
    if (!Number.isSafeInteger(maxFileBytes) || maxFileBytes < 0) {
      throw new CheckpointError(
        "InvalidOption",
        `CheckpointStore.open: \`maxFileBytes\` must be a whole number of bytes >= 0, got ${JSON.stringify(maxFileBytes)}`,
      );
    }
    const root = await realpath(workspace).catch((error: unknown) => {
      throw new CheckpointError(
        "Workspace",
        `CheckpointStore.open: \`workspace\` ${workspace} does not exist`,
        {
          cause: error,
        },
      );
    });
    if (!(await stat(root)).isDirectory()) {
      throw new CheckpointError(
        "Workspace",
        `CheckpointStore.open: \`workspace\` ${workspace} is not a folder`,
      );
    }
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    const gitDir = join(await realpath(stateDir), workspaceKey(root));
    const inside = relative(root, gitDir);
    if (inside === "" || (!inside.startsWith(`..${sep}`) && inside !== "..")) {
      throw new CheckpointError(
        "InvalidOption",
        `CheckpointStore.open: \`stateDir\` ${stateDir} is inside the workspace ${root}; checkpoints would store themselves`,
      );
    }
    const git = new ShadowGit({ gitDir, workTree: root, ...(gitBinary ? { binary: gitBinary } : {}) });
    await initShadow(git, root);
    return new CheckpointStore(
      root,
      gitDir,
      maxFileBytes,
      git,
      await readMetadata(join(gitDir, "toolkit-checkpoints.json")),
    );
  }

  /** Saves the workspace as it is now and returns the new checkpoint. */
  snapshot(options: SnapshotOptions = {}): Promise<Checkpoint> {
    return this.#serial(() => this.#snapshot(options));
  }

  /** Adds a call to a checkpoint's record of the calls that followed it. */
  recordCall(id: string, call: CheckpointCall): Promise<void> {
    return this.#serial(async () => {
      const index = this.#indexOf(id);
      const found = this.#checkpoints[index] as Checkpoint;
      this.#checkpoints[index] = { ...found, calls: [...found.calls, call] };
      await writeMetadata(this.#metadataFile, this.#checkpoints);
    });
  }

  /** Paths that differ between a checkpoint and the current files (a command's changes). */
  changedSince(id: string): Promise<string[]> {
    return this.#serial(async () => {
      const from = this.#find(id);
      const { tree } = await stageWorkspace(this.#git, this.maxFileBytes);
      return nulFields(
        await this.#git.text(["diff", "--name-only", "--no-renames", "-z", from.commit, tree]),
      );
    });
  }

  /** Every checkpoint, oldest first, each with a `--stat` of what changed from it to the next one (or to now). */
  list(): Promise<CheckpointSummary[]> {
    return this.#serial(async () => {
      if (this.#checkpoints.length === 0) return [];
      const { tree } = await stageWorkspace(this.#git, this.maxFileBytes);
      return Promise.all(
        this.#checkpoints.map(async (c, i) => {
          const next = this.#checkpoints[i + 1]?.commit ?? tree;
          const stat = await this.#git.text(["diff", "--stat=100", "-M", c.commit, next]);
          return { ...c, stat: stat.trimEnd() };
        }),
      );
    });
  }

  /** The checkpoints in memory, oldest first, without diff summaries. */
  checkpoints(): readonly Checkpoint[] {
    return this.#checkpoints.slice();
  }

  /** The diff from checkpoint `id` to checkpoint `to`, or to the current files. */
  diff(id: string, to?: string): Promise<CheckpointDiff> {
    return this.#serial(async () => {
      const from = this.#find(id);
      const target =
        to === undefined ? (await stageWorkspace(this.#git, this.maxFileBytes)).tree : this.#find(to).commit;
      const [stat, patch] = await Promise.all([
        this.#git.text(["diff", "--stat=100", "-M", from.commit, target]),
        this.#git.text(["diff", "-M", from.commit, target]),
      ]);
      return { stat: stat.trimEnd(), patch };
    });
  }

  /**
   * Puts the files back as they were at checkpoint `id` (only `paths`, when
   * given). It first checkpoints the current files, so the restore can be
   * undone by restoring `result.before`. Files over the cap at either end
   * are left alone; files ignored by the workspace's rules are never touched.
   */
  restore(id: string, options: RestoreOptions = {}): Promise<RestoreResult> {
    return this.#serial(() => this.#restore(this.#find(id), options));
  }

  /**
   * Restores the state before the last turn not yet undone; a second `undo`
   * goes one turn further back. Undefined when there is no turn to undo.
   */
  undo(options: Omit<RestoreOptions, "paths"> = {}): Promise<RestoreResult | undefined> {
    return this.#serial(async () => {
      const target = [...this.#checkpoints].reverse().find((c) => c.kind === "turn" && !c.undone);
      if (!target) return undefined;
      const result = await this.#restore(target, options);
      const index = this.#indexOf(target.id);
      this.#checkpoints[index] = { ...target, undone: true };
      await writeMetadata(this.#metadataFile, this.#checkpoints);
      return { ...result, target: this.#checkpoints[index] as Checkpoint };
    });
  }

  /** Resolves a checkpoint id (or a unique prefix of at least 4 hex digits). */
  get(id: string): Checkpoint | undefined {
    try {
      return this.#find(id);
    } catch {
      return undefined;
    }
  }

  async #snapshot({ kind = "turn", turn = 0, label }: SnapshotOptions): Promise<Checkpoint> {
    const { tree, skipped } = await stageWorkspace(this.#git, this.maxFileBytes);
    const parent = this.#checkpoints.at(-1)?.commit;
    const sequence = (this.#checkpoints.at(-1)?.sequence ?? 0) + 1;
    const text = label ?? (kind === "restore" ? "before a restore" : `before turn ${turn}`);
    const commit = (
      await this.#git.text([
        "commit-tree",
        tree,
        ...(parent ? ["-p", parent] : []),
        "-m",
        `checkpoint ${sequence}: ${text}`,
      ])
    ).trim();
    // The ref keeps every checkpoint reachable; written as git writes a loose ref (one process less per snapshot).
    await writeLooseRef(this.gitDir, REF, commit);
    const checkpoint: Checkpoint = {
      id: commit.slice(0, 12),
      commit,
      sequence,
      kind,
      turn,
      createdAt: new Date().toISOString(),
      label: text,
      calls: [],
      skipped,
      undone: false,
    };
    this.#checkpoints.push(checkpoint);
    await writeMetadata(this.#metadataFile, this.#checkpoints);
    return checkpoint;
  }

  async #restore(target: Checkpoint, { paths, ctx }: RestoreOptions): Promise<RestoreResult> {
    const limit = paths === undefined ? undefined : normalizeRestorePaths(this.root, paths);
    const before = await this.#snapshot({
      kind: "restore",
      turn: target.turn,
      label: `before restoring ${target.id}`,
    });
    const pathspec = limit ? ["--", ...limit.map((p) => literalPathspec(p))] : [];
    const changes = nulFields(
      await this.#git.text([
        "diff",
        "--name-status",
        "--no-renames",
        "-z",
        before.commit,
        target.commit,
        ...pathspec,
      ]),
    );
    const big = new Set([...target.skipped, ...before.skipped].map((s) => s.path));
    const restored: string[] = [];
    const removed: string[] = [];
    const skipped: string[] = [];
    for (let i = 0; i + 1 < changes.length; i += 2) {
      const status = changes[i] as string;
      const path = changes[i + 1] as string;
      if (big.has(path)) skipped.push(path);
      else if (status === "D") removed.push(path);
      else restored.push(path);
    }
    for (const path of big) {
      if (
        !skipped.includes(path) &&
        (!limit || limit.some((p) => p === "." || path === p || path.startsWith(`${p}/`)))
      ) {
        skipped.push(path);
      }
    }
    const touched = [...restored, ...removed];
    // Removals first, and the folders they empty: a file may come back where a folder stood.
    for (const paths of [removed, restored]) {
      if (paths.length === 0) continue;
      await this.#git.run(
        [
          "restore",
          `--source=${target.commit}`,
          "--staged",
          "--worktree",
          "--pathspec-from-file=-",
          "--pathspec-file-nul",
        ],
        { stdin: paths.map((p) => `${literalPathspec(p)}\0`).join("") },
      );
      if (paths === removed) await removeEmptyParents(this.root, removed);
    }
    if (ctx) await forgetRestored(ctx, this.root, touched);
    return { target, before, restored, removed, skipped: skipped.sort() };
  }

  #find(id: string): Checkpoint {
    return this.#checkpoints[this.#indexOf(id)] as Checkpoint;
  }

  #indexOf(id: string): number {
    if (typeof id !== "string" || !/^[0-9a-f]{4,40}$/.test(id)) {
      throw new CheckpointError(
        "UnknownCheckpoint",
        `\`id\` must be a checkpoint id (4 to 40 hex digits, as list() shows them), got ${JSON.stringify(id)}`,
      );
    }
    const matches = this.#checkpoints.flatMap((c, i) => (c.commit.startsWith(id) ? [i] : []));
    if (matches.length !== 1) {
      const known = this.#checkpoints.slice(-5).map((c) => c.id);
      throw new CheckpointError(
        "UnknownCheckpoint",
        matches.length === 0
          ? `no checkpoint has id ${id}; the latest are: ${known.join(", ") || "none yet"}`
          : `id ${id} matches ${matches.length} checkpoints; give more digits`,
      );
    }
    return matches[0] as number;
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

/** Creates the shadow repository once; refreshes the exclude file from the workspace's own on every open. */
async function initShadow(git: ShadowGit, root: string): Promise<void> {
  const marker = join(git.gitDir, "toolkit-workspace");
  const known = await readFile(marker, "utf8").catch(() => undefined);
  if (known === undefined) {
    await mkdir(git.gitDir, { recursive: true, mode: 0o700 });
    await git.run(["init", "--quiet", "--template="]);
    await writeFile(marker, root);
  } else if (known !== root) {
    throw new CheckpointError(
      "Workspace",
      `the shadow repository ${git.gitDir} belongs to ${known}, not ${root}; give another \`stateDir\``,
    );
  }
  await mkdir(join(git.gitDir, "info"), { recursive: true });
  await writeFile(join(git.gitDir, "info", "attributes"), ATTRIBUTES);
  // The user's own exclude rules, read (never written) from the workspace's .git.
  const own = await readFile(join(root, ".git", "info", "exclude"), "utf8").catch(() => "");
  await writeFile(join(git.gitDir, "info", "exclude"), own);
}

/** Replaces a loose ref atomically: `<gitDir>/<ref>` holding the hash and a newline. */
async function writeLooseRef(gitDir: string, ref: string, commit: string): Promise<void> {
  const file = join(gitDir, ...ref.split("/"));
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.lock`;
  await writeFile(temp, `${commit}\n`);
  await rename(temp, file);
}

/** Removes folders a restore emptied by deleting files, up to (never including) the workspace root. */
async function removeEmptyParents(root: string, removed: readonly string[]): Promise<void> {
  const dirs = new Set<string>();
  for (const path of removed) {
    for (let dir = dirname(path); dir !== "." && dir !== "/"; dir = dirname(dir)) dirs.add(dir);
  }
  const deepestFirst = [...dirs].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const dir of deepestFirst) {
    await rmdir(join(root, dir)).catch(() => undefined);
  }
}
