import { describe, expect, it } from "vitest";
import { encodedSegments, mayHoldEncoded } from "./encoded-segments.js";

const TOKEN = "ghp_Qx7LmN2pR8sT4vW6yZ1aB3cD5eF7gH9jK0lM";

describe("encodedSegments", () => {
  it.each([
    ["base64", Buffer.from(`token=${TOKEN}`).toString("base64")],
    ["base64", Buffer.from(`{"token":"${TOKEN}"}`).toString("base64url")],
    ["url", [...Buffer.from(TOKEN)].map((b) => `%${b.toString(16)}`).join("")],
    ["json", [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")],
    ["json", "Jx8dK2mN4p\\/Q6rS8tU0vW2xY\\/4zA6bC8dE0fG2hI4j"],
  ])("finds a %s run and decodes it", (encoding, run) => {
    const text = `before ${run} after`;
    const segments = encodedSegments(text).filter((s) => s.encoding === encoding);
    expect(segments).toHaveLength(1);
    const [segment] = segments;
    expect(text.slice(segment?.start, segment?.end)).toBe(run);
    expect(segment?.decoded).toMatch(/ghp_|Jx8dK2mN4p\/Q6rS8/);
    expect(mayHoldEncoded(text)).toBe(true);
  });

  it("decodes once only: base64 of base64 yields the inner base64, not the token", () => {
    const twice = Buffer.from(Buffer.from(TOKEN).toString("base64")).toString("base64");
    const decoded = encodedSegments(`x ${twice} y`).map((s) => s.decoded);
    expect(decoded).toEqual([Buffer.from(TOKEN).toString("base64")]);
  });

  it("passes over runs that decode to binary, and words shorter than a run", () => {
    expect(encodedSegments("getOwnPropertyDescriptors and a sha512 of Zm9vYmFy")).toEqual([]);
    expect(mayHoldEncoded("the quick brown fox jumps over the lazy dog")).toBe(false);
  });

  it("finds a run wherever it starts (every offset of the stride)", () => {
    const run = Buffer.from(`token=${TOKEN}`).toString("base64");
    for (let pad = 0; pad < 30; pad++) {
      const text = `${"a ".repeat(pad)}${run}`;
      expect(
        encodedSegments(text).map((s) => text.slice(s.start, s.end)),
        `pad ${pad}`,
      ).toEqual([run]);
    }
  });
});
