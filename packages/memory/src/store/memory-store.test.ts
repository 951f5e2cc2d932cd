import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryStore } from "./memory-store.js";
import { MemoryStoreError, migrate } from "./schema.js";
import { SCHEMA_V1_DDL, V1_INSERT } from "./test-schema-v1.js";
import { SCHEMA_V2_DDL, V2_INDEX, V2_INSERT } from "./test-schema-v2.js";
import type { MemoryInput } from "./types.js";

let dir: string;
let stores: MemoryStore[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "memory-store-"));
  stores = [];
});
afterEach(() => {
  for (const s of stores) s.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(name = "m.db", options: Parameters<typeof MemoryStore.open>[1] = {}): MemoryStore {
  const store = MemoryStore.open(join(dir, name), options);
  stores.push(store);
  return store;
}

/** The bytes of m.db and its write-ahead log (when there is one), as latin1 text to search. */
function storedBytes(): string {
  return ["m.db", "m.db-wal"]
    .map((f) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f)).toString("latin1") : ""))
    .join("\n");
}

/** The full-text index's segments, and its largest page in bytes. */
function indexShape(path: string): { segments: number; largestPage: number } {
  const db = new Database(path, { readonly: true });
  try {
    // Rows 1 and 10 of %_data are FTS5's totals and structure; every other
    // row is a page, its segment id in the bits from 37 up.
    return db
      .prepare(
        "SELECT count(DISTINCT id >> 37) AS segments, max(length(block)) AS largestPage FROM memories_fts_data WHERE id > 10",
      )
      .get() as { segments: number; largestPage: number };
  } finally {
    db.close();
  }
}

/**
 * Checks the full-text index against the memories table (FTS5's integrity
 * check with rank 1 compares an external-content index with its content):
 * throws when a row is missing from the index, indexed twice, or stale.
 */
function checkIndex(path: string): void {
  const db = new Database(path, { readonly: false });
  try {
    db.exec("INSERT INTO memories_fts (memories_fts, rank) VALUES ('integrity-check', 1)");
  } finally {
    db.close();
  }
}

const call = (fields: Partial<MemoryInput> = {}): MemoryInput => ({
  kind: "call",
  session: "s1",
  tool: "Grep",
  turn: 1,
  input: '{"pattern":"x"}',
  output: "",
  ...fields,
});

