import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSecretName, scrubEnv } from "./scrub-env.js";

describe("isSecretName", () => {
  describe("when a name looks like a secret", () => {
    it.each([
      "GITHUB_TOKEN",
      "NPM_TOKEN",
      "AWS_SECRET_ACCESS_KEY",
      "AWS_ACCESS_KEY_ID",
      "OPENAI_API_KEY",
      "DB_PASSWORD",
      "MYSQL_PWD",
      "GOOGLE_APPLICATION_CREDENTIALS",
      "SSH_AUTH_SOCK",
      "SENTRY_DSN",
      "github_token",
      "PRIVATE_KEY_PATH",
      "slackApiKey",
    ])("flags %s", (name) => {
      expect(isSecretName(name)).toBe(true);
    });
  });

  describe("when a name is ordinary", () => {
    it.each([
      "PATH",
      "HOME",
      "PWD",
      "OLDPWD",
      "LANG",
      "TERM",
      "USER",
      "SHELL",
      "NODE_ENV",
      "KEYBOARD_LAYOUT",
      "MONKEY",
      "SSL_CERT_FILE",
      "XDG_SESSION_ID",
    ])("keeps %s", (name) => {
      expect(isSecretName(name)).toBe(false);
    });
  });
});

describe("scrubEnv", () => {
  describe("when the environment holds secrets", () => {
    it("drops them, keeps the rest and turns pagers and prompts off", () => {
      const env = scrubEnv({ env: { PATH: "/bin", GITHUB_TOKEN: "ghp_x", HOME: "/h", PAGER: "less" } });
      expect(env).toEqual({
        PATH: "/bin",
        HOME: "/h",
        PAGER: "cat",
        GIT_PAGER: "cat",
        GIT_TERMINAL_PROMPT: "0",
        GIT_EDITOR: "true",
      });
    });
  });

  describe("when a secret-looking name is on the allowlist", () => {
    it("keeps that one only", () => {
      const env = scrubEnv({ env: { SSH_AUTH_SOCK: "/s", NPM_TOKEN: "t" }, allow: ["SSH_AUTH_SOCK"] });
      expect(env.SSH_AUTH_SOCK).toBe("/s");
      expect(env.NPM_TOKEN).toBeUndefined();
    });
  });

  describe("when names are arbitrary", () => {
    it("never keeps a name containing TOKEN or SECRET unless allowed", () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 0, maxLength: 8 }),
          fc.constantFrom("TOKEN", "Secret"),
          (prefix, word) => {
            const name = `${prefix}${word}`;
            expect(scrubEnv({ env: { [name]: "v" } })[name]).toBeUndefined();
            expect(scrubEnv({ env: { [name]: "v" }, allow: [name] })[name]).toBe("v");
          },
        ),
      );
    });
  });
});
