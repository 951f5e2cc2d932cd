import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SECRET_KINDS, secretCorpus } from "./fixtures/secret-corpus.js";
import { findSecrets, mergeFindings, redactSecrets, UNANCHORED_PATTERNS } from "./redact-secrets.js";

/** At least this many lines of ordinary TypeScript are scanned for false positives. */
const SOURCE_LINES = 10_000;

/** Every `.ts` file under `dir`, sorted, for a stable corpus. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .sort()
    .map((name) => join(dir, name));
}

/**
 * 10,000 non-empty lines of the TypeScript this repo's dependencies ship,
 * read from node_modules: Node's typings, TypeScript's own library
 * typings, and zod's sources (through a package that depends on it),
 * taken evenly across the whole pool.
 */
function ordinarySource(): string[] {
  const here = createRequire(import.meta.url);
  const zodFrom = createRequire(fileURLToPath(new URL("../../../derive/package.json", import.meta.url)));
  const dirs = [
    dirname(here.resolve("@types/node/package.json")),
    join(dirname(here.resolve("typescript/package.json")), "lib"),
    join(dirname(zodFrom.resolve("zod/package.json")), "src"),
  ];
  const pool = dirs
    .flatMap(tsFiles)
    .flatMap((file) => readFileSync(file, "utf8").split("\n"))
    .filter((line) => line.trim() !== "");
  const step = pool.length / SOURCE_LINES;
  return Array.from(
    { length: Math.min(SOURCE_LINES, pool.length) },
    (_, i) => pool[Math.floor(i * step)] ?? "",
  );
}

describe("redactSecrets", () => {
  describe("on a corpus of fake secrets in real formats", () => {
    const corpus = secretCorpus({ perKind: 6 });

    it("holds at least 200 samples of at least 30 kinds", () => {
      expect(corpus.length).toBeGreaterThanOrEqual(200);
      expect(SECRET_KINDS.length).toBeGreaterThanOrEqual(30);
    });

    it("catches every one (100%)", () => {
      const missed = corpus.filter(({ text, secret }) => redactSecrets(text).text.includes(secret));
      const rate = (corpus.length - missed.length) / corpus.length;
      console.log(
        `redaction catch rate: ${corpus.length - missed.length}/${corpus.length} (${(rate * 100).toFixed(1)}%) over ${SECRET_KINDS.length} kinds`,
      );
      expect(missed.map((m) => `${m.kind}: ${m.text}`)).toEqual([]);
    });
  });

  describe("when it takes the fast path", () => {
    it("gives every built-in pattern an anchor, so none runs on texts it cannot match", () => {
      expect(UNANCHORED_PATTERNS).toEqual([]);
    });

    it("skips no text that holds a secret: the result is that of the full scan (property)", () => {
      const corpus = secretCorpus({ perKind: 2, seed: 7 });
      const piece = fc.oneof(
        fc.constantFrom(...corpus.map((s) => s.text)),
        fc.string({ maxLength: 12 }),
        fc.constantFrom(" ", "\n", "=", ": ", '"', "%", "\\", "_", "-", ".", "~"),
      );
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
          const text = pieces.join("");
          expect(redactSecrets(text).count).toBe(mergeFindings(findSecrets(text)).length);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe("on ordinary source code", () => {
    it("changes under 0.5% of 10,000 lines", () => {
      const lines = ordinarySource();
      expect(lines.length).toBe(SOURCE_LINES);
      const changed = lines.filter((line) => redactSecrets(line).count > 0);
      const rate = changed.length / lines.length;
      console.log(
        `redaction false positives: ${changed.length}/${lines.length} lines (${(rate * 100).toFixed(2)}%)`,
      );
      expect(rate).toBeLessThan(0.005);
    });
  });
});
