import { FnTool } from "@toolkit/core";
import { ApprovalInterrupt, approvals, MemoryApprovalStore } from "@toolkit/middleware";
import type { Middleware } from "@toolkit/registry";
import { afterEach, describe, expect, it } from "vitest";
import { BareLoop } from "../loop/bare-loop.js";
import type { BareLoopOptions } from "../loop/loop-options.js";
import type { LoopResult } from "../loop/observer.js";
import { DIALECTS, echo, registryOf } from "../loop/test-kit.js";
import { ScriptedModelServer } from "../test/scripted-model-server.js";
import type { ScriptStep } from "../test/script.js";
import type { InterruptedRun } from "./interrupted-run.js";
import { parseRunState, type RunState, RunStateError } from "./run-state.js";

const servers: ScriptedModelServer[] = [];
const loops: BareLoop[] = [];
afterEach(async () => {
  await Promise.all(loops.splice(0).map((l) => l.dispose()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function writer(ran: string[]) {
  return new FnTool<{ v: string }>(
    "Write",
    "Writes v.",
    { type: "object", properties: { v: { type: "string" } }, required: ["v"] },
    (input) => {
      ran.push(input.v);
      return `wrote ${input.v}`;
    },
  );
}

const script = (): ScriptStep[] => [
  {
    toolCalls: [
      { id: "c1", name: "echo", input: { v: "a" } },
      { id: "c2", name: "Write", input: { v: "b" } },
    ],
  },
  { toolCalls: [{ id: "c3", name: "Write", input: { v: "c" } }] },
  { text: "all done" },
];

function interrupted(outcome: LoopResult | InterruptedRun): InterruptedRun {
  if (outcome.status !== "interrupted") throw new Error(`expected an interruption, got ${outcome.status}`);
  return outcome;
}

function done(outcome: LoopResult | InterruptedRun): LoopResult {
  if (outcome.status !== "done") throw new Error(`expected a final answer, got ${outcome.status}`);
  return outcome;
}

describe.each(DIALECTS)("BareLoop.resume ($dialect)", ({ client }) => {
  async function setup(options: Partial<BareLoopOptions> & Pick<BareLoopOptions, "registry">) {
    const server = await ScriptedModelServer.start({ script: script() });
    servers.push(server);
    const loop = new BareLoop({
      model: client(server),
      isNonInteractive: true,
      sessionId: "0b6f1a8e-2c3d-4e5f-8a9b-0c1d2e3f4a5b",
      ...options,
    });
    loops.push(loop);
    return { server, loop };
  }

  describe("when every Write pauses and is approved in a fresh loop", () => {
    it("sends the bodies of an uninterrupted run and runs each call once", async () => {
      const plainRan: string[] = [];
      const plain = await setup({ registry: registryOf(echo("echo"), writer(plainRan)) });
      const expected = done(await plain.loop.run("go"));

      const ran: string[] = [];
      const paused = await setup({
        registry: registryOf(echo("echo"), writer(ran)),
        approvals: "interrupt",
        needsApproval: (call) => call.name === "Write",
      });
      const first = interrupted(await paused.loop.run("go"));
      expect(first.pending.map((p) => p.name)).toEqual(["Write"]);
      // The clients' keys ("test-key") stay in the client: the state never holds them.
      expect(JSON.stringify(first.state)).not.toContain("test-key");
      expect(ran).toEqual([]);
      // A new loop, as another process would make, from the JSON text.
      const again = () =>
        new BareLoop({
          model: client(paused.server),
          registry: registryOf(echo("echo"), writer(ran)),
          approvals: "interrupt",
          needsApproval: (call) => call.name === "Write",
          isNonInteractive: true,
        });
      const second = interrupted(
        await again().resume(JSON.stringify(first.state), {
          decisions: { [first.pending[0]?.id ?? ""]: "approve" },
        }),
      );
      expect(ran).toEqual(["b"]);
      const last = done(
        await again().resume(second.state, { decisions: { [second.pending[0]?.id ?? ""]: "approve" } }),
      );
      expect(ran).toEqual(["b", "c"]);
      expect(paused.server.requests.map((r) => r.body)).toEqual(plain.server.requests.map((r) => r.body));
      expect(last.text).toBe(expected.text);
      expect(last.messages).toEqual(JSON.parse(JSON.stringify(expected.messages)));
      expect(last.turns).toBe(3);
      expect(last.runId).toBe(first.runId);
    });
  });

  describe("when an approvals() layer answers interrupt", () => {
    it("pauses there, and the resumed call is not asked about again", async () => {
      const ran: string[] = [];
      const asked: string[] = [];
      const layer: Middleware = approvals({
        ask: ({ call }) => {
          asked.push(call.id);
          return "interrupt";
        },
        store: new MemoryApprovalStore(),
        exempt: (call) => call.name === "echo",
      });
      const { loop } = await setup({
        registry: registryOf(echo("echo"), writer(ran)),
        approvals: "interrupt",
        needsApproval: () => false,
        middleware: [layer],
      });
      const first = interrupted(await loop.run("go"));
      const id = first.pending[0]?.id ?? "";
      const second = interrupted(await loop.resume(first.state, { decisions: { [id]: "approve" } }));
      expect(ran).toEqual(["b"]);
      expect(asked).toEqual([id, second.pending[0]?.id]);
    });

    it("answers the call with an error when the loop has no approvals: interrupt", async () => {
      const ran: string[] = [];
      const pause: Middleware = async (call, next) => {
        if (call.name === "Write") throw new ApprovalInterrupt(call);
        return next(call);
      };
      const { server, loop } = await setup({
        registry: registryOf(echo("echo"), writer(ran)),
        middleware: [pause],
      });
      await loop.run("go");
      expect(server.requests[1]?.toolResults[1]?.text).toBe(
        `Execution error: a layer asked to pause at 'Write' for approval, but the loop was not created with \`approvals: "interrupt"\`\nRead the error, change the arguments or the approach, and do not repeat the same call unchanged.`,
      );
      expect(ran).toEqual([]);
    });
  });

  describe("when a saved call was left running by a process that died", () => {
    it.each([
      [false, [], "Execution error: the call to 'Write' was interrupted"],
      [true, ["b"], "wrote b"],
    ])("re-runs it only when the tool is idempotent (%s)", async (idempotent, expectedRan, text) => {
      const { loop } = await setup({
        registry: registryOf(echo("echo"), writer([])),
        approvals: "interrupt",
        needsApproval: (call) => call.name === "Write",
      });
      const state = interrupted(await loop.run("go")).state;
      const write = state.pending?.calls.find((c) => c.name === "Write");
      if (write) write.status = "running";
      const ran: string[] = [];
      const server = await ScriptedModelServer.start({ script: script().slice(1) });
      servers.push(server);
      const fresh = new BareLoop({
        model: client(server),
        registry: registryOf(echo("echo"), writer(ran).idempotent(idempotent)),
        isNonInteractive: true,
      });
      loops.push(fresh);
      done(await fresh.resume(state));
      expect(ran).toEqual([...expectedRan, "c"]);
      expect(server.requests[0]?.toolResults[1]?.text.startsWith(text)).toBe(true);
    });
  });

  describe("when the state does not fit", () => {
    it("refuses a registry whose tool changed, naming it", async () => {
      const { loop } = await setup({
        registry: registryOf(echo("echo"), writer([])),
        approvals: "interrupt",
      });
      const first = interrupted(await loop.run("go"));
      const changed = registryOf(
        echo("echo"),
        new FnTool("Write", "Writes v, now elsewhere.", { type: "object" }, () => "x"),
      );
      const fresh = new BareLoop({ model: client(servers[0] as ScriptedModelServer), registry: changed });
      loops.push(fresh);
      const error = await fresh.resume(first.state).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RunStateError);
      expect(error).toMatchObject({
        field: "tools",
        message:
          "RunState: the registry differs from the one the run started with (changed: Write); resume with the same tools",
      });
    });
  });
});

describe("BareLoop redactOutputs", () => {
  it.each([
    [true, "key=[REDACTED:aws-access-key-id]"],
    [false, "key=AKIAABCDEFGHIJKLMNOP"],
  ])("stores tool outputs redacted only when asked (%s)", async (redactOutputs, stored) => {
    const server = await ScriptedModelServer.start({ script: script() });
    servers.push(server);
    const leaky = new FnTool("echo", "Leaks.", { type: "object" }, () => "key=AKIAABCDEFGHIJKLMNOP");
    const loop = new BareLoop({
      model: DIALECTS[0]?.client(server) as never,
      registry: registryOf(leaky as never, writer([])),
      approvals: "interrupt",
      needsApproval: (call) => call.name === "Write",
      redactOutputs,
    });
    loops.push(loop);
    const { state } = interrupted(await loop.run("go"));
    expect(state.pending?.calls[0]?.result?.parts).toEqual([{ type: "text", text: stored }]);
  });
});

describe("parseRunState", () => {
  const base = async (): Promise<RunState> => {
    const server = await ScriptedModelServer.start({ script: script() });
    servers.push(server);
    const loop = new BareLoop({
      model: DIALECTS[0]?.client(server) as never,
      registry: registryOf(echo("echo"), writer([])),
      approvals: "interrupt",
      needsApproval: (call) => call.name === "Write",
      isNonInteractive: true,
    });
    loops.push(loop);
    return interrupted(await loop.run("go")).state;
  };

  describe("when the state is from a newer version", () => {
    it("refuses it naming both versions", async () => {
      const state = { ...(await base()), schemaVersion: 2 };
      expect(() => parseRunState(state)).toThrow(
        "RunState: `schemaVersion` 2 is newer than this @toolkit/loop reads (1); upgrade @toolkit/loop to resume it",
      );
    });
  });

  describe("when a field is wrong", () => {
    it.each([
      [(s: Record<string, unknown>) => ({ ...s, turn: -1 }), "`turn`", "-1"],
      [
        (s: Record<string, unknown>) => ({ ...s, messages: [{ role: "system", parts: [] }] }),
        "`messages.0.role`",
        "",
      ],
      [(s: Record<string, unknown>) => ({ ...s, apiKey: "sk-secret" }), "`(root)`", ""],
    ])("names the field (%#)", async (mutate, field, arrived) => {
      const state = mutate((await base()) as unknown as Record<string, unknown>);
      expect(() => parseRunState(state)).toThrow(field);
      if (arrived) expect(() => parseRunState(state)).toThrow(`got ${arrived}`);
    });

    it("refuses text that is not JSON", () => {
      expect(() => parseRunState("{")).toThrow(/^RunState: not JSON/);
    });
  });

  describe("when decisions name calls that do not wait", () => {
    it("throws listing the calls that do", async () => {
      const state = await base();
      const server = await ScriptedModelServer.start({ script: [] });
      servers.push(server);
      const loop = new BareLoop({
        model: DIALECTS[0]?.client(server) as never,
        registry: registryOf(echo("echo"), writer([])),
        approvals: "interrupt",
      });
      loops.push(loop);
      const waiting = state.pending?.calls.find((c) => c.status === "awaiting-approval")?.id;
      await expect(loop.resume(state, { decisions: { nope: "approve" } })).rejects.toThrow(
        `BareLoop.resume: \`decisions\` names call "nope", which is not awaiting approval (awaiting: ${waiting})`,
      );
      await expect(loop.resume(state, { decisions: { [waiting ?? ""]: "yes" as never } })).rejects.toThrow(
        `BareLoop.resume: \`decisions.${waiting}\` must be "approve", "reject" or { edit: input }, got "yes"`,
      );
    });
  });
});
