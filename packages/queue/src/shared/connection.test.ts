import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { checkQueueName, connectionOptions } from "./connection.js";
import { jobIdFor, queueKeys } from "./keys.js";

describe("connectionOptions", () => {
  it("takes ioredis options as they are", () => {
    expect(connectionOptions({ host: "redis.internal", port: 6380 }, "f")).toEqual({
      host: "redis.internal",
      port: 6380,
    });
  });
  it("reuses the options of an ioredis client without connecting it", () => {
    const client = new Redis({ host: "10.0.0.5", port: 7000, lazyConnect: true });
    expect(connectionOptions(client, "f")).toMatchObject({ host: "10.0.0.5", port: 7000 });
    expect(client.status).toBe("wait");
    client.disconnect();
  });
  it.each([null, "redis://x", 6379])("refuses %j, naming the field", (bad) => {
    // @ts-expect-error: the wrong type on purpose
    expect(() => connectionOptions(bad, "remoteTools")).toThrowError(
      /^remoteTools: `connection` must be ioredis options/,
    );
  });
});

describe("checkQueueName", () => {
  it.each(["a:b", "", "x".repeat(101), "tools/1"])("refuses %j", (name) => {
    expect(() => checkQueueName(name, "startToolWorker")).toThrowError(
      "startToolWorker: `queue` must be a name",
    );
  });
});

describe("jobIdFor", () => {
  const call = {
    id: "call_1",
    name: "Shell",
    input: { command: "ls" },
    ctx: { cwd: "/w", sessionId: "sess-1", isNonInteractive: true, userContext: {} },
  };
  it("is the session id and the question's digest, closed by the wire version", () => {
    expect(jobIdFor(call)).toMatch(/^sess-1:[0-9a-f]{64}:v2$/);
    expect(jobIdFor({ ...call, ctx: { ...call.ctx, sessionId: "a:b%c" } }).split(":")).toHaveLength(3);
    expect(jobIdFor({ ...call, ctx: { ...call.ctx, sessionId: "a:b%c" } })).toMatch(/^a%3Ab%25c:/);
  });
  it("is the same for the same call sent again with another deadline or trace parent", () => {
    expect(jobIdFor({ ...call, ctx: { ...call.ctx, deadlineMs: 5 }, traceparent: "x" } as typeof call)).toBe(
      jobIdFor(call),
    );
  });
  it.each([
    ["input", { ...call, input: { command: "rm -rf /" } }],
    ["tool", { ...call, name: "Read" }],
    ["call id", { ...call, id: "call_2" }],
    ["cwd", { ...call, ctx: { ...call.ctx, cwd: "/x" } }],
    ["user context", { ...call, ctx: { ...call.ctx, userContext: { tenant: "b" } } }],
  ])("differs when the %s differs", (_, other) => {
    expect(jobIdFor(other)).not.toBe(jobIdFor(call));
  });
});

describe("queueKeys", () => {
  it("gives workers with the same tools, in any order, the same pool", () => {
    const keys = queueKeys("tools");
    expect(keys.pool(["Read", "Grep"])).toBe(keys.pool(["Grep", "Read"]));
    expect(keys.pool(["Read"])).not.toBe(keys.pool(["Read", "Grep"]));
    expect(keys.pool(["Read"])).toMatch(/^tools\.[0-9a-f]{12}$/);
  });
});
