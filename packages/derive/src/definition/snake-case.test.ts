import { describe, expect, it } from "vitest";
import { snakeCase } from "./snake-case.js";

describe("snakeCase", () => {
  describe("when given a title", () => {
    it.each([
      ["EchoInput", "echo_input"],
      ["HTTPRequest", "http_request"],
      ["getHTTPResponseCode", "get_http_response_code"],
      ["Fetch page", "fetch_page"],
      ["fetch-page", "fetch_page"],
      ["  Read  File!  ", "read_file"],
      ["V2Api", "v2_api"],
      ["already_snake", "already_snake"],
      ["ABC", "abc"],
      ["Ünïcode Tool", "unicode_tool"],
      ["日本", ""],
      ["!!!", ""],
    ])("turns %j into %j", (title, expected) => {
      expect(snakeCase(title)).toBe(expected);
    });
  });
});
