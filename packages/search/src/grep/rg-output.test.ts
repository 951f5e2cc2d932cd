import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ScanLine } from "../js-engine/scan-text.js";
import { cleanPath, errorText, parseJsonLine, parseSkipLine, RgPlainParser } from "./rg-output.js";

describe("parseJsonLine", () => {
  describe("when ripgrep reports a match or context", () => {
    it("splits multi-line text into numbered lines", () => {
      const line = JSON.stringify({
        type: "match",
        data: { path: { text: "./a.ts" }, lines: { text: "x\ny\n" }, line_number: 4 },
      });
      expect(parseJsonLine(line)).toEqual({
        path: "a.ts",
        isMatch: true,
        lines: [
          [4, "x", true],
          [5, "y", true],
        ],
      });
    });

    it("decodes text that is not UTF-8 from its base64 bytes", () => {
      const bytes = Buffer.from("caf\xe9\n", "latin1").toString("base64");
      const line = JSON.stringify({
        type: "context",
        data: { path: { text: "b" }, lines: { bytes }, line_number: 1 },
      });
      expect(parseJsonLine(line)).toEqual({ path: "b", isMatch: false, lines: [[1, "caf\uFFFD", false]] });
    });

    it("ignores other message types", () => {
      expect(parseJsonLine('{"type":"begin","data":{}}')).toBeUndefined();
    });
  });
});

describe("parseSkipLine", () => {
  describe("when reading the debug log", () => {
    it.each([
      [
        "rg: DEBUG|grep_printer::json|json.rs:792: ignoring ./bin.dat: found binary data at offset 5",
        "binary",
      ],
      ["rg: DEBUG|ignore::walk|walk.rs:1929: ignoring ./big.txt: 4052632 bytes", "large"],
      ["rg: DEBUG|ignore::walk|walk.rs:1942: ignoring ./.env: Ignore(IgnoreMatch(Hidden))", undefined],
      ["regex parse error: 5 bytes", undefined],
    ])("%s is %s", (line, kind) => {
      expect(parseSkipLine(line)).toBe(kind);
    });
  });
});

describe("errorText", () => {
  describe("when stderr mixes debug lines and an error", () => {
    it("keeps the error without the rg prefix", () => {
      expect(errorText("rg: DEBUG|x|y: z\nrg: regex parse error:\n    (a\n")).toBe(
        "regex parse error:\n    (a",
      );
      expect(cleanPath("./x/y")).toBe("x/y");
    });
  });
});

describe("RgPlainParser", () => {
  /** Every record parsed from `bytes` fed in pieces cut at `cuts`. */
  function parse(bytes: Buffer, cuts: number[] = []): Array<[string, ...ScanLine]> {
    const parser = new RgPlainParser();
    const out: Array<[string, ...ScanLine]> = [];
    let from = 0;
    for (const cut of [
      ...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b),
      bytes.length,
    ]) {
      parser.push(bytes.subarray(from, cut), (path, line) => {
        out.push([path, ...line]);
        return true;
      });
      from = cut;
    }
    return out;
  }
  const sample = Buffer.concat([
    Buffer.from("./a.ts\x0012:const x = 1;\n./a.ts\x0013-  y\r\n"),
    Buffer.from("./sub/new\nline.txt\x001:hello\n"),
    Buffer.from('bin.dat: binary file matches (found "\\0" byte around offset 5)\n'),
    Buffer.from(
      'late.bin: WARNING: stopped searching binary file after match (found "\\0" byte around offset 348895)\n',
    ),
    Buffer.from("caf\xe9.txt\x007:caf\xe9 hello\n", "latin1"),
  ]);
  const expected: Array<[string, ...ScanLine]> = [
    ["a.ts", 12, "const x = 1;", true],
    ["a.ts", 13, "  y\r", false],
    ["sub/new\nline.txt", 1, "hello", true],
    ["caf\uFFFD.txt", 7, "caf\uFFFD hello", true],
  ];

  it("reads matches, context, a path holding a newline and bytes that are not UTF-8, skipping a binary note", () => {
    expect(parse(sample)).toEqual(expected);
  });
  it("gives the same records however the output is cut into chunks", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(sample.length), { maxLength: 8 }), (cuts) => {
        expect(parse(sample, cuts)).toEqual(expected);
      }),
    );
  });
  it("stops when told to", () => {
    const parser = new RgPlainParser();
    const seen: string[] = [];
    parser.push(sample, (_path, line) => {
      seen.push(line[1]);
      return false;
    });
    expect(seen).toEqual(["const x = 1;"]);
  });
});
