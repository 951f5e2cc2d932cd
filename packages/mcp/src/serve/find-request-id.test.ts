import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findRequestId, RequestIdScanner } from "./find-request-id.js";

describe("findRequestId", () => {
  describe("when the prefix holds a top-level id", () => {
    it.each([
      ['{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":{"content":"xxx', 7],
      ['{ "method": "tools/call", "id" : "req-\\"9\\"", "params": {', 'req-"9"'],
      ['{"params":{"id":1,"arguments":{"id":2}},"id":3,"x":"', 3],
      ['{"method":"id","id":-4.5e2,"params":"', -450],
      ['{"method":"tools/call","params":{"content":"a \\" \\\\ }"},"jsonrpc":"2.0","id":42}', 42],
    ])("reads it from %s", (prefix, id) => {
      expect(findRequestId(prefix)).toBe(id);
    });
  });

  describe("when it cannot tell", () => {
    it.each([
      ['{"params":{"id":1,"arguments":"xxxx', "only a nested id so far"],
      ['{"jsonrpc":"2.0","id":12', "a number that may go on"],
      ['[{"id":1}]', "a batch"],
      ['{"id":{"x":1}}', "an id that is not a string or number"],
      ["not json", "text"],
      ['{"id":"unterminated', "a cut string"],
    ])("answers null for %s (%s)", (prefix) => {
      expect(findRequestId(prefix)).toBeNull();
    });
  });

  describe("when the id comes last, after megabytes, in pieces", () => {
    it("finds it while keeping nothing else", () => {
      const text = JSON.stringify({
        method: "tools/call",
        params: { name: "Write", arguments: { content: `"id":1,${'x\\"y'.repeat(300_000)}` } },
        jsonrpc: "2.0",
        id: 77,
      });
      const bytes = Buffer.from(text);
      const scanner = new RequestIdScanner();
      for (let i = 0; i < bytes.length; i += 4096) scanner.push(bytes.subarray(i, i + 4096));
      expect(scanner.result()).toBe(77);
    });
  });

  it("finds the id of any request whose id comes before the cut", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.string({ maxLength: 40 })),
        fc.string(),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
        (id, payload, params) => {
          const text = JSON.stringify({
            jsonrpc: "2.0",
            id,
            method: "tools/call",
            params: { ...params, payload },
          });
          const cut = text.indexOf('"method"');
          expect(findRequestId(text.slice(0, cut + 3))).toBe(id);
        },
      ),
    );
  });

  it("never throws on any prefix", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const id = findRequestId(text);
        expect(id === null || typeof id === "string" || typeof id === "number").toBe(true);
      }),
    );
  });
});
