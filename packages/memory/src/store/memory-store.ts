import { closeSync, openSync, rmSync, statSync } from "node:fs";
import type { ProgressSink } from "@toolkit/core";
import { redactSecrets } from "@toolkit/internal/secrets";
import Database from "better-sqlite3";
import { cutText, wholeEnd } from "./cut-text.js";
import { asPhrase, asWords, isFtsSyntaxError } from "./fts-query.js";
import { cosine, fuseRanks } from "./fuse-ranks.js";
import { MemoryStoreError, migrate } from "./schema.js";
import type { EmbedFunction, Memory, MemoryHit, MemoryInput, MemoryKind, MemorySearch } from "./types.js";

/** Memories between two progress lines of an import. */
const IMPORT_PROGRESS_STEP = 1000;

/** Options of `MemoryStore.open`. */
export interface MemoryStoreOptions {
  /** The longest input or output kept per memory, in characters; longer text is cut, with a note. @default 16000 */
  maxTextChars?: number;
  /** Embeds memories so that search blends words with meaning. Without it, search is BM25 alone. */
  embed?: EmbedFunction;
  /** How long a write waits for another process holding the file, in ms. @default 5000 */
  busyTimeoutMs?: number;
  /** The most stored vectors one search compares, newest first. @default 100000 */
  maxVectorScan?: number;
  /**
   * How much of the file SQLite reads through a memory map instead of read
   * calls (address space, not memory: the pages stay in the OS page cache).
   * Searches read many small index pages; mapped, a search at a million
   * memories takes about a third less time. 0 turns it off.
   * @default 1073741824 (1 GiB)
   */
  mmapBytes?: number;
}

/** What `prune` removes. */
export interface PruneOptions {
  /** Remove memories older than this time (ms since the epoch, or a Date). */
  olderThan?: number | Date;
  /** Keep only this many memories, the newest. */
  maxRows?: number;
}

interface Row {
  id: number;
  kind: MemoryKind;
  session: string;
  project: string | null;
  tool: string | null;
  turn: number | null;
  input: string;
  output: string;
  is_error: number;
  truncated: number;
  created_at: number;
}

const EMBED_BATCH = 64;
const EMBED_TEXT_CHARS = 2_000;
const MAX_LIMIT = 50;
/** See `MemoryStoreOptions.mmapBytes`. */
const DEFAULT_MMAP_BYTES = 1024 * 1024 * 1024;

function toMemory(row: Row): Memory {
  return Object.freeze({
    id: row.id,
    kind: row.kind,
    session: row.session,
    project: row.project ?? undefined,
    tool: row.tool ?? undefined,
    turn: row.turn ?? undefined,
    input: row.input,
    output: row.output,
    isError: row.is_error === 1,
    truncated: row.truncated === 1,
    createdAt: row.created_at,
  });
}

/**
 * Creates the file at `path`, empty and readable by its owner only (0600),
 * unless it exists: a store holds what tools printed, which other users of
 * the machine have no business reading. SQLite gives the write-ahead log and
 * its shared-memory file the mode of the database file. Returns whether this
 * call created the file. A file that exists keeps its mode.
 */
function createPrivately(path: string): boolean {
  try {
    closeSync(openSync(path, "wx", 0o600));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw new MemoryStoreError(`MemoryStore.open: cannot create ${path}: ${(error as Error).message}`);
  }
}

/** `since` of a search in ms (NaN for anything but a number or a Date). */
function sinceMs(since: unknown): number {
  return since instanceof Date ? since.getTime() : typeof since === "number" ? since : Number.NaN;
}

/**
 * A value for an error message: never a secret and never a whole text (a
 * bad entry may be a tool's output): text is redacted, then cut to 40
 * characters; objects and arrays are named, not shown.
 */
function show(value: unknown): string {
  if (typeof value === "string") {
    const text = redactSecrets(value).text;
    return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text);
  }
  if (value === null || typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  return `a${typeof value === "object" ? "n" : ""} ${typeof value}`;
}

