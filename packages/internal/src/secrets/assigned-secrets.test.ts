import { describe, expect, it } from "vitest";
import { findAssignedSecrets, looksSecret } from "./assigned-secrets.js";
import { shannonEntropy } from "./entropy.js";

const values = (text: string) => findAssignedSecrets(text).map((f) => text.slice(f.start, f.end));

describe("findAssignedSecrets", () => {
  describe("when a secret's name is given a generated value", () => {
    it.each([
      ["password=Hunter42!Blue", "Hunter42!Blue"],
      ['"password": "Vq8#mZ2xK9pL"', "Vq8#mZ2xK9pL"],
      ["client_secret: 'q8Zm2Xk9pLw4Rt7Y'", "q8Zm2Xk9pLw4Rt7Y"],
      ["export DB_PASS=Zq8mX2kP9wL4", "Zq8mX2kP9wL4"],
      ["API_KEY := 4f1c9e8d7b6a5f4e3d2c1b0a", "4f1c9e8d7b6a5f4e3d2c1b0a"],
      ["secret => `x9Kq2LmZ8pWr`", "x9Kq2LmZ8pWr"],
    ])("finds the value of %j", (text, value) => {
      expect(values(text)).toEqual([value]);
    });
  });

  describe("when the value is code, a type or a placeholder", () => {
    it.each([
      "password: string,",
      "token = options.token;",
      "const secret = process.env.SECRET_KEY;",
      "password: crypto.BinaryLike,",
      "apiKey: getApiKey(config)",
      "password: BinaryLike",
      `secret: ${"$"}{SECRET}`,
      "password=changeme",
      "token: undefined",
      "auth: AuthorizationHeader",
      "password = 'aaaaaaaaaaaa'",
      `DB_PASSWORD=${"$"}{DB_PASSWORD}`,
      "credentials: ./credentials.json",
      'lastSignificantToken = "?InterpolationInJSX";',
    ])("keeps %j", (text) => {
      expect(values(text)).toEqual([]);
    });
  });
});

describe("looksSecret", () => {
  it("wants two kinds of characters and at least 3 bits per character", () => {
    expect(looksSecret("abcdefgh")).toBe(false);
    expect(looksSecret("a1b2c3d4")).toBe(true);
    expect(looksSecret("aab11aab")).toBe(false);
  });
});

describe("shannonEntropy", () => {
  it("is 0 for one repeated character and log2(n) for n distinct ones", () => {
    expect(shannonEntropy("")).toBe(0);
    expect(shannonEntropy("aaaa")).toBe(0);
    expect(shannonEntropy("abcd")).toBe(2);
    expect(shannonEntropy("0123456789abcdef")).toBe(4);
  });
});
