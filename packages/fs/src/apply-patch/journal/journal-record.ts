import { basename, dirname, join, sep } from "node:path";
import { createHash } from "node:crypto";
import type { Owner } from "./owner.js";

/** One file a journaled commit changes: its old and new bytes staged beside it (absent: no file). */
export interface JournalEntry {
  /** The target's real path. */
  readonly path: string;
  /** How replies name it. */
  readonly shown: string;
  readonly old?: { readonly staged: string; readonly sha256: string };
  readonly new?: { readonly staged: string; readonly sha256: string };
}

/** The intent record of one commit, written and flushed before its first rename. */
export interface Journal {
  readonly id: string;
  readonly owner: Owner;
  readonly entries: readonly JournalEntry[];
}

const PREFIX = ".toolkit-patch.";
const NAME = /^\.toolkit-patch\.(\d+)-(\d+)-([0-9a-f]{16})\.(intent|journal)$/;

/** A journal's (or its intent's) id from its owner and a random part. */
export function journalId(owner: Owner, random: string): string {
  return `${owner.pid}-${owner.start}-${random}`;
}

/** Where the intent (the staged names, written before staging) and the journal of `id` live. */
export function journalPaths(realRoot: string, id: string): { intent: string; journal: string; tmp: string } {
  return {
    intent: join(realRoot, `${PREFIX}${id}.intent`),
    journal: join(realRoot, `${PREFIX}${id}.journal`),
    tmp: join(realRoot, `${PREFIX}${id}.journal.tmp`),
  };
}

/** The id and owner named by a file in the root, when it is an intent or a journal. */
export function parseJournalName(
  name: string,
): { id: string; owner: Owner; kind: "intent" | "journal" } | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  return {
    id: `${m[1]}-${m[2]}-${m[3]}`,
    owner: { pid: Number(m[1]), start: Number(m[2]) },
    kind: m[4] === "intent" ? "intent" : "journal",
  };
}

/** The staged name of a target's old or new bytes: beside it, named for the commit. */
export function stagedPath(target: string, id: string, side: "old" | "new"): string {
  return join(dirname(target), `.${basename(target)}.${id}.${side}`);
}

/** The journal as bytes: JSON with a SHA-256 of its body, so a damaged journal is told from a good one. */
export function encodeJournal(journal: Journal): string {
  const body = JSON.stringify({ v: 1, id: journal.id, owner: journal.owner, entries: journal.entries });
  return `${JSON.stringify({ body, sha256: sha256(body) })}\n`;
}

/**
 * The journal in `text`, or the reason it cannot be trusted: bad JSON, a
 * body that does not match its hash, another id, or a path that is not
 * under `realRoot` or not named as this commit stages it.
 */
export function decodeJournal(text: string, id: string, realRoot: string): Journal | string {
  let outer: unknown;
  try {
    outer = JSON.parse(text);
  } catch {
    return "it is not valid JSON (cut short or damaged)";
  }
  if (!isRecord(outer) || typeof outer.body !== "string" || typeof outer.sha256 !== "string") {
    return "it lacks its body or hash";
  }
  if (sha256(outer.body) !== outer.sha256) return "its body does not match its hash";
  const body: unknown = JSON.parse(outer.body);
  if (!isRecord(body) || body.v !== 1 || body.id !== id || !Array.isArray(body.entries)) {
    return "its version or id is not this journal's";
  }
  const entries: JournalEntry[] = [];
  for (const raw of body.entries as unknown[]) {
    const entry = entryOf(raw, id, realRoot);
    if (typeof entry === "string") return entry;
    entries.push(entry);
  }
  const owner = isRecord(body.owner) ? body.owner : {};
  return { id, owner: { pid: Number(owner.pid), start: Number(owner.start) }, entries };
}

function entryOf(raw: unknown, id: string, realRoot: string): JournalEntry | string {
  if (!isRecord(raw) || typeof raw.path !== "string" || typeof raw.shown !== "string") {
    return "an entry lacks its path";
  }
  const path = raw.path;
  if (!path.startsWith(realRoot + sep) || path.split(sep).includes("..")) {
    return `the entry ${JSON.stringify(path)} is outside the workspace`;
  }
  const sides: Partial<Record<"old" | "new", { staged: string; sha256: string }>> = {};
  for (const side of ["old", "new"] as const) {
    const s = raw[side];
    if (s === undefined) continue;
    if (!isRecord(s) || s.staged !== stagedPath(path, id, side) || typeof s.sha256 !== "string") {
      return `the ${side} side of ${raw.shown} is not staged where this commit stages it`;
    }
    sides[side] = { staged: s.staged, sha256: s.sha256 };
  }
  if (!sides.old && !sides.new) return `the entry of ${raw.shown} has neither an old nor a new side`;
  return {
    path,
    shown: raw.shown,
    ...(sides.old ? { old: sides.old } : {}),
    ...(sides.new ? { new: sides.new } : {}),
  };
}

/** The intent: the staged paths, so that a commit cut short while staging leaves nothing behind. */
export function encodeIntent(staged: readonly string[]): string {
  return `${JSON.stringify({ v: 1, staged })}\n`;
}

/** The staged paths of an intent that belong to commit `id` under `realRoot`; none when it was cut short. */
export function decodeIntent(text: string, id: string, realRoot: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || !Array.isArray(parsed.staged)) return [];
    return parsed.staged.filter(
      (p): p is string =>
        typeof p === "string" &&
        p.startsWith(realRoot + sep) &&
        !p.split(sep).includes("..") &&
        (p.endsWith(`.${id}.old`) || p.endsWith(`.${id}.new`)) &&
        basename(p).startsWith("."),
    );
  } catch {
    return [];
  }
}

/** SHA-256 in hex. */
export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