/**
 * The fields `record` and `import` check alike (so that every export imports
 * again): `project` and `tool` text or absent, `turn` an integer or absent,
 * `createdAt` a finite time in ms (absent allowed unless `createdAtRequired`).
 */
function checkOptionalFields(where: string, v: Record<string, unknown>, createdAtRequired: boolean): void {
  for (const field of ["project", "tool"] as const) {
    const value = v[field];
    if (value !== undefined && value !== null && typeof value !== "string")
      throw new TypeError(`${where}: \`${field}\` must be text, got ${show(value)}`);
  }
  if (v.turn !== undefined && v.turn !== null && !Number.isInteger(v.turn))
    throw new TypeError(`${where}: \`turn\` must be an integer, got ${show(v.turn)}`);
  if (
    (createdAtRequired || v.createdAt !== undefined) &&
    (typeof v.createdAt !== "number" || !Number.isFinite(v.createdAt))
  )
    throw new TypeError(`${where}: \`createdAt\` must be a time in ms, got ${show(v.createdAt)}`);
}

/** A session, project or tool name as stored: redacted like the texts (a caller may build one from anything). */
function redactName(name: string | undefined): string | null {
  return name === undefined || name === null ? null : redactSecrets(name).text;
}

function badVectors(texts: number, got: unknown): TypeError {
  return new TypeError(
    `MemoryStore: \`embed\` must resolve with one Float32Array per text (${texts}), all of one length above 0, got ${
      Array.isArray(got)
        ? `${got.length} (${got
            .slice(0, 8)
            .map((v) => (v instanceof Float32Array ? v.length : typeof v))
            .join(", ")})`
        : typeof got
    }`,
  );
}

