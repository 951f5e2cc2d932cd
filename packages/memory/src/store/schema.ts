import type Database from "better-sqlite3";

/** `PRAGMA application_id` of a Toolkit memory file ("TKM1"): tells ours from a foreign SQLite file. */
export const APPLICATION_ID = 0x544b4d31;
/** The schema version this code writes (`PRAGMA user_version`). */
export const SCHEMA_VERSION = 3;

/** Each migration takes the file from version `index` to `index + 1`, in one transaction. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE memories (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('call', 'run')),
    session TEXT NOT NULL,
    project TEXT,
    tool TEXT,
    turn INTEGER,
    input TEXT NOT NULL DEFAULT '',
    output TEXT NOT NULL DEFAULT '',
    is_error INTEGER NOT NULL DEFAULT 0,
    truncated INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX memories_created ON memories (created_at);
  CREATE INDEX memories_session ON memories (session, created_at);
  CREATE INDEX memories_tool ON memories (tool, created_at);
  CREATE VIRTUAL TABLE memories_fts USING fts5(
    tool, input, output,
    content = 'memories', content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts (rowid, tool, input, output) VALUES (new.id, coalesce(new.tool, ''), new.input, new.output);
  END;
  CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
    INSERT INTO memories_fts (memories_fts, rowid, tool, input, output)
      VALUES ('delete', old.id, coalesce(old.tool, ''), old.input, old.output);
  END;
  CREATE TABLE embeddings (
    id INTEGER PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE,
    vector BLOB NOT NULL
  );
  `,
  // 1 -> 2: the store fills the full-text index itself, one statement per
  // batch. The insert trigger did it row by row, and FTS5 flushes its pending
  // terms to a new segment at every statement savepoint a trigger opens: one
  // segment per row, merged again and again, made inserts 2 to 3 times slower.
  // Rows already indexed stay as they are; deletes still go through the trigger.
  // FTS5 merges 8 segments of a level instead of 4: a posting is rewritten
  // fewer times as the index grows (about a sixth less work per insert at a
  // million rows), for a few more segments to look up per search.
  `
  DROP TRIGGER memories_ai;
  INSERT INTO memories_fts (memories_fts, rank) VALUES ('automerge', 8);
  `,
  // 2 -> 3: full-text pages of about 1,000 bytes instead of 4,050. A search
  // for a phrase with a common word ("parser 123") finds the rows of the rare
  // word, then seeks the common word's postings to each of them: the seek
  // lands on the page holding that row and reads that page from its start,
  // so smaller pages read fewer postings per seek (searches about a fifth
  // faster at a million memories, inserts unchanged, as measured). Only
  // segments written from now on use them; `optimize()` rewrites the rest.
  // No row is rewritten or re-indexed here.
  `
  INSERT INTO memories_fts (memories_fts, rank) VALUES ('pgsz', 1000);
  `,
];

/** A file that is not a Toolkit memory store, or one this version cannot read; nothing was written to it. */
export class MemoryStoreError extends Error {
  override readonly name = "MemoryStoreError";
}

/**
 * Brings an open database to SCHEMA_VERSION. A new, empty file is set up; a
 * file with our application id is migrated forward; anything else (another
 * program's database, a newer schema) is refused without writing.
 */
export function migrate(db: Database.Database, path: string): void {
  // One read transaction: another process may set up a new file between
  // separate reads, and an id of 0 beside its tables looks like a foreign file.
  const { appId, version, tables } = db
    .transaction(() => ({
      appId: db.pragma("application_id", { simple: true }) as number,
      version: db.pragma("user_version", { simple: true }) as number,
      tables: (db.prepare("SELECT count(*) AS n FROM sqlite_schema").get() as { n: number }).n,
    }))
    .deferred();
  if (appId !== APPLICATION_ID && (appId !== 0 || tables > 0 || version !== 0)) {
    throw new MemoryStoreError(
      `MemoryStore.open: ${path} is a SQLite database of another program (application_id ${appId}, ${tables} schema objects); refusing to change it. Give a new path or a Toolkit memory file.`,
    );
  }
  if (version > SCHEMA_VERSION) {
    throw new MemoryStoreError(
      `MemoryStore.open: ${path} has schema version ${version}, newer than this @toolkit/memory understands (${SCHEMA_VERSION}); upgrade the package.`,
    );
  }
  for (let v = version; v < SCHEMA_VERSION; v++) {
    db.transaction(() => {
      // Another process may have migrated between our read and this write lock.
      const now = db.pragma("user_version", { simple: true }) as number;
      if (now > v) return;
      db.exec(MIGRATIONS[v] as string);
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
}
