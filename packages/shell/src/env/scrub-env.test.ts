import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSecretName, isSecretValue, isSecretVariable, scrubEnv } from "./scrub-env.js";

/** Realistic secrets, each under the name it leaked under in review (issue 14, item 3), and more. */
const SECRETS: ReadonlyArray<readonly [string, string]> = [
  ["DATABASE_URL", "postgres://app:hunter2@db.internal:5432/app"],
  ["REDIS_URL", "redis://:s3cretpass@cache:6379/0"],
  ["MONGODB_URI", "mongodb+srv://admin:Pa55w0rd@cluster0.example.net/?retryWrites=true"],
  ["SLACK_WEBHOOK_URL", "https://hooks.slack.com/services/T00000000/B00000000/Xk3Lm9QpR2sTv8Wy1Zb4Nc6D"],
  ["GH_PAT", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"],
  ["STRIPE_SK", "sk_live_51HqLyjWDarjtT1zdp7dcXy"],
  ["OPENAIKEY", "sk-proj-3T5mQ9rX2vB7nK4pL8wZ"],
  ["KUBECONFIG", "/home/dev/.kube/config"],
  ["JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl"],
  ["SESSION", "a"],
  ["BEARER", "x"],
  ["NETRC", "/home/dev/.netrc"],
  ["PASSPHRASE", "correct horse battery staple"],
  ["AUTHORIZATION", "Basic dXNlcjpwYXNz"],
  ["MASTERKEY", "m"],
  ["GITHUB_TOKEN", "ghp_x"],
  ["AWS_ACCESS_KEY_ID", "AKIAIOSFODNN7EXAMPLE"],
  ["AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
  ["MYSQL_PWD", "pw"],
  ["SSH_AUTH_SOCK", "/run/user/1000/ssh-agent.sock"],
  ["SENTRY_DSN", "https://abc@o1.ingest.sentry.io/1"],
  ["slackApiKey", "k"],
  ["FLASK_SESSION_KEY", "k"],
  ["SESSION_COOKIE", "k"],
  ["APP_AUTH", "k"],
  // Innocent names, secret values.
  ["BUILD_ARGS", "--token=ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"],
  ["ANTHROPIC", "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv"],
  ["SLACK", "xoxb-123456789012-abcdefghijkl"],
  ["MAPS", "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"],
  ["GITLAB", "glpat-xYz123AbC456dEf789gH"],
  ["NPMRC_LINE", "//registry.npmjs.org/:_authToken=npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"],
  ["RESTRICTED", "rk_live_AbCdEfGhIjKlMnOpQrSt"],
  [
    "CERT",
    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----",
  ],
  ["UPSTREAM", "https://deploy:Zq8tP2@git.example.com/repo.git"],
  ["CLONE_URL", "https://x-access-token:abc@github.com/o/r"],
  ["SIGNED", "https://bucket.s3.amazonaws.com/f?X-Amz-Signature=abcdef0123&X-Amz-Expires=60"],
  ["CALLBACK", "https://api.example.com/hook?access_token=abc123"],
  ["RANDOM_BLOB", "q7Xk2mP9vR4tL8wZ3nB6yC1d"],
  ["HEX_BLOB", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"],
];

/** Ordinary variables with realistic values: none may be removed. */
const ORDINARY: ReadonlyArray<readonly [string, string]> = [
  ["PATH", "/nix/store/1b9p07z77phvv2hf6gm9f28syp7v3ixf-bash-5.2/bin:/usr/local/bin:/usr/bin:/bin"],
  ["HOME", "/home/dev"],
  ["LANG", "en_US.UTF-8"],
  ["TERM", "xterm-256color"],
  ["NODE_ENV", "production"],
  ["CI", "true"],
  ["USER", "dev"],
  ["SHELL", "/bin/bash"],
  ["PWD", "/home/dev/project"],
  ["OLDPWD", "/home/dev"],
  ["TMPDIR", "/tmp"],
  ["GIT_AUTHOR_NAME", "Ada Lovelace"],
  ["GIT_AUTHOR_EMAIL", "ada@example.com"],
  ["KEYBOARD_LAYOUT", "us"],
  ["MONKEY", "banana"],
  ["SSL_CERT_FILE", "/etc/ssl/certs/ca-certificates.crt"],
  ["XDG_SESSION_ID", "c2"],
  ["XDG_SESSION_TYPE", "wayland"],
  ["DESKTOP_SESSION", "ubuntu"],
  ["DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus"],
  ["GITHUB_SHA", "ffac537e6cbbf934b08745a378932722df287a53"],
  ["INVOCATION_ID", "4a6fb9c1d0e04b7fa7a5c2b1c0e3d4f5"],
  ["HOSTNAME", "3f2a9c8b7d6e"],
  ["DATABASE_URL", "postgres://localhost:5432/app_dev"],
  ["REDIS_URL", "redis://cache:6379/0"],
  ["HTTPS_PROXY", "http://proxy.internal:3128"],
  ["GIT_REMOTE", "ssh://git@github.com/owner/repository-name.git"],
  ["NODE_OPTIONS", "--max-old-space-size=4096 --enable-source-maps"],
  ["npm_config_user_agent", "pnpm/10.34.8 npm/? node/v20.20.2 linux x64"],
  ["npm_package_version", "1.0.0-beta.12"],
  ["LS_COLORS", "rs=0:di=01;34:ln=01;36:mh=00:pi=40;33:so=01;35:do=01;35:bd=40;33;01"],
  ["LESSOPEN", "| /usr/bin/lesspipe %s"],
  ["JAVA_HOME", "/usr/lib/jvm/java-17-openjdk-amd64"],
  ["TOKENIZERS_PARALLELISM", "false"],
  ["DISPLAY", ":0"],
  ["COMPASS_HOME", "/opt/compass"],
  ["PYTHONPATH", "src/packages/my_module_name:lib/site-packages"],
  ["DOCKER_IMAGE", "ghcr.io/owner/app-service:v2.14.3-alpine3.19"],
];

describe("isSecretVariable", () => {
  describe("when a name or a value holds a secret", () => {
    it.each(SECRETS)("removes %s", (name, value) => {
      expect(isSecretVariable(name, value)).toBe(true);
    });
  });

  describe("when a variable is ordinary", () => {
    it.each(ORDINARY)("keeps %s", (name, value) => {
      expect(isSecretVariable(name, value)).toBe(false);
    });
  });

  describe("when a random token hides under an innocent name", () => {
    const innocent = fc.constantFrom("APP_MODE", "BUILD_TARGET", "FOO", "X", "deploy_flags", "regionName");
    const seed = fc.integer({ min: 0, max: 1_000_000 });
    it("removes base64 and hex tokens of 32 characters or more", () => {
      fc.assert(
        fc.property(
          innocent,
          seed,
          fc.integer({ min: 32, max: 64 }),
          fc.boolean(),
          (name, n, length, hex) => {
            const digest = createHash("sha512").update(String(n));
            const token = (hex ? digest.digest("hex") : digest.digest("base64url")).slice(0, length);
            expect(isSecretVariable(name, token)).toBe(true);
            expect(scrubEnv({ env: { [name]: token } })[name]).toBeUndefined();
          },
        ),
      );
    });
  });

  describe("when values are short or made of words", () => {
    const name = fc.constantFrom("APP_MODE", "BUILD_TARGET", "LANG", "TERM", "REGION", "GIT_BRANCH");
    it("keeps values shorter than 16 characters", () => {
      fc.assert(
        fc.property(name, fc.stringMatching(/^[A-Za-z0-9_.:/ -]{0,15}$/), (key, value) => {
          expect(scrubEnv({ env: { [key]: value } })[key]).toBe(value);
        }),
      );
    });

    it("keeps words, versions and paths of any length", () => {
      const word = fc.constantFrom(
        "build",
        "release",
        "linux",
        "x64",
        "node",
        "v20",
        "feature",
        "main",
        "2",
        "amd64",
      );
      const value = fc
        .array(word, { minLength: 1, maxLength: 12 })
        .chain((words) => fc.constantFrom("-", "_", "/", ".", " ", ":").map((sep) => words.join(sep)));
      fc.assert(
        fc.property(name, value, (key, text) => {
          expect(scrubEnv({ env: { [key]: text } })[key]).toBe(text);
        }),
      );
    });
  });
});

describe("isSecretName", () => {
  it.each(["GITHUB_TOKEN", "github_token", "PRIVATE_KEY_PATH", "X_AUTHN", "STRIPE_SK", "gh_pat"])(
    "flags %s",
    (name) => {
      expect(isSecretName(name)).toBe(true);
    },
  );

  it.each(["PATH", "GIT_AUTHOR_NAME", "PATHEXT", "AUTHOR", "SKIP_TESTS", "PATTERN", "HOTKEY"])(
    "keeps %s",
    (name) => {
      expect(isSecretName(name)).toBe(false);
    },
  );
});

describe("isSecretValue", () => {
  it.each(["task-sk-123", "SGVsbG8="])("keeps %j", (value) => {
    expect(isSecretValue(value)).toBe(false);
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

  describe("when a secret is on the allowlist", () => {
    it("keeps exact names and names under a prefix, and nothing else", () => {
      const env = scrubEnv({
        env: {
          SSH_AUTH_SOCK: "/s",
          NPM_TOKEN: "t",
          MYAPP_DB_URL: "postgres://u:p@db/x",
          OTHER_URL: "postgres://u:p@db/x",
        },
        allow: ["SSH_AUTH_SOCK", "MYAPP_*"],
      });
      expect(env).toMatchObject({ SSH_AUTH_SOCK: "/s", MYAPP_DB_URL: "postgres://u:p@db/x" });
      expect(env.NPM_TOKEN).toBeUndefined();
      expect(env.OTHER_URL).toBeUndefined();
    });
  });

  describe("when names are arbitrary", () => {
    it("never keeps a name containing TOKEN or SECRET unless allowed", () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 0, maxLength: 8 }),
          fc.constantFrom("TOKEN", "Secret", "_key", "Password"),
          (prefix, word) => {
            const name = `${prefix}${word}`;
            expect(scrubEnv({ env: { [name]: "v" } })[name]).toBeUndefined();
            expect(scrubEnv({ env: { [name]: "v" }, allow: [name] })[name]).toBe("v");
          },
        ),
      );
    });
  });

  describe("when a variable changes between two calls", () => {
    it("judges the new value, not the verdict kept for the old one", () => {
      const token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
      expect(scrubEnv({ env: { BUILD_FLAG: "release" } }).BUILD_FLAG).toBe("release");
      expect(scrubEnv({ env: { BUILD_FLAG: token } }).BUILD_FLAG).toBeUndefined();
      expect(scrubEnv({ env: { BUILD_FLAG: "release" } }).BUILD_FLAG).toBe("release");
    });

    it("keeps the verdicts of many distinct variables right past the cache's bound", () => {
      for (let i = 0; i < 5000; i++) {
        const env = scrubEnv({ env: { [`VAR_${i}`]: `plain-${i}`, [`API_KEY_${i}`]: "x" } });
        expect(env[`VAR_${i}`]).toBe(`plain-${i}`);
        expect(env[`API_KEY_${i}`]).toBeUndefined();
      }
    });
  });
});
