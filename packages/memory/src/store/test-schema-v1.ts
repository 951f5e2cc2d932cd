// The schema of version 1 as it was shipped, frozen here so that the
// migration test opens a file laid out exactly as a version 1 store left it,
// whatever later edits do to the migrations themselves.
export const SCHEMA_V1_DDL = `
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
  PRAGMA application_id = ${0x544b4d31};
  PRAGMA user_version = 1;
`;

/** Writes one row as a version 1 store did: a plain insert, indexed by the trigger. */
export const V1_INSERT = `INSERT INTO memories (kind, session, project, tool, turn, input, output, is_error, truncated, created_at)
  VALUES (@kind, @session, @project, @tool, @turn, @input, @output, @isError, @truncated, @createdAt)`;