describe("MemoryStore", () => {
  describe("when it opens a file", () => {
    it("creates it in WAL mode with our schema, and opens it again", () => {
      open().record(call({ output: "kept across opens" }));
      stores.pop()?.close();
      const again = open();
      expect(again.count()).toBe(1);
      const db = new Database(join(dir, "m.db"), { readonly: true });
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("user_version", { simple: true })).toBe(3);
      db.close();
    });

    it("makes a new file, its log and its shared memory readable by their owner only", () => {
      open().record(call({ output: "what a tool printed" }));
      for (const name of ["m.db", "m.db-wal", "m.db-shm"]) {
        expect({ name, mode: (statSync(join(dir, name)).mode & 0o777).toString(8) }).toEqual({
          name,
          mode: "600",
        });
      }
    });

    it("leaves the mode of a file that already exists as it is", () => {
      const path = join(dir, "shared.db");
      writeFileSync(path, "");
      chmodSync(path, 0o640);
      open("shared.db").record(call());
      expect((statSync(path).mode & 0o777).toString(8)).toBe("640");
    });

    it("names the path when its folder does not exist, and creates nothing", () => {
      const path = join(dir, "missing", "m.db");
      expect(() => MemoryStore.open(path)).toThrow(MemoryStoreError);
      expect(() => MemoryStore.open(path)).toThrow(`cannot create ${path}`);
      expect(existsSync(join(dir, "missing"))).toBe(false);
    });

    it("refuses a file that is not SQLite, and leaves its bytes alone", () => {
      const path = join(dir, "notes.db");
      const bytes = Buffer.from("these are my notes, not a database\n".repeat(200));
      writeFileSync(path, bytes);
      expect(() => MemoryStore.open(path)).toThrow(MemoryStoreError);
      expect(() => MemoryStore.open(path)).toThrow(/is not a SQLite database, or it is corrupt/);
      expect(readFileSync(path).equals(bytes)).toBe(true);
    });

    it("refuses another program's SQLite database, and leaves its bytes alone", () => {
      const path = join(dir, "app.db");
      const db = new Database(path);
      db.exec(
        "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users (name) VALUES ('ada')",
      );
      db.close();
      const before = readFileSync(path);
      expect(() => MemoryStore.open(path)).toThrow(/SQLite database of another program/);
      expect(readFileSync(path).equals(before)).toBe(true);
    });

    it("refuses a store written by a newer version", () => {
      const path = join(dir, "m.db");
      open().close();
      stores.pop();
      const db = new Database(path);
      db.pragma("user_version = 7");
      db.close();
      expect(() => MemoryStore.open(path)).toThrow(
        /schema version 7, newer than this @toolkit\/memory understands \(3\)/,
      );
    });

    it("takes a new file that another process set up between its first reads as ours", () => {
      const path = join(dir, "raced.db");
      const db = new Database(path);
      let raced = false;
      // Another process opens the same new file right after this one read its application id.
      const racing = new Proxy(db, {
        get(target, key) {
          if (key === "pragma") {
            return (source: string, options?: Database.PragmaOptions) => {
              const value = target.pragma(source, options);
              if (source === "application_id" && !raced) {
                raced = true;
                try {
                  MemoryStore.open(path, { busyTimeoutMs: 0 }).close();
                } catch {
                  // Kept out by this one's read: it sets the file up itself.
                }
              }
              return value;
            };
          }
          const value = Reflect.get(target, key);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      try {
        expect(() => migrate(racing, path)).not.toThrow();
        expect(raced).toBe(true);
      } finally {
        db.close();
      }
      expect(open("raced.db").count()).toBe(0);
    });

    it("refuses a busyTimeoutMs that SQLite would read as no wait at all", () => {
      expect(open("m.db", { busyTimeoutMs: 0 }).count()).toBe(0);
      for (const busyTimeoutMs of [Number.POSITIVE_INFINITY, Number.NaN, -1, 1.5, "5000" as never]) {
        expect(() => open("other.db", { busyTimeoutMs })).toThrow(
          "MemoryStore.open: `busyTimeoutMs` must be a whole number of ms, 0 or more, got",
        );
      }
    });

    it("migrates a version 1 file: old memories are still found, new ones are indexed beside them", async () => {
      const path = join(dir, "v1.db");
      const old = new Database(path);
      old.pragma("journal_mode = WAL");
      old.exec(SCHEMA_V1_DDL);
      const insert = old.prepare(V1_INSERT);
      const v1Row = {
        project: null,
        turn: 1,
        isError: 0,
        truncated: 0,
        kind: "call",
        session: "old",
        tool: "Grep",
      };
      insert.run({
        ...v1Row,
        input: '{"pattern":"flaky"}',
        output: "jobs.test.ts:88: the flaky exit race",
        createdAt: 1_000,
      });
      insert.run({ ...v1Row, input: "{}", output: "an old note on the tokenizer", createdAt: 2_000 });
      old.close();

      const store = open("v1.db");
      const check = new Database(path, { readonly: true });
      expect(check.pragma("user_version", { simple: true })).toBe(3);
      expect(
        check.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name").pluck().all(),
      ).toEqual(["memories_ad"]);
      expect(check.prepare("SELECT v FROM memories_fts_config WHERE k = 'automerge'").pluck().get()).toBe(8);
      check.close();

      expect((await store.search({ query: "flaky race" })).map((h) => h.memory.createdAt)).toEqual([1_000]);
      store.recordMany([
        call({ session: "new", output: "the tokenizer drops trailing backslashes", createdAt: 3_000 }),
        call({ session: "new", output: "the flaky race is fixed", createdAt: 4_000 }),
      ]);
      expect((await store.search({ query: "tokenizer" })).map((h) => h.memory.createdAt).sort()).toEqual([
        2_000, 3_000,
      ]);
      expect((await store.search({ query: "flaky", session: "old" })).length).toBe(1);
      expect(store.prune({ olderThan: 1_500 })).toBe(1);
      expect((await store.search({ query: "flaky" })).map((h) => h.memory.createdAt)).toEqual([4_000]);
      checkIndex(path);
    });

    it("migrates a version 2 file: every row is kept and found, new segments get small pages", async () => {
      const path = join(dir, "v2.db");
      const old = new Database(path);
      old.pragma("journal_mode = WAL");
      old.exec(SCHEMA_V2_DDL);
      const insert = old.prepare(V2_INSERT);
      const index = old.prepare(V2_INDEX);
      // Three batches, as a version 2 store wrote them: three segments of 4,050-byte pages.
      for (let b = 0; b < 3; b++) {
        old.transaction(() => {
          let first = 0;
          for (let i = 0; i < 200; i++) {
            const n = b * 200 + i;
            const id = Number(
              insert.run({
                session: `old${b}`,
                tool: "Grep",
                input: `{"n":${n}}`,
                output: `row${n} ${"parser tokenizer queue cache ".repeat(8)}`,
                createdAt: 1_000 + n,
              }).lastInsertRowid,
            );
            if (i === 0) first = id;
          }
          index.run(first);
        })();
      }
      const before = old.prepare("SELECT * FROM memories ORDER BY id").all();
      old.close();
      expect(indexShape(path).largestPage).toBeGreaterThan(3_000);

      const store = open("v2.db");
      const check = new Database(path, { readonly: true });
      expect(check.pragma("user_version", { simple: true })).toBe(3);
      expect(check.prepare("SELECT v FROM memories_fts_config WHERE k = 'pgsz'").pluck().get()).toBe(1_000);
      expect(check.prepare("SELECT * FROM memories ORDER BY id").all()).toEqual(before);
      check.close();
      expect(store.count()).toBe(600);
      for (const n of [0, 199, 200, 417, 599]) {
        expect((await store.search({ query: `row${n}` })).map((h) => h.memory.input)).toEqual([`{"n":${n}}`]);
      }

      store.recordMany([call({ session: "new", output: "row600 the tokenizer again", createdAt: 9_000 })]);
      expect((await store.search({ query: "row600" })).map((h) => h.memory.session)).toEqual(["new"]);
      checkIndex(path);
      store.optimize();
      expect(indexShape(path)).toEqual({ segments: 1, largestPage: expect.any(Number) });
      expect(indexShape(path).largestPage).toBeLessThanOrEqual(1_100);
      expect((await store.search({ query: "row417" })).map((h) => h.memory.input)).toEqual(['{"n":417}']);
      checkIndex(path);
    });

    it.each([
      ["", /`path` must be a file path/],
      [":memory:", null],
    ])("checks the path %j", (path, error) => {
      if (error) expect(() => MemoryStore.open(path)).toThrow(error);
      else {
        const s = MemoryStore.open(path);
        s.record(call());
        expect(s.count()).toBe(1);
        s.close();
      }
    });
  });

  describe("when it records", () => {
    it("redacts secrets before anything reaches the file", () => {
      const key = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD";
      const store = open();
      store.record(
        call({ input: JSON.stringify({ header: `Bearer ${key}` }), output: `OPENAI_API_KEY=${key}` }),
      );
      store.close();
      stores.pop();
      const raw = storedBytes();
      expect(raw).not.toContain(key);
      expect(raw).not.toContain("abcdefghijklmnopqrstuvwxyz0123456789");
      const [m] = open().exportLines();
      expect(m).toContain("[REDACTED:openai-key]");
    });

    const ghp = "ghp_Qx7LmN2pR8sT4vW6yZ1aB3cD5eF7gH9jK0lM";
    const awsSecret = "Jx8dK2mN4pQ6rS8tU0vW2xY4zA6bC8dE0fG2hI4j";
    it.each([
      [
        "aws sts output",
        `{"Credentials": {"AccessKeyId": "ASIAQX7LMN2PR8ST4VW6", "SecretAccessKey": "${awsSecret}"}}`,
        awsSecret,
      ],
      [
        "an AWS session token",
        `{"SessionToken": "FwoGZXIvYXdzE${"Kd8sLq2mZ7xN4pR9".repeat(20)}"}`,
        "Kd8sLq2mZ7xN4pR9Kd8sLq2mZ7xN4pR9",
      ],
      [
        "a PGP private key",
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGZ7x2kBCAC8s9f3Lq0mZ\n-----END PGP PRIVATE KEY BLOCK-----",
        "lQOYBGZ7x2kBCAC8s9f3Lq0mZ",
      ],
      [
        "a Google key glued to a dash",
        "flag-AIzaSyQx7LmN2pR8sT4vW6yZ1aB3cD5eF7gH9jK",
        "AIzaSyQx7LmN2pR8sT4vW6yZ1aB3cD5eF7gH9jK",
      ],
      [
        "a base64-encoded token",
        `creds: ${Buffer.from(`token=${ghp}`).toString("base64")}`,
        Buffer.from(`token=${ghp}`).toString("base64"),
      ],
      [
        "a URL-encoded token",
        `?t=${[...Buffer.from(ghp)].map((b) => `%${b.toString(16)}`).join("")}`,
        "%67%68%70%5f",
      ],
      [
        "a JSON-escaped token",
        `{"t":"${[...ghp].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}"}`,
        "\\u0067\\u0068\\u0070",
      ],
      ["a database URL", "DATABASE_URL=postgres://app:Vq8#mZ2xK9pL@db.example.com:5432/app", "Vq8#mZ2xK9pL"],
      ["a .env line", "SESSION_SECRET=q8Zm2Xk9pLw4Rt7Y", "q8Zm2Xk9pLw4Rt7Y"],
      [
        "a Hugging Face token",
        "hf_QxLmNpRsTvWyZaBcDeFgHjKlMnPqRsTvWx",
        "hf_QxLmNpRsTvWyZaBcDeFgHjKlMnPqRsTvWx",
      ],
      [
        "an npm token",
        "npm_Qx7LmN2pR8sT4vW6yZ1aB3cD5eF7gH9jK0lM",
        "npm_Qx7LmN2pR8sT4vW6yZ1aB3cD5eF7gH9jK0lM",
      ],
      ["a GitLab token", "glpat-Qx7LmN2pR8sT4vW6yZ1a", "glpat-Qx7LmN2pR8sT4vW6yZ1a"],
      [
        "a SendGrid key",
        "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",
        "cD5eF7gH9jK0lMQx7LmN2pR8sT4vW6yZ1aB3cD5eF7g",
      ],
      [
        "an Azure storage key",
        `AccountName=acme;AccountKey=${"Qx7LmN2pR8sT4vW6yZ1a".repeat(4)}Qx7LmN==;`,
        "Qx7LmN2pR8sT4vW6yZ1aQx7LmN2pR8sT4vW6yZ1a",
      ],
      [
        "a Telegram bot token",
        "token=123456789:AAQx7LmN2pR8sT4vW6yZ1aB3cD5eF7gH9jK",
        "AAQx7LmN2pR8sT4vW6yZ1aB3cD5eF7gH9jK",
      ],
      [
        "an age key",
        "AGE-SECRET-KEY-1QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQPZRY9X8GF2TVDW0S3JN54KHCE6MU",
        "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQPZRY9X8GF2TVDW0S3JN54KHCE6MU",
      ],
      ["a password assignment", "login password=Hunter42!Blue", "Hunter42!Blue"],
      ["a secret in YAML", "app:\n  secret: Zq8mX2kP9wL4rT7y", "Zq8mX2kP9wL4rT7y"],
    ])("keeps %s out of the file", (_, output, secret) => {
      const store = open();
      store.record(call({ output }));
      store.close();
      stores.pop();
      expect(storedBytes()).not.toContain(secret);
      const [line] = open().exportLines();
      expect(line).toContain("[REDACTED:");
    });

    it("redacts secrets in the session, project and tool too, and still filters by them", async () => {
      const session = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD";
      const project = "AKIAABCDEFGHIJKLMNOP";
      const tool = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
      const store = open();
      store.record(call({ session, project, tool, output: "needle" }));
      const [hit, ...rest] = await store.search({ query: "needle", session, project, tool });
      expect(rest).toEqual([]);
      expect(hit?.memory).toMatchObject({
        session: "[REDACTED:openai-key]",
        project: "[REDACTED:aws-access-key-id]",
        tool: "[REDACTED:github-token]",
      });
      store.close();
      stores.pop();
      const raw = storedBytes();
      for (const secret of [session, project, tool]) expect(raw).not.toContain(secret);
    });

    it("indexes every stored row exactly once, whatever mix of writes and prunes came before", async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.oneof(
              fc.record({ write: fc.integer({ min: 0, max: 40 }) }),
              fc.record({ keep: fc.integer({ min: 0, max: 30 }) }),
            ),
            { minLength: 1, maxLength: 8 },
          ),
          async (steps) => {
            const name = `run-${++run}.db`;
            const store = open(name);
            let clock = 0;
            let live: number[] = [];
            for (const step of steps) {
              if ("write" in step) {
                const batch = Array.from({ length: step.write }, () => {
                  clock++;
                  return call({ output: `entry marker${clock} of the batch`, createdAt: clock });
                });
                const ids = store.recordMany(batch);
                expect(new Set(ids).size).toBe(batch.length);
                live.push(...batch.map((e) => e.createdAt as number));
              } else {
                store.prune({ maxRows: step.keep });
                live = live.slice(Math.max(0, live.length - step.keep));
              }
            }
            checkIndex(join(dir, name));
            expect(store.count()).toBe(live.length);
            const newest = live.at(-1);
            if (newest !== undefined) {
              const hits = await store.search({ query: `marker${newest}` });
              expect(hits.map((h) => h.memory.createdAt)).toEqual([newest]);
            }
            stores.splice(stores.indexOf(store), 1);
            store.close();
          },
        ),
        { numRuns: 40 },
      );
    });

    it("stores nothing for an empty batch", () => {
      const store = open();
      expect(store.recordMany([])).toEqual([]);
      expect(store.count()).toBe(0);
    });

    it("cuts long text with a note and marks it", () => {
      const store = open("m.db", { maxTextChars: 100 });
      const id = store.record(call({ output: "y".repeat(1_000) }));
      const m = store.get(id);
      expect(m?.truncated).toBe(true);
      expect(m?.output).toBe(`${"y".repeat(100)}\n[... cut: 900 more characters not stored]`);
    });

    it("names the bad field of an entry", () => {
      const store = open();
      expect(() => store.record({ ...call(), kind: "chat" as never })).toThrow(
        '`kind` must be "call" or "run", got "chat"',
      );
      expect(() => store.record({ ...call(), session: "" })).toThrow("`session` must be non-empty text");
      expect(() => store.record({ ...call(), output: 3 as never })).toThrow(
        "`output` must be text, got number",
      );
      expect(store.count()).toBe(0);
    });
    it("refuses what import would refuse, so that every export imports again", () => {
      const store = open();
      expect(() => store.record({ ...call(), createdAt: "2026-11-30" as never })).toThrow(
        'MemoryStore.record: entry 0: `createdAt` must be a time in ms, got "2026-11-30"',
      );
      expect(() => store.record({ ...call(), createdAt: Number.NaN })).toThrow(
        "`createdAt` must be a time in ms, got NaN",
      );
      expect(() => store.record({ ...call(), turn: "2" as never })).toThrow(
        '`turn` must be an integer, got "2"',
      );
      expect(() => store.record({ ...call(), tool: { name: "Grep" } as never })).toThrow(
        "`tool` must be text, got an object",
      );
      expect(() => store.record({ ...call(), project: 7 as never })).toThrow("`project` must be text, got 7");
      store.record({ ...call(), tool: undefined, project: null as never, turn: null as never, createdAt: 5 });
      expect(open("again.db").import(store.export())).toBe(1);
    });

    it("puts neither a secret nor a whole text into an error", () => {
      const key = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD";
      const store = open();
      const line = (fields: Record<string, unknown>) =>
        JSON.stringify({ kind: "call", session: "s", input: "", output: "x", createdAt: 1, ...fields });
      const messages = [
        () => store.record(key as never),
        () => store.record({ ...call(), kind: `${key} ${"x".repeat(10_000)}` as never }),
        () => store.record({ ...call(), session: { token: key } as never }),
        () => store.import(line({ input: { headers: { authorization: `Bearer ${key}` } } })),
        () => store.import(line({ output: ["x".repeat(10_000)] })),
        () => store.import(line({ kind: key })),
        () => store.import(line({ createdAt: key })),
        () => store.import(line({ turn: key })),
      ].map((f) => {
        try {
          f();
        } catch (error) {
          return (error as Error).message;
        }
        return "did not throw";
      });
      for (const message of messages) {
        expect(message).toMatch(/^MemoryStore\.(record|import)/);
        expect(message).not.toContain("abcdefghijklmnop");
        expect(message.length).toBeLessThan(200);
      }
      expect(messages[3]).toBe("MemoryStore.import: line 1: `input` must be text, got an object");
      expect(() => store.record({ ...call(), turn: 1n as never, kind: 2n as never })).toThrow(
        '`kind` must be "call" or "run", got a bigint',
      );
      expect(store.count()).toBe(0);
    });
  });

  describe("when it searches", () => {
    it("finds a past call by words from its output, with a snippet", async () => {
      const store = open();
      store.record(call({ output: "src/parser.ts:41: the tokenizer drops trailing backslashes" }));
      store.record(call({ tool: "Read", output: "unrelated content about the build" }));
      const [hit, ...rest] = await store.search({ query: "tokenizer backslashes" });
      expect(rest).toEqual([]);
      expect(hit?.memory.output).toContain("tokenizer drops");
      expect(hit?.snippet).toContain("[tokenizer]");
      expect(hit?.snippet).toContain("[backslashes]");
    });

    it("gives each hit the snippet of its own text", async () => {
      const store = open();
      const colours = ["red", "green", "blue", "amber", "violet"];
      store.recordMany(colours.map((c, i) => call({ output: `the ${c} needle`, createdAt: i })));
      const hits = await store.search({ query: "needle" });
      expect(hits.map((h) => h.snippet)).toEqual(colours.map((c) => `the ${c} [needle]`).reverse());
    });

    it("ranks by BM25 and breaks ties newest first", async () => {
      const store = open();
      store.record(call({ output: "alpha", createdAt: 1_000 }));
      store.record(call({ output: "alpha", createdAt: 3_000 }));
      store.record(call({ output: "alpha", createdAt: 2_000 }));
      store.record(call({ output: "alpha alpha alpha beta", createdAt: 500 }));
      const hits = await store.search({ query: "alpha" });
      expect(hits.map((h) => h.memory.createdAt)).toEqual([500, 3_000, 2_000, 1_000]);
    });

    it("finds the same memories in the same order after optimize() merged the index into one segment", async () => {
      const store = open();
      const words = ["parser", "tokenizer", "queue", "cache", "race", "flaky"];
      for (let b = 0; b < 6; b++) {
        store.recordMany(
          Array.from({ length: 100 }, (_, i) =>
            call({
              session: `s${b}`,
              output: `${words[(b + i) % 6]} ${words[i % 5]}-${i % 7} ${words[(i * 7) % 6]} line ${b * 100 + i}`,
              createdAt: 1_000 + ((b * 100 + i) % 37),
            }),
          ),
        );
      }
      const path = join(dir, "m.db");
      expect(indexShape(path).segments).toBeGreaterThan(1);
      const queries = ["parser", "queue-3 OR cache-4", '"flaky race"', "que*", "line NOT parser"];
      const hits = async () =>
        Promise.all(
          queries.map(async (query) =>
            (await store.search({ query, limit: 50 })).map((h) => [h.memory.id, h.snippet]),
          ),
        );
      const before = await hits();
      expect(before.every((h) => h.length > 0)).toBe(true);
      store.optimize();
      expect(indexShape(path).segments).toBe(1);
      expect(await hits()).toEqual(before);
      checkIndex(path);
    });

    it("filters by session, tool, project and time", async () => {
      const store = open();
      store.record(call({ session: "a", tool: "Grep", output: "needle", createdAt: 10 }));
      store.record(call({ session: "b", tool: "Grep", output: "needle", createdAt: 20 }));
      store.record(call({ session: "b", tool: "Read", output: "needle", createdAt: 30, project: "p" }));
      const times = async (s: Record<string, unknown>) =>
        (await store.search({ query: "needle", ...s })).map((h) => h.memory.createdAt).sort();
      expect(await times({ session: "b" })).toEqual([20, 30]);
      expect(await times({ tool: "Grep" })).toEqual([10, 20]);
      expect(await times({ since: 15 })).toEqual([20, 30]);
      expect(await times({ project: "p" })).toEqual([30]);
    });

    it("takes since as a Date too, and refuses filters of the wrong type instead of matching nothing", async () => {
      const store = open();
      store.record(call({ output: "needle", createdAt: 10 }));
      store.record(call({ output: "needle", createdAt: 20 }));
      const times = async (s: Record<string, unknown>) =>
        (await store.search({ query: "needle", ...s })).map((h) => h.memory.createdAt).sort();
      expect(await times({ since: new Date(15) })).toEqual([20]);
      await expect(times({ since: "2026-11-30" })).rejects.toThrow(
        "MemoryStore.search: `since` must be a time in ms or a Date, got string",
      );
      await expect(times({ since: Number.NaN })).rejects.toThrow("`since` must be a time in ms or a Date");
      await expect(times({ since: new Date("nope") })).rejects.toThrow(
        "`since` must be a time in ms or a Date",
      );
      await expect(times({ session: { a: 1 } })).rejects.toThrow(
        "MemoryStore.search: `session` must be text, got object",
      );
      await expect(times({ tool: 7 })).rejects.toThrow("`tool` must be text, got number");
      await expect(times({ project: null })).rejects.toThrow("`project` must be text, got null");
    });

    it.each(['"unbalanced', "foo(", "AND", "col:value", "NEAR(", "*", "a OR", ")(", "tool:Grep:"])(
      "searches the FTS syntax error %j as a phrase instead of failing",
      async (query) => {
        const store = open();
        store.record(call({ output: `the text holds ${query} literally` }));
        await expect(store.search({ query })).resolves.toBeInstanceOf(Array);
      },
    );

    it.each([
      ["parentheses nested past FTS5's parser stack", `${"(".repeat(120)}needle${")".repeat(120)}`],
      ["a NOT chain deeper than FTS5's expression tree", Array(300).fill("needle").join(" NOT ")],
      ["a quoted NUL", '"needle\0"'],
    ])("never throws on %s", async (_, query) => {
      const store = open();
      store.record(call({ output: "the needle is here" }));
      await expect(store.search({ query })).resolves.toBeInstanceOf(Array);
    });

    it("does not drop the words after a NUL in the query", async () => {
      const store = open();
      store.record(call({ output: "needle only", createdAt: 1 }));
      store.record(call({ output: "needle and thread", createdAt: 2 }));
      const hits = await store.search({ query: "needle\0thread" });
      expect(hits.map((h) => h.memory.createdAt)).toEqual([2]);
    });

    it("keeps OR and prefixes when a word holds a character FTS5 refuses", async () => {
      const store = open();
      store.record(call({ output: "flaky parser-123 in src", createdAt: 1 }));
      store.record(call({ output: "slow worker-7 in lib", createdAt: 2 }));
      store.record(call({ output: "nothing to see", createdAt: 3 }));
      const found = async (query: string) =>
        (await store.search({ query })).map((h) => h.memory.createdAt).sort();
      expect(await found("parser-123 OR worker-7")).toEqual([1, 2]);
      expect(await found("worker-7 NOT parser-123")).toEqual([2]);
      expect(await found("pars* OR lib:x")).toEqual([1]);
      expect(await found("parser-123")).toEqual([1]);
    });

    it("never throws on any query text", async () => {
      const store = open();
      store.record(call({ output: 'some words (with) "quotes" and: colons' }));
      await fc.assert(
        fc.asyncProperty(
          fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ""),
          async (q) => {
            await store.search({ query: q });
          },
        ),
        { numRuns: 200 },
      );
    });

    it.runIf(process.platform === "linux")(
      "reads the file through a memory map, unless mmapBytes is 0",
      async () => {
        // /proc/self/maps lists the files this process has mapped, one per line, the path last
        // (the WAL's -shm file is always mapped: only the database file itself counts here).
        const mapped = (file: string) =>
          readFileSync("/proc/self/maps", "utf8")
            .split("\n")
            .some((line) => line.endsWith(` ${file}`));
        const on = open("mapped.db");
        on.recordMany([call({ output: "mapped words" })]);
        expect((await on.search({ query: "mapped" })).length).toBe(1);
        expect(mapped(join(dir, "mapped.db"))).toBe(true);
        const off = open("unmapped.db", { mmapBytes: 0 });
        off.recordMany([call({ output: "unmapped words" })]);
        expect((await off.search({ query: "unmapped" })).length).toBe(1);
        expect(mapped(join(dir, "unmapped.db"))).toBe(false);
        expect(() => open("bad.db", { mmapBytes: -1 })).toThrow(
          "`mmapBytes` must be a whole number of bytes, 0 or more, got -1",
        );
      },
    );

    it("refuses an empty query and a bad limit", async () => {
      const store = open();
      await expect(store.search({ query: "  " })).rejects.toThrow("`query` must be non-empty text");
      await expect(store.search({ query: "\0 " })).rejects.toThrow("`query` must be non-empty text");
      await expect(store.search({ query: "x", limit: 0 })).rejects.toThrow(
        "`limit` must be a positive integer",
      );
    });

    it("blends in the embeddings' nearest memories when given embed", async () => {
      // A toy embedding: words of one meaning share a dimension.
      const meaning: Record<string, number> = { car: 0, automobile: 0, vehicle: 0, bread: 1, flour: 1 };
      const embed = async (texts: readonly string[]) =>
        texts.map((t) => {
          const v = new Float32Array(4);
          for (const w of t.toLowerCase().split(/\W+/)) {
            const d = meaning[w];
            if (d !== undefined) v[d] = (v[d] ?? 0) + 1;
          }
          v[3] = 0.01;
          return v;
        });
      const store = open("m.db", { embed });
      store.record(call({ output: "bought an automobile yesterday" }));
      store.record(call({ output: "baked bread with flour" }));
      const hits = await store.search({ query: "car" });
      expect(hits[0]?.memory.output).toBe("bought an automobile yesterday");
      const plain = open("plain.db");
      plain.record(call({ output: "bought an automobile yesterday" }));
      expect(await plain.search({ query: "car" })).toEqual([]);
    });
  });

  describe("when embed misbehaves or the store changes while it waits", () => {
    const twoDims = (texts: readonly string[]) =>
      texts.map((t) => new Float32Array([t.includes("automobile") || t.includes("car") ? 1 : 0, 0.01]));

    it("compares only vectors of the query's length (the embedding model was changed)", async () => {
      let dims = 2;
      const embed = async (texts: readonly string[]) =>
        twoDims(texts).map((v) => {
          const out = new Float32Array(dims);
          out.set(v);
          return out;
        });
      const store = open("m.db", { embed });
      store.record(call({ output: "baked bread with flour" }));
      await store.embedPending();
      dims = 8;
      store.record(call({ output: "a new automobile" }));
      const hits = await store.search({ query: "car" });
      expect(hits.map((h) => h.memory.output)).toEqual(["a new automobile"]);
    });

    it("refuses a batch of vectors of mixed or zero length, and stores none of it", async () => {
      for (const lengths of [
        [2, 3],
        [0, 0],
      ]) {
        const store = open(`m${lengths.join("-")}.db`, {
          embed: async (texts) => texts.map((_, i) => new Float32Array(lengths[i] ?? 2)),
        });
        store.recordMany([call({ output: "one" }), call({ output: "two" })]);
        await expect(store.embedPending()).rejects.toThrow(
          "`embed` must resolve with one Float32Array per text (2), all of one length above 0",
        );
        await expect(store.search({ query: "one" })).rejects.toThrow("all of one length above 0");
      }
      const raw = new Database(join(dir, "m2-3.db"), { readonly: true });
      expect(raw.prepare("SELECT count(*) AS n FROM embeddings").get()).toEqual({ n: 0 });
      raw.close();
    });

    it("gives embed well-formed text, never half an emoji", async () => {
      const seen: string[] = [];
      const store = open("m.db", {
        embed: async (texts) => {
          seen.push(...texts);
          return twoDims(texts);
        },
      });
      // "Grep: " and "{}\n" are 9 characters: the emoji straddles the 2,000th.
      store.record(call({ input: "{}", output: `${"x".repeat(1_990)}\u{1F600}` }));
      await store.embedPending();
      expect(seen).toHaveLength(1);
      expect(seen[0]).not.toMatch(/\p{Cs}/u);
    });

    it("says so when the query's vector is not a Float32Array", async () => {
      let queries = false;
      const store = open("m.db", {
        embed: async (texts) => (queries ? (undefined as never) : twoDims(texts)),
      });
      store.record(call({ output: "an automobile" }));
      await store.embedPending();
      queries = true;
      await expect(store.search({ query: "car" })).rejects.toThrow(
        "`embed` must resolve with one Float32Array per text",
      );
    });

    it("searches on when memories are pruned or replaced while embed runs", async () => {
      let during: (() => void) | undefined;
      const store = open("m.db", {
        embed: async (texts) => {
          during?.();
          during = undefined;
          return twoDims(texts);
        },
      });
      store.record(call({ output: "old automobile", createdAt: 1 }));
      store.record(call({ output: "newer automobile", createdAt: 2 }));
      during = () => {
        // Another writer: the newest memory goes, and a new one takes its id.
        store.prune({ olderThan: 3 });
        store.record(call({ output: "bread", createdAt: 4 }));
      };
      const hits = await store.search({ query: "car" });
      expect(hits.map((h) => h.memory.output)).toEqual(["bread"]);
      // The vector stored for the new memory is its own, not the one embed made for the memory it replaced.
      const raw = new Database(join(dir, "m.db"), { readonly: true });
      const rows = raw.prepare("SELECT vector FROM embeddings").all() as Array<{ vector: Buffer }>;
      raw.close();
      expect(rows.map((r) => [...new Float32Array(new Uint8Array(r.vector).buffer)])).toEqual([
        [0, Math.fround(0.01)],
      ]);
    });

    it("rejects with the store's own error when it is closed while embed runs", async () => {
      let release = () => {};
      const store = open("m.db", {
        embed: (texts) => new Promise((resolve) => (release = () => resolve(twoDims(texts)))),
      });
      store.record(call({ output: "an automobile" }));
      const searching = store.search({ query: "car" });
      stores.pop()?.close();
      release();
      await expect(searching).rejects.toThrow("MemoryStore.search: the store is closed");
      await expect(store.embedPending()).rejects.toThrow("MemoryStore.embedPending: the store is closed");
    });
  });

  describe("when it prunes, exports and imports", () => {
    it("removes memories older than a time, then all but the newest", () => {
      const store = open();
      store.recordMany([10, 20, 30, 40].map((t) => call({ createdAt: t })));
      expect(store.prune({ olderThan: 20 })).toBe(1);
      expect(store.prune({ maxRows: 2 })).toBe(1);
      expect([...store.exportLines()].map((l) => JSON.parse(l).createdAt)).toEqual([30, 40]);
      expect(() => store.prune({ maxRows: -1 })).toThrow("`maxRows` must be an integer >= 0");
      // An integer too large for SQLite's 64-bit OFFSET was bound as a REAL: a raw SQLITE_MISMATCH.
      expect(() => store.prune({ maxRows: 1e20 })).toThrow(
        "`maxRows` must be an integer >= 0, got 100000000000000000000",
      );
    });

    it("round-trips JSONL into another file", async () => {
      const a = open("a.db");
      a.record(call({ output: "first needle", createdAt: 1 }));
      a.record({ kind: "run", session: "s1", input: "fix the parser", output: "fixed it", createdAt: 2 });
      const b = open("b.db");
      expect(b.import(a.export())).toBe(2);
      expect(b.export()).toBe(a.export());
      expect((await b.search({ query: "needle" })).length).toBe(1);
    });

    it("keeps the mark of a cut memory across export and import", () => {
      const a = open("a.db", { maxTextChars: 100 });
      a.record(call({ output: "y".repeat(1_000), createdAt: 1 }));
      a.record(call({ output: "short", createdAt: 2 }));
      const b = open("b.db");
      expect(b.import(a.export())).toBe(2);
      expect(b.export()).toBe(a.export());
      const marks = (store: MemoryStore) =>
        [1, 2].map((id) => store.get(id)).map((m) => [m?.createdAt, m?.truncated]);
      expect(marks(b)).toEqual([
        [1, true],
        [2, false],
      ]);
    });

    it("imports all or nothing and names the bad line", () => {
      const store = open();
      const good = JSON.stringify({ kind: "call", session: "s", input: "", output: "x", createdAt: 1 });
      expect(() => store.import(`${good}\n{"kind":"call","session":"s","input":"","output":"x"}\n`)).toThrow(
        "MemoryStore.import: line 2: `createdAt` must be a time in ms, got undefined",
      );
      expect(() => store.import(`${good}\nnot json\n`)).toThrow("line 2 is not JSON");
      expect(store.count()).toBe(0);
    });

    it("reads a file that starts with a byte order mark", () => {
      const store = open();
      const line = JSON.stringify({ kind: "call", session: "s", input: "", output: "x", createdAt: 1 });
      expect(store.import(`\uFEFF${line}\r\n`)).toBe(1);
    });
  });
});
