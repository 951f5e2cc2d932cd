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
  it("is sessionId:callId closed by the wire version, with colons in the call id escaped", () => {
    expect(jobIdFor("sess-1", "call_1")).toBe("sess-1:call_1:v1");
    expect(jobIdFor("s", "a:b%c")).toBe("s:a%3Ab%25c:v1");
    expect(jobIdFor("s", "a:b").split(":")).toHaveLength(3);
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