function positiveInt(owner: string, field: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw new TypeError(`${owner}: \`${field}\` must be a positive integer, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Tool calls and runs kept in one SQLite file (WAL mode, FTS5 full-text
 * index), safe for several processes at once. Every text is redacted of
 * secrets and cut to `maxTextChars` before it is written.
 *
 * @example
 * const store = MemoryStore.open("memory.db");
 * store.record({ kind: "call", session: "s1", tool: "Grep", input: '{"pattern":"TODO"}', output: "src/a.ts:3: TODO" });
 * const hits = await store.search({ query: "TODO" });
 */
export class MemoryStore {
  readonly path: string;
  readonly #db: Database.Database;
  readonly #maxTextChars: number;
  readonly #embed: EmbedFunction | undefined;
  readonly #maxVectorScan: number;
  readonly #insert: Database.Statement;
  readonly #index: Database.Statement;
  readonly #statements = new Map<string, Database.Statement>();
  #closed = false;

  private constructor(path: string, db: Database.Database, options: MemoryStoreOptions) {
    this.path = path;
    this.#db = db;
    this.#maxTextChars = options.maxTextChars ?? 16_000;
    this.#embed = options.embed;
    this.#maxVectorScan = options.maxVectorScan ?? 100_000;
    // Positional parameters: binding by name costs a lookup per value per row.
    this.#insert = db.prepare(
      `INSERT INTO memories (kind, session, project, tool, turn, input, output, is_error, truncated, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // The rows of a batch are indexed by one statement, in the batch's own
    // transaction: every row from the batch's first id on is the batch's,
    // since the write lock is held and new ids only grow.
    this.#index = db.prepare(
      `INSERT INTO memories_fts (rowid, tool, input, output)
       SELECT id, coalesce(tool, ''), input, output FROM memories WHERE id >= ?`,
    );
  }

  /**
   * Opens (or creates) a store. `":memory:"` keeps it in this process only.
   * Throws a MemoryStoreError, without writing anything, for a file that is
   * not SQLite, is corrupt, belongs to another program, or has a newer schema.
   */
  static open(path: string, options: MemoryStoreOptions = {}): MemoryStore {
    if (typeof path !== "string" || path === "") {
      throw new TypeError(
        `MemoryStore.open: \`path\` must be a file path or ":memory:", got ${JSON.stringify(path)}`,
      );
    }
    if (options.maxTextChars !== undefined)
      positiveInt("MemoryStore.open", "maxTextChars", options.maxTextChars);
    if (options.maxVectorScan !== undefined)
      positiveInt("MemoryStore.open", "maxVectorScan", options.maxVectorScan);
    if (
      options.mmapBytes !== undefined &&
      !(Number.isSafeInteger(options.mmapBytes) && options.mmapBytes >= 0)
    ) {
      throw new TypeError(
        `MemoryStore.open: \`mmapBytes\` must be a whole number of bytes, 0 or more, got ${JSON.stringify(options.mmapBytes)}`,
      );
    }
    // Interpolated into a PRAGMA, which reads anything but an integer (NaN, Infinity) as 0: no wait at all.
    if (
      options.busyTimeoutMs !== undefined &&
      !(Number.isSafeInteger(options.busyTimeoutMs) && options.busyTimeoutMs >= 0)
    ) {
      throw new TypeError(
        `MemoryStore.open: \`busyTimeoutMs\` must be a whole number of ms, 0 or more, got ${show(options.busyTimeoutMs)}`,
      );
    }
    if (options.embed !== undefined && typeof options.embed !== "function") {
      throw new TypeError(
        `MemoryStore.open: \`embed\` must be a function (texts) => Promise<Float32Array[]>`,
      );
    }
    // `file:` names are URIs for SQLite to read, not paths to create.
    const created = path !== ":memory:" && !path.startsWith("file:") && createPrivately(path);
    // A file this call created and left empty is removed when the open fails.
    const removeIfCreated = () => {
      if (created && statSync(path, { throwIfNoEntry: false })?.size === 0) rmSync(path, { force: true });
    };
    let db: Database.Database;
    try {
      db = new Database(path, { fileMustExist: false });
    } catch (error) {
      removeIfCreated();
      throw new MemoryStoreError(`MemoryStore.open: cannot open ${path}: ${(error as Error).message}`);
    }
    try {
      db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5_000}`);
      // Read-only checks first: nothing is written to a file that is not ours.
      migrate(db, path);
      if (path !== ":memory:") db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
      db.pragma("foreign_keys = ON");
      if (path !== ":memory:") db.pragma(`mmap_size = ${options.mmapBytes ?? DEFAULT_MMAP_BYTES}`);
      return new MemoryStore(path, db, options);
    } catch (error) {
      db.close();
      removeIfCreated();
      if (error instanceof MemoryStoreError) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT") {
        throw new MemoryStoreError(
          `MemoryStore.open: ${path} is not a SQLite database, or it is corrupt (${code}); refusing to change it. Move it aside or give another path.`,
        );
      }
      throw error;
    }
  }

  /** Stores one memory; returns its id. */
  record(entry: MemoryInput): number {
    return this.recordMany([entry])[0] as number;
  }

  /** Stores several memories in one transaction (much faster than one by one); returns their ids. */
  recordMany(entries: readonly MemoryInput[]): number[] {
    return this.#recordMany("recordMany", entries, []);
  }

  /** `cut[i]`: entry i was already cut where it came from (an imported memory marked truncated). */
  #recordMany(
    what: string,
    entries: readonly MemoryInput[],
    cut: readonly boolean[],
    progress?: ProgressSink,
  ): number[] {
    this.#open(what);
    const rows = entries.map((e, i) => this.#row(e, i, cut[i] === true));
    if (rows.length === 0) return [];
    const total = rows.length;
    return this.#db
      .transaction(() => {
        const ids = rows.map((row, i) => {
          const id = Number(this.#insert.run(row).lastInsertRowid);
          if (progress && (i + 1) % IMPORT_PROGRESS_STEP === 0) {
            progress({ message: `imported ${i + 1} of ${total} memories`, progress: i + 1, total });
          }
          return id;
        });
        progress?.({ message: `indexing ${total} memories`, progress: total, total });
        this.#index.run(ids[0]);
        return ids;
      })
      .immediate();
  }

  /** One memory by id. */
  get(id: number): Memory | undefined {
    this.#open("get");
    const row = this.#db.prepare("SELECT * FROM memories WHERE id = ?").get(id) as Row | undefined;
    return row && toMemory(row);
  }

  /** How many memories are stored. */
  count(): number {
    this.#open("count");
    return (this.#db.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n;
  }

  /**
   * Searches the memories: BM25-ranked full-text search (ties newest first),
   * blended with cosine similarity by reciprocal rank fusion when the store
   * has `embed`. A query FTS5 cannot parse is searched as one phrase.
   */
  async search(search: MemorySearch): Promise<MemoryHit[]> {
    this.#open("search");
    // FTS5 reads a query as C text: a NUL ends it there, and inside quotes
    // leaves the string unterminated in every form the query is tried in.
    const query = typeof search.query === "string" ? search.query.replaceAll("\0", " ").trim() : "";
    if (query === "")
      throw new TypeError(`MemoryStore.search: \`query\` must be non-empty text, got ${show(search.query)}`);
    for (const field of ["session", "tool", "project"] as const) {
      const value: unknown = search[field];
      if (value !== undefined && typeof value !== "string") {
        throw new TypeError(
          `MemoryStore.search: \`${field}\` must be text, got ${value === null ? "null" : typeof value}`,
        );
      }
    }
    if (search.since !== undefined && !Number.isFinite(sinceMs(search.since))) {
      const since: unknown = search.since;
      throw new TypeError(
        `MemoryStore.search: \`since\` must be a time in ms or a Date, got ${since instanceof Date ? "an invalid Date" : typeof since === "number" ? since : typeof since}`,
      );
    }
    const limit = Math.min(
      search.limit === undefined ? 10 : positiveInt("MemoryStore.search", "limit", search.limit),
      MAX_LIMIT,
    );
    const words = this.#fullText(query, search, this.#embed ? limit * 4 : limit);
    if (!this.#embed) return words;
    await this.#embedPending("search");
    const vectors = await this.#embed([query]);
    this.#open("search");
    if (!Array.isArray(vectors)) throw badVectors(1, vectors);
    const [vector] = vectors;
    if (!vector) return words;
    if (!(vector instanceof Float32Array) || vector.length === 0) throw badVectors(1, vectors);
    const nearest = this.#nearest(vector, search, limit * 4);
    const fused = fuseRanks([words.map((h) => h.memory.id), nearest]).slice(0, limit);
    const snippets = new Map(words.map((h) => [h.memory.id, h.snippet]));
    return fused.flatMap(({ id, score }) => {
      const memory = this.get(id);
      if (!memory) return [];
      const snippet = snippets.get(id) ?? cutText(memory.output || memory.input, 200).text;
      return [{ memory, snippet, score: -score }];
    });
  }

  /** Embeds every memory that has no vector yet (search does this first). Returns how many were embedded. */
  async embedPending(): Promise<number> {
    return this.#embedPending("embedPending");
  }

  async #embedPending(what: string): Promise<number> {
    this.#open(what);
    const embed = this.#embed;
    if (!embed) return 0;
    let done = 0;
    const pick = this.#db.prepare(
      `SELECT id, tool, input, output FROM memories m
       WHERE NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.id = m.id) ORDER BY id LIMIT ${EMBED_BATCH}`,
    );
    // Only while the memory still holds the text that was embedded: another
    // writer may have pruned it meanwhile (its id then fails the foreign key),
    // and a new memory may have taken its id.
    const put = this.#db.prepare(
      `INSERT OR REPLACE INTO embeddings (id, vector)
       SELECT id, ? FROM memories WHERE id = ? AND tool IS ? AND input = ? AND output = ?`,
    );
    for (;;) {
      const rows = pick.all() as Array<{ id: number; tool: string | null; input: string; output: string }>;
      if (rows.length === 0) return done;
      const texts = rows.map((r) => {
        const text = `${r.tool ?? "run"}: ${r.input}\n${r.output}`;
        return text.slice(0, wholeEnd(text, EMBED_TEXT_CHARS));
      });
      const vectors = await embed(texts);
      this.#open(what);
      const first = Array.isArray(vectors) ? vectors[0] : undefined;
      if (
        !Array.isArray(vectors) ||
        vectors.length !== rows.length ||
        !(first instanceof Float32Array) ||
        first.length === 0 ||
        !vectors.every((v) => v instanceof Float32Array && v.length === first.length)
      ) {
        throw badVectors(rows.length, vectors);
      }
      done += this.#db
        .transaction(() =>
          rows.reduce((stored, r, i) => {
            const v = vectors[i] as Float32Array;
            const bytes = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
            return stored + put.run(bytes, r.id, r.tool, r.input, r.output).changes;
          }, 0),
        )
        .immediate();
    }
  }

  /** Removes old memories; returns how many were removed. */
  prune({ olderThan, maxRows }: PruneOptions = {}): number {
    this.#open("prune");
    if (maxRows !== undefined && (!Number.isSafeInteger(maxRows) || maxRows < 0)) {
      throw new TypeError(
        `MemoryStore.prune: \`maxRows\` must be an integer >= 0, got ${JSON.stringify(maxRows)}`,
      );
    }
    const before = olderThan instanceof Date ? olderThan.getTime() : olderThan;
    if (before !== undefined && !Number.isFinite(before)) {
      throw new TypeError(
        `MemoryStore.prune: \`olderThan\` must be a time or a Date, got ${JSON.stringify(olderThan)}`,
      );
    }
    return this.#db
      .transaction(() => {
        let removed = 0;
        if (before !== undefined)
          removed += this.#db.prepare("DELETE FROM memories WHERE created_at < ?").run(before).changes;
        if (maxRows !== undefined) {
          removed += this.#db
            .prepare(
              "DELETE FROM memories WHERE id IN (SELECT id FROM memories ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?)",
            )
            .run(maxRows).changes;
        }
        return removed;
      })
      .immediate();
  }

  /** Every memory as one JSON line, oldest first (ids are not exported: they are local to a file). */
  *exportLines(): IterableIterator<string> {
    this.#open("export");
    for (const row of this.#db
      .prepare("SELECT * FROM memories ORDER BY created_at, id")
      .iterate() as IterableIterator<Row>) {
      const m = toMemory(row);
      yield JSON.stringify({
        kind: m.kind,
        session: m.session,
        project: m.project,
        tool: m.tool,
        turn: m.turn,
        input: m.input,
        output: m.output,
        isError: m.isError,
        // Only when set, so that the lines of whole memories are as before.
        truncated: m.truncated || undefined,
        createdAt: m.createdAt,
      });
    }
  }

  /**
   * Merges the full-text index into one segment (FTS5's `optimize`). Writes
   * leave the index in several segments, and a search reads each word's
   * postings from every one of them; after a bulk import or a large prune,
   * one merged segment makes searches faster (about a seventh at a million
   * memories, as measured). It rewrites the whole index in one transaction,
   * holding the write lock meanwhile (seconds per million memories), and the
   * write-ahead log grows by the index's size until the next checkpoint.
   * Which memories a search finds, and their order, do not change.
   */
  optimize(): void {
    this.#open("optimize");
    this.#db
      .transaction(() => {
        this.#db.prepare("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')").run();
      })
      .immediate();
  }

  /** Every memory as JSONL text. For a large store, prefer `exportLines()`. */
  export(): string {
    let out = "";
    for (const line of this.exportLines()) out += `${line}\n`;
    return out;
  }

  /**
   * Adds the memories of JSONL text (as `export()` writes) in one transaction:
   * all or nothing. A bad line is an error naming its line number. Returns how
   * many were added. `onProgress` (a tool passes `ctx.progress`) hears
   * `imported 1000 of 5000 memories` every 1,000 memories, then
   * `indexing 5000 memories`, all before the transaction commits.
   */
  import(jsonl: string, { onProgress }: { onProgress?: ProgressSink } = {}): number {
    this.#open("import");
    if (typeof jsonl !== "string")
      throw new TypeError(`MemoryStore.import: expected JSONL text, got ${typeof jsonl}`);
    const entries: MemoryInput[] = [];
    const cut: boolean[] = [];
    // A byte order mark, as some editors write one, is not part of line 1.
    jsonl
      .replace(/^\uFEFF/, "")
      .split("\n")
      .forEach((line, i) => {
        if (line.trim() === "") return;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch (error) {
          throw new TypeError(`MemoryStore.import: line ${i + 1} is not JSON: ${(error as Error).message}`);
        }
        entries.push(this.#parseLine(value, i + 1));
        cut.push((value as { truncated?: unknown }).truncated === true);
      });
    if (onProgress !== undefined && typeof onProgress !== "function") {
      throw new TypeError(`MemoryStore.import: \`onProgress\` must be a function, got ${typeof onProgress}`);
    }
    return this.#recordMany("import", entries, cut, onProgress).length;
  }

  /** Closes the file. Further calls throw. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#db.close();
  }

  #open(what: string): void {
    if (this.#closed) throw new Error(`MemoryStore.${what}: the store is closed`);
  }

  #row(e: MemoryInput, index: number, wasCut: boolean): unknown[] {
    const where = `MemoryStore.record: entry ${index}`;
    if (e === null || typeof e !== "object")
      throw new TypeError(`${where} must be an object, got ${show(e)}`);
    if (e.kind !== "call" && e.kind !== "run")
      throw new TypeError(`${where}: \`kind\` must be "call" or "run", got ${show(e.kind)}`);
    if (typeof e.session !== "string" || e.session === "")
      throw new TypeError(`${where}: \`session\` must be non-empty text, got ${show(e.session)}`);
    for (const field of ["input", "output"] as const) {
      if (typeof e[field] !== "string")
        throw new TypeError(`${where}: \`${field}\` must be text, got ${typeof e[field]}`);
    }
    // What import refuses, so that every export can be imported again.
    checkOptionalFields(where, e as unknown as Record<string, unknown>, false);
    const input = cutText(redactSecrets(e.input).text, this.#maxTextChars);
    const output = cutText(redactSecrets(e.output).text, this.#maxTextChars);
    // In the order of the columns of #insert.
    return [
      e.kind,
      redactName(e.session),
      redactName(e.project),
      redactName(e.tool),
      e.turn ?? null,
      input.text,
      output.text,
      e.isError ? 1 : 0,
      wasCut || input.cut || output.cut ? 1 : 0,
      e.createdAt ?? Date.now(),
    ];
  }

  #parseLine(value: unknown, line: number): MemoryInput {
    const where = `MemoryStore.import: line ${line}`;
    if (value === null || typeof value !== "object" || Array.isArray(value))
      throw new TypeError(`${where} must be a JSON object`);
    const v = value as Record<string, unknown>;
    const text = (k: string) => {
      if (typeof v[k] !== "string") throw new TypeError(`${where}: \`${k}\` must be text, got ${show(v[k])}`);
      return v[k] as string;
    };
    if (v.kind !== "call" && v.kind !== "run")
      throw new TypeError(`${where}: \`kind\` must be "call" or "run", got ${show(v.kind)}`);
    checkOptionalFields(where, v, true);
    return {
      kind: v.kind,
      session: text("session"),
      project: (v.project ?? undefined) as string | undefined,
      tool: (v.tool ?? undefined) as string | undefined,
      turn: typeof v.turn === "number" ? v.turn : undefined,
      input: text("input"),
      output: text("output"),
      isError: v.isError === true,
      createdAt: v.createdAt as number,
    };
  }

  #filters(search: MemorySearch): { sql: string; params: unknown[] } {
    const clauses: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      clauses.push(sql);
      params.push(value);
    };
    // Redacted as they were when stored, so that a name holding a secret still matches.
    if (search.session !== undefined) add("m.session = ?", redactName(search.session));
    if (search.tool !== undefined) add("m.tool = ?", redactName(search.tool));
    if (search.project !== undefined) add("m.project = ?", redactName(search.project));
    if (search.since !== undefined) add("m.created_at >= ?", sinceMs(search.since));
    return { sql: clauses.map((c) => ` AND ${c}`).join(""), params };
  }

  /** One prepared statement per distinct SQL text (the filters make a handful), kept for the store's life. */
  #statement(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #fullText(query: string, search: MemorySearch, limit: number): MemoryHit[] {
    const { sql, params } = this.#filters(search);
    // Ranking first, over ids and sort keys only; the rows and their snippets
    // then for the hits kept. A snippet in the ranking query would be made
    // for every match, not just the `limit` shown: most of a search's time
    // when a query matches thousands of memories.
    const rank = this.#statement(
      `SELECT m.id AS id, bm25(memories_fts, 2.0, 1.0, 1.0) AS score
       FROM memories_fts JOIN memories m ON m.id = memories_fts.rowid
       WHERE memories_fts MATCH ?${sql}
       ORDER BY score, m.created_at DESC, m.id DESC
       LIMIT ?`,
    );
    // The CAST matters: better-sqlite3 binds a JS number as a REAL, and FTS5
    // ignores a rowid constraint that is not an INTEGER (it then scans every
    // match, and the snippet comes from another row).
    const show = this.#statement(
      `SELECT m.*, snippet(memories_fts, -1, '[', ']', '...', 16) AS snippet
       FROM memories_fts JOIN memories m ON m.id = memories_fts.rowid
       WHERE memories_fts MATCH ? AND memories_fts.rowid = CAST(? AS INTEGER)`,
    );
    const run = (match: string) =>
      (rank.all(match, ...params, limit) as Array<{ id: number; score: number }>).flatMap(({ id, score }) => {
        const row = show.get(match, id) as (Row & { snippet: string }) | undefined;
        return row ? [{ memory: toMemory(row), snippet: row.snippet, score }] : [];
      });
    try {
      return this.#db.transaction(run).deferred(query);
    } catch (error) {
      if (!isFtsSyntaxError(error)) throw error;
    }
    try {
      return this.#db.transaction(run).deferred(asWords(query));
    } catch (error) {
      if (!isFtsSyntaxError(error)) throw error;
      return this.#db.transaction(run).deferred(asPhrase(query));
    }
  }

  #nearest(vector: Float32Array, search: MemorySearch, limit: number): number[] {
    const { sql, params } = this.#filters(search);
    const rows = this.#db
      .prepare(
        `SELECT e.id AS id, e.vector AS vector FROM embeddings e JOIN memories m ON m.id = e.id
         WHERE 1 = 1${sql} ORDER BY m.created_at DESC LIMIT ?`,
      )
      .all(...params, this.#maxVectorScan) as Array<{ id: number; vector: Buffer }>;
    // A vector of another length was made by another model: it cannot be compared.
    return rows
      .filter((r) => r.vector.byteLength === vector.byteLength)
      .map((r) => ({
        id: r.id,
        // A copy: the blob's bytes need not be 4-byte aligned.
        sim: cosine(vector, new Float32Array(new Uint8Array(r.vector).buffer)),
      }))
      .sort((a, b) => b.sim - a.sim)
      .slice(0, limit)
      .map((r) => r.id);
  }
}
