import { registryWith, runOne } from "@toolkit/test-kit";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FnTool } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ApprovalGrant } from "./approval-store.js";
import { approvals } from "./index.js";
import { JsonFileApprovalStore } from "./json-file-approval-store.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "toolkit-approvals-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const grant = (tool: string): ApprovalGrant => ({
  tool,
  digest: "0123456789abcdef",
  scope: "tool",
  grantedAt: "2026-01-01T00:00:00.000Z",
});

describe("JsonFileApprovalStore", () => {
  describe("when grants are added", () => {
    it("writes them to the file (mode 0600, nested directory created) for the next process", async () => {
      const filePath = join(dir, "nested", "approvals.json");
      await new JsonFileApprovalStore({ filePath }).set("k1", grant("Shell"));
      const reopened = new JsonFileApprovalStore({ filePath });
      expect(await reopened.get("k1")).toEqual(grant("Shell"));
      expect(JSON.parse(await readFile(filePath, "utf8"))).toEqual({
        version: 1,
        grants: { k1: grant("Shell") },
      });
      expect((await stat(filePath)).mode & 0o777).toBe(0o600);
      expect(await readdir(join(dir, "nested"))).toEqual(["approvals.json"]);
    });

    it("keeps every grant when many are added at once", async () => {
      const store = new JsonFileApprovalStore({ filePath: join(dir, "a.json") });
      await Promise.all(Array.from({ length: 20 }, (_, i) => store.set(`k${i}`, grant(`T${i}`))));
      const fresh = new JsonFileApprovalStore({ filePath: join(dir, "a.json") });
      expect((await fresh.list()).length).toBe(20);
      expect(await readdir(dir)).toEqual(["a.json"]);
    });

    it("keeps grants another store instance wrote meanwhile", async () => {
      const filePath = join(dir, "a.json");
      const one = new JsonFileApprovalStore({ filePath });
      const two = new JsonFileApprovalStore({ filePath });
      expect(await two.list()).toEqual([]);
      await one.set("a", grant("A"));
      await two.set("b", grant("B"));
      expect((await new JsonFileApprovalStore({ filePath }).list()).map((g) => g.tool).sort()).toEqual([
        "A",
        "B",
      ]);
    });
  });

  describe("when a grant is deleted", () => {
    it("removes it from the file and says whether it was there", async () => {
      const store = new JsonFileApprovalStore({ filePath: join(dir, "a.json") });
      await store.set("a", grant("A"));
      expect(await store.delete("a")).toBe(true);
      expect(await store.delete("a")).toBe(false);
      expect(await new JsonFileApprovalStore({ filePath: join(dir, "a.json") }).get("a")).toBeUndefined();
    });
  });

  describe("when the file is missing or broken", () => {
    it("treats a missing file as no grants", async () => {
      expect(await new JsonFileApprovalStore({ filePath: join(dir, "none.json") }).list()).toEqual([]);
    });

    it.each([
      ["{not json", "is not valid JSON; fix or delete it"],
      [
        '{"grants":{}}',
        'is not an approvals file (expected { "version": 1, "grants": {...} }); fix or delete it',
      ],
    ])("refuses %j with an error naming the file", async (content, message) => {
      const filePath = join(dir, "bad.json");
      await writeFile(filePath, content);
      await expect(new JsonFileApprovalStore({ filePath }).get("x")).rejects.toThrow(
        `JsonFileApprovalStore: ${filePath} ${message}`,
      );
    });

    it("skips entries that are not grants", async () => {
      const filePath = join(dir, "partial.json");
      await writeFile(
        filePath,
        JSON.stringify({ version: 1, grants: { good: grant("A"), bad: { tool: 1 } } }),
      );
      expect(await new JsonFileApprovalStore({ filePath }).list()).toEqual([grant("A")]);
    });
  });

  describe("when used by approvals()", () => {
    it("remembers a tool grant across middleware instances", async () => {
      const filePath = join(dir, "approvals.json");
      const tool = new FnTool("Deploy", "Deploys.", { type: "object" }, () => "deployed");
      let asked = 0;
      const ask = () => {
        asked++;
        return "tool" as const;
      };
      await runOne(registryWith(tool), [approvals({ ask, store: new JsonFileApprovalStore({ filePath }) })], {
        name: "Deploy",
        input: {},
      });
      const r = await runOne(
        registryWith(tool),
        [approvals({ ask, store: new JsonFileApprovalStore({ filePath }) })],
        {
          name: "Deploy",
          input: {},
        },
      );
      expect(r.output.textContent()).toBe("deployed");
      expect(asked).toBe(1);
    });
  });

  describe("when options are wrong", () => {
    it("throws a TypeError for a relative filePath", () => {
      expect(() => new JsonFileApprovalStore({ filePath: "approvals.json" })).toThrow(
        new TypeError('JsonFileApprovalStore: `filePath` must be an absolute path, got "approvals.json"'),
      );
    });
  });
});
