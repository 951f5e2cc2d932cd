import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { Shell } from "@toolkit/shell";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HooksConfig } from "../config/hook-config.js";
import { createHooks, type HooksOptions } from "../engine/create-hooks.js";
import { type Project, project } from "../testing/test-helpers.js";
import { runHttpHook } from "./run-http-hook.js";

let p: Project;
let server: Server;
let url: string;
let received: { body: string; headers: IncomingMessage["headers"] }[];
let answer: (res: ServerResponse) => void;

beforeEach(async () => {
  p = await project();
  received = [];
  answer = (res) => res.end();
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      received.push({ body, headers: req.headers });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await p.cleanup();
});

async function call(config: HooksConfig, options: HooksOptions = {}) {
  const registry = new ToolRegistry();
  registry.register(new Shell({ sandbox: "off" }));
  const hooks = createHooks(config, options);
  const [result] = await dispatch(registry, [{ id: "c1", name: "Shell", input: { command: "echo ran" } }], {
    ctx: p.ctx,
    middleware: [hooks.middleware()],
  });
  return result?.output.textContent() ?? "";
}

const httpHook = (extra: object = {}): HooksConfig => ({
  PreToolUse: [{ matcher: "Bash", hooks: [{ type: "http", url, headers: { "x-token": "t1" }, ...extra }] }],
});
const local = { http: { allowHosts: ["127.0.0.1"] } };

describe("http hooks", () => {
  describe("when the host allows the hook server", () => {
    it("POSTs the event's JSON with the hook's headers, and a JSON deny blocks the call", async () => {
      answer = (res) =>
        res.end(
          JSON.stringify({
            hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "frozen" },
          }),
        );
      const out = await call(httpHook(), local);
      expect(out.split("\n")[0]).toBe("Permission denied: a PreToolUse hook refused this call: frozen");
      expect(received).toHaveLength(1);
      expect(received[0]?.headers["x-token"]).toBe("t1");
      expect(received[0]?.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(received[0]?.body ?? "")).toMatchObject({
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "echo ran" },
      });
    });

    it("a non-2xx answer is a non-blocking error", async () => {
      answer = (res) => {
        res.statusCode = 500;
        res.end("oops");
      };
      const messages: string[] = [];
      const out = await call(httpHook(), { ...local, onMessage: (m) => messages.push(m.text) });
      expect(out).toMatch(/^ran\n/);
      expect(messages).toEqual([`the PreToolUse hook \`${url}\` errored: answered HTTP 500`]);
    });

    it("a server that does not answer in time is a timeout, which onFailure: block turns into a deny", async () => {
      answer = () => {};
      const out = await call(httpHook({ timeout: 0.3, onFailure: "block" }), local);
      expect(out.split("\n")[0]).toBe(
        `Permission denied: a PreToolUse hook refused this call: the PreToolUse hook \`${url}\` failed: timed out after 0.3s (onFailure: "block")`,
      );
    });
  });

  describe("when the SSRF guard is on", () => {
    it("refuses a loopback hook server, and never sends it the event", async () => {
      const out = await call(httpHook({ onFailure: "block" }));
      expect(out.split("\n")[0]).toBe(
        `Permission denied: a PreToolUse hook refused this call: the PreToolUse hook \`${url}\` failed: the SSRF guard refused 127.0.0.1 (127.0.0.1 is loopback (127.0.0.0/8)); list the host in \`http.allowHosts\` to allow it (onFailure: "block")`,
      );
      expect(received).toEqual([]);
    });

    it("refuses a name when any address it resolves to is internal", async () => {
      const outcome = await runHttpHook({
        url: "http://hooks.example/x",
        headers: {},
        body: "{}",
        timeoutMs: 1000,
        resolve: async () => [
          { address: "93.184.216.34", family: 4 },
          { address: "169.254.169.254", family: 4 },
        ],
      });
      expect(outcome.failure).toBe(
        "the SSRF guard refused hooks.example (169.254.169.254 is link-local (169.254.0.0/16, cloud metadata)); list the host in `http.allowHosts` to allow it",
      );
    });

    it("connects to the address it checked (no second lookup)", async () => {
      answer = (res) => res.end('{"decision":"block","reason":"pinned"}');
      const port = (server.address() as AddressInfo).port;
      const outcome = await runHttpHook({
        url: `http://hooks.example:${port}/x`,
        headers: {},
        body: "{}",
        timeoutMs: 2000,
        allowHosts: ["hooks.example"],
        resolve: async () => [{ address: "127.0.0.1", family: 4 }],
      });
      expect(outcome).toEqual({
        status: 200,
        body: '{"decision":"block","reason":"pinned"}',
        failure: undefined,
      });
    });
  });

  describe("when the configuration is wrong", () => {
    it.each([
      [
        { url: "ftp://x" },
        /`hooks\.PreToolUse\[0\]\.hooks\[0\]\.url` must be an http\(s\) URL, got "ftp:\/\/x"/,
      ],
      [
        { url: "http://x", headers: { a: 1 } },
        /`hooks\.PreToolUse\[0\]\.hooks\[0\]\.headers` must be an object of string values/,
      ],
    ])("refuses %j", (hook, message) => {
      expect(() => createHooks({ PreToolUse: [{ hooks: [{ type: "http", ...hook } as never] }] })).toThrow(
        message,
      );
    });
  });
});
