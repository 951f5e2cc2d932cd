import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CLIENTS, replay } from "./replay.js";
import { SCENARIOS, VARIANTS } from "./scenarios.js";
import { typedBodiesModule } from "./typed-bodies.js";

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "golden");
const UPDATE = process.env.UPDATE_GOLDEN === "1";
const TYPED = join(dirname(fileURLToPath(import.meta.url)), "typed");

const cases = [
  ...CLIENTS.flatMap((client) => SCENARIOS.map((scenario) => ({ client, scenario, variant: "", extra: {}, file: scenario.name }))),
  ...VARIANTS.flatMap((variant) => {
    const scenario = SCENARIOS.find((s) => s.name === variant.scenario);
    if (!scenario) throw new Error(`variant ${variant.name}: no scenario ${variant.scenario}`);
    return CLIENTS.flatMap((client) => {
      const extra = variant.options[client.name];
      return extra
        ? [{ client, scenario, variant: `.${variant.name}`, extra, file: `${scenario.name}.${variant.name}` }]
        : [];
    });
  }),
];

describe("golden request bytes", () => {
  describe.each(cases)("when $file is replayed for $client.name", ({ client, scenario, variant, extra }) => {
    it("sends exactly the bytes in the golden file", async () => {
      const file = join(GOLDEN, client.name, `${scenario.name}${variant}.jsonl`);
      const actual = await replay(scenario, client, {}, extra);
      if (UPDATE) {
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, actual);
        return;
      }
      const expected = await readFile(file, "utf8").catch(() => {
        throw new Error(`missing golden file ${file}; run with UPDATE_GOLDEN=1 to create it`);
      });
      expect(actual).toBe(expected);
    });

    it("sends the same bytes when replayed again", async () => {
      expect(await replay(scenario, client, {}, extra)).toBe(await replay(scenario, client, {}, extra));
    });
  });

  const tools = SCENARIOS.find((s) => s.name === "system-and-tools");
  if (!tools) throw new Error("the system-and-tools scenario is missing");

  describe.each(CLIENTS)("when a tool description changes ($name)", (client) => {
    it("changes the bytes", async () => {
      const original = await replay(tools, client);
      const changed = await replay(tools, client, { readDescription: "Reads a note by path." });
      expect(changed).not.toBe(original);
      expect(changed).toContain("Reads a note by path.");
      expect(original).toContain("Reads a note by path and returns its text.");
    });
  });

  describe.each(CLIENTS)("when tools are registered in another order ($name)", (client) => {
    it("keeps registration order in the request", async () => {
      const names = (bytes: string) =>
        [...bytes.matchAll(/"name":"(ReadNote|CountWords|Think)"/g)].map((m) => m[1]);
      expect(names(await replay(tools, client))).toEqual(["ReadNote", "CountWords", "Think"]);
      expect(names(await replay(tools, client, { reverse: true }))).toEqual(["Think", "CountWords", "ReadNote"]);
    });
  });

  // After the bodies (vitest runs a file's tests in order): the typed copies follow the golden files.
  describe.each(CLIENTS)("when the golden bodies of $name are typed by the SDK", (client) => {
    it("holds every golden body, as UPDATE_GOLDEN=1 writes it", async () => {
      const dir = join(GOLDEN, client.name);
      const names = (await readdir(dir)).filter((n) => n.endsWith(".jsonl")).sort();
      const files = await Promise.all(
        names.map(async (n) => ({
          name: n.replace(/\.jsonl$/, ""),
          lines: (await readFile(join(dir, n), "utf8")).split("\n").filter((l) => l !== ""),
        })),
      );
      const expected = typedBodiesModule(client.name, files);
      const file = join(TYPED, `${client.name}.generated.ts`);
      if (UPDATE) {
        await writeFile(file, expected);
        return;
      }
      const actual = await readFile(file, "utf8").catch(() => "");
      expect(actual, `${file} is stale; run with UPDATE_GOLDEN=1`).toBe(expected);
    });
  });
});
