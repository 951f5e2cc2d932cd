import { SCHEMA_V1_DDL } from "./test-schema-v1.js";

// The schema of version 2 as it was shipped, frozen here (version 1's tables,
// then its migration to 2) so that the migration test opens a file laid out
// exactly as a version 2 store left it, whatever later edits do to the
// migrations themselves.
export const SCHEMA_V2_DDL = `
  ${SCHEMA_V1_DDL}
  DROP TRIGGER memories_ai;
  INSERT INTO memories_fts (memories_fts, rank) VALUES ('automerge', 8);
  PRAGMA user_version = 2;
`;

/** Writes one row as a version 2 store did; `V2_INDEX` then indexes the batch. */
export const V2_INSERT = `INSERT INTO memories (kind, session, project, tool, turn, input, output, is_error, truncated, created_at)
  VALUES ('call', @session, NULL, @tool, 1, @input, @output, 0, 0, @createdAt)`;

/** Indexes every row from a batch's first id on, in one statement, as a version 2 store did. */
export const V2_INDEX = `INSERT INTO memories_fts (rowid, tool, input, output)
  SELECT id, coalesce(tool, ''), input, output FROM memories WHERE id >= ?`;
